import type { CreatedWebhookEndpoint, WebhookDelivery, WebhookEndpoint } from '@store/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { setupAdminApi, signInAsAdmin } from '../../test/fake-api.ts';
import { renderApp } from '../../test/render.tsx';

const api = setupAdminApi();

const CRM_ID = 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbb1';
const SECRET = 'whsec_c2VjcmV0LXNpZ25pbmcta2V5LW9mLXRoZS1jcm0tZW5kcG9pbnQ=';

function anEndpoint(overrides: Partial<WebhookEndpoint> = {}): WebhookEndpoint {
  return {
    id: CRM_ID,
    url: 'https://crm.example.com/hooks/store',
    description: 'CRM',
    events: ['order.paid', 'order.refunded'],
    enabled: true,
    disabled_reason: null,
    secret_prefix: 'whsec_c2Vj',
    created_at: '2026-11-28T09:00:00.000Z',
    pending_deliveries: 0,
    last_delivery_at: null,
    ...overrides,
  };
}

function aDelivery(overrides: Partial<WebhookDelivery> = {}): WebhookDelivery {
  return {
    id: 'cccccccc-cccc-4ccc-8ccc-ccccccccccc1',
    endpoint_id: CRM_ID,
    event_id: 'evt_01JF0000000000000000000001',
    event_type: 'order.paid',
    status: 'delivered',
    attempts: 1,
    next_attempt_at: null,
    last_status_code: 200,
    last_error: null,
    last_duration_ms: 42,
    created_at: '2026-12-01T08:30:00.000Z',
    delivered_at: '2026-12-01T08:30:01.000Z',
    ...overrides,
  };
}

const CRM = anEndpoint({ pending_deliveries: 2, last_delivery_at: '2026-12-01T08:30:00.000Z' });
const PAUSED = anEndpoint({
  id: 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbb2',
  url: 'https://licences.example.com/store-events',
  description: 'Licence server',
  events: ['license.activated'],
  enabled: false,
});
const BROKEN = anEndpoint({
  id: 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbb3',
  url: 'https://old.example.com/hook',
  description: '',
  events: ['review.created'],
  enabled: false,
  disabled_reason: 'Failing for 3 days',
});

/** The endpoints as the API keeps them: added ones at the top, changed ones replaced, removed ones gone. */
function webhooksApi(initial: WebhookEndpoint[]) {
  let endpoints = [...initial];
  api.on('adminListWebhooks', () => ({ endpoints }));
  api.on('adminCreateWebhook', ({ body }): CreatedWebhookEndpoint => {
    const endpoint = anEndpoint({
      id: 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbb9',
      url: body.url,
      description: body.description ?? '',
      events: body.events,
      enabled: body.enabled ?? true,
    });
    endpoints = [endpoint, ...endpoints];
    return { endpoint, secret: SECRET };
  });
  api.on('adminUpdateWebhook', ({ params, body }) => {
    const old = endpoints.find((endpoint) => endpoint.id === params.id) ?? anEndpoint();
    const changed = { ...old, ...body, description: body.description ?? '', enabled: body.enabled ?? true, disabled_reason: null };
    endpoints = endpoints.map((endpoint) => (endpoint.id === params.id ? changed : endpoint));
    return changed;
  });
  api.on('adminDeleteWebhook', ({ params }) => {
    endpoints = endpoints.filter((endpoint) => endpoint.id !== params.id);
    return null;
  });
}

const rowOf = (text: string) => {
  const row = screen.getAllByText(text)[0]?.closest('tr');
  if (!row) throw new Error(`No row for ${text}`);
  return row;
};

describe('the Webhooks screen', { timeout: 30_000 }, () => {
  beforeEach(() => {
    signInAsAdmin(api);
  });

  it('lists each endpoint with its address, events, state (On, Off, Turned off with the reason), pending deliveries and last delivery', async () => {
    webhooksApi([CRM, PAUSED, BROKEN]);
    renderApp('/admin/webhooks');

    expect(await screen.findByRole('heading', { level: 1, name: 'Webhooks' })).toBeInTheDocument();
    await screen.findByText('https://crm.example.com/hooks/store');
    expect(screen.getByText('3 endpoints')).toBeInTheDocument();

    const crm = rowOf('https://crm.example.com/hooks/store');
    expect(within(crm).getByText('https://crm.example.com/hooks/store')).toHaveAttribute('title', 'https://crm.example.com/hooks/store');
    expect(within(crm).getByText('CRM')).toBeInTheDocument();
    const events = within(crm).getByRole('list', { name: 'Events sent to CRM' });
    expect(within(events).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['order.paid', 'order.refunded']);
    expect(within(events).getByText('order.paid')).toHaveAttribute('title', 'An order is paid');
    expect(within(crm).getByText('On')).toBeInTheDocument();
    expect(crm.querySelector('td[data-label="State"]')).toHaveTextContent('2 pending');
    expect(crm.querySelector('td[data-label="Last delivery"] time')).toHaveAttribute('datetime', '2026-12-01T08:30:00.000Z');
    for (const action of ['Deliveries to CRM', 'Send test to CRM', 'Edit CRM', 'Remove CRM']) {
      expect(within(crm).getByRole('button', { name: action })).toBeInTheDocument();
    }

    const paused = rowOf('https://licences.example.com/store-events');
    expect(within(paused).getByText('Off')).toBeInTheDocument();
    expect(paused.querySelector('td[data-label="Last delivery"]')).toHaveTextContent('Never');

    // Without a description an endpoint is named by its address.
    const broken = rowOf('https://old.example.com/hook');
    expect(within(broken).getByText('Turned off: Failing for 3 days')).toBeInTheDocument();
    expect(within(broken).getByRole('button', { name: 'Edit https://old.example.com/hook' })).toBeInTheDocument();

    // How events are sent and signed, what happens to failures, and where the API is described.
    expect(screen.getByText('webhook-signature', { selector: 'p code' })).toBeInTheDocument();
    expect(screen.getByText(/tried again with growing pauses for 3 days/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'the API document' }).getAttribute('href')).toMatch(/\/api\/docs$/);
    const nav = within(screen.getByRole('navigation', { name: 'Admin' }));
    expect(nav.getByRole('link', { name: 'Webhooks' })).toHaveAttribute('href', '/admin/webhooks');
    const links = nav.getAllByRole('link').map((link) => link.textContent);
    expect(links.indexOf('Webhooks')).toBe(links.indexOf('API keys') + 1);
  });

  it('refuses an endpoint without an address, with a wrong one or without events, then adds it and shows its secret once', async () => {
    webhooksApi([]);
    const user = userEvent.setup();
    renderApp('/admin/webhooks');
    expect(await screen.findByText('No webhook endpoints')).toBeInTheDocument();

    const add = screen.getByRole('button', { name: 'Add endpoint' });
    await user.click(add);
    const dialog = await screen.findByRole('dialog', { name: 'Add endpoint' });
    expect(within(dialog).getByRole('checkbox', { name: 'On: send events to this endpoint' })).toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Add endpoint' }));
    expect(await within(dialog).findByText('Enter the address the store sends events to')).toBeInTheDocument();
    expect(within(dialog).getByText('Choose at least one event')).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Address' })).toHaveFocus();

    await user.type(within(dialog).getByRole('textbox', { name: 'Address' }), 'crm.example.com/hooks');
    await user.click(within(dialog).getByRole('button', { name: 'Add endpoint' }));
    expect(await within(dialog).findByText('Enter an http(s) address')).toBeInTheDocument();

    await user.clear(within(dialog).getByRole('textbox', { name: 'Address' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Address' }), ' https://crm.example.com/hooks/store ');
    await user.type(within(dialog).getByRole('textbox', { name: 'Description' }), 'CRM');
    await user.click(within(dialog).getByRole('button', { name: 'Add endpoint' }));
    // The address is fine now: the focus goes to the events, still missing.
    await waitFor(() => expect(within(dialog).getByRole('group', { name: 'Events to send' })).toHaveFocus());
    expect(within(dialog).queryByText('Enter an http(s) address')).toBeNull();
    expect(within(dialog).getByRole('group', { name: 'Events to send' })).toHaveAccessibleDescription('Choose at least one event');
    expect(api.calls('adminCreateWebhook')).toHaveLength(0);

    await user.click(within(dialog).getByRole('checkbox', { name: /An order is refunded/ }));
    await user.click(within(dialog).getByRole('checkbox', { name: /An order is paid/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Add endpoint' }));

    await waitFor(() => expect(api.calls('adminCreateWebhook')).toHaveLength(1));
    expect(api.calls('adminCreateWebhook')[0]?.body).toEqual({
      url: 'https://crm.example.com/hooks/store',
      description: 'CRM',
      events: ['order.paid', 'order.refunded'],
      enabled: true,
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText('Endpoint CRM added')).toBeInTheDocument();

    const panel = screen.getByRole('region', { name: 'Signing secret of CRM' });
    const secret = within(panel).getByLabelText('Signing secret');
    expect(secret).toHaveValue(SECRET);
    expect(secret).toHaveAttribute('readonly');
    expect(secret).toHaveFocus();
    expect(secret).toHaveAccessibleDescription(/Copy it now: it will not be shown again/);
    expect(await screen.findByText('1 endpoint')).toBeInTheDocument();

    await user.click(within(panel).getByRole('button', { name: 'Copy' }));
    expect(await screen.findByText('Copied')).toBeInTheDocument();
    await expect(navigator.clipboard.readText()).resolves.toBe(SECRET);

    await user.click(within(panel).getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('region', { name: /Signing secret/ })).toBeNull();
    expect(document.body).not.toHaveTextContent(SECRET);
    await waitFor(() => expect(add).toHaveFocus());
  });

  it("shows the server's reason when it refuses the address, and keeps what was typed", async () => {
    webhooksApi([]);
    api.on('adminCreateWebhook', api.error(400, 'The store does not send to private addresses', 'webhook_url_not_allowed'));
    const user = userEvent.setup();
    renderApp('/admin/webhooks');
    await screen.findByText('No webhook endpoints');

    await user.click(screen.getByRole('button', { name: 'Add endpoint' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add endpoint' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Address' }), 'http://10.0.0.5/hook');
    await user.click(within(dialog).getByRole('checkbox', { name: /A buyer reviews a product/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Add endpoint' }));

    expect(await screen.findByText(/The store does not send to private addresses/)).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Address' })).toHaveValue('http://10.0.0.5/hook');
    expect(screen.queryByLabelText('Signing secret')).toBeNull();
  });

  it('edits an endpoint with the whole body (PUT), turning a turned-off one on again', async () => {
    webhooksApi([CRM, BROKEN]);
    const user = userEvent.setup();
    renderApp('/admin/webhooks');
    await screen.findByText('https://old.example.com/hook');

    const edit = within(rowOf('https://old.example.com/hook')).getByRole('button', { name: 'Edit https://old.example.com/hook' });
    await user.click(edit);
    const dialog = await screen.findByRole('dialog', { name: 'Edit endpoint' });
    expect(within(dialog).getByText('The store turned this endpoint off')).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Address' })).toHaveValue('https://old.example.com/hook');
    expect(within(dialog).getByRole('checkbox', { name: /A buyer reviews a product/ })).toBeChecked();
    const on = within(dialog).getByRole('checkbox', { name: 'On: send events to this endpoint' });
    expect(on).not.toBeChecked();

    await user.type(within(dialog).getByRole('textbox', { name: 'Description' }), 'Reviews bot');
    await user.click(within(dialog).getByRole('checkbox', { name: /A subscription starts/ }));
    await user.click(on);
    await user.click(within(dialog).getByRole('button', { name: 'Save endpoint' }));

    await waitFor(() => expect(api.calls('adminUpdateWebhook')).toHaveLength(1));
    expect(api.calls('adminUpdateWebhook')[0]).toMatchObject({
      method: 'PUT',
      params: { id: BROKEN.id },
      body: { url: 'https://old.example.com/hook', description: 'Reviews bot', events: ['review.created', 'subscription.activated'], enabled: true },
    });
    expect(await screen.findByText('Endpoint Reviews bot saved')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const row = rowOf('https://old.example.com/hook');
    expect(within(row).getByText('On')).toBeInTheDocument();
    expect(within(row).getByRole('list', { name: 'Events sent to Reviews bot' })).toHaveTextContent('subscription.activated');
    // The Edit button is named by the new description now, and has the focus back.
    await waitFor(() => expect(within(row).getByRole('button', { name: 'Edit Reviews bot' })).toHaveFocus());
  });

  it('removes an endpoint only once staff confirm (DELETE)', async () => {
    webhooksApi([CRM, PAUSED]);
    const user = userEvent.setup();
    renderApp('/admin/webhooks');
    await screen.findByText('https://crm.example.com/hooks/store');

    const remove = within(rowOf('https://crm.example.com/hooks/store')).getByRole('button', { name: 'Remove CRM' });
    await user.click(remove);
    let dialog = await screen.findByRole('dialog', { name: 'Remove CRM?' });
    expect(within(dialog).getByText(/Removing cannot be undone/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(remove).toHaveFocus());
    expect(api.calls('adminDeleteWebhook')).toHaveLength(0);

    await user.click(remove);
    dialog = await screen.findByRole('dialog', { name: 'Remove CRM?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove endpoint' }));

    await waitFor(() => expect(api.calls('adminDeleteWebhook')).toHaveLength(1));
    expect(api.calls('adminDeleteWebhook')[0]).toMatchObject({ method: 'DELETE', params: { id: CRM_ID } });
    expect(await screen.findByText('Endpoint CRM removed')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('https://crm.example.com/hooks/store')).toBeNull());
    expect(screen.getByText('1 endpoint')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Add endpoint' })).toHaveFocus());
  });

  it('does not ask again for the deliveries of an endpoint removed while they were open (the API would answer 404)', async () => {
    webhooksApi([CRM, PAUSED]);
    api.on('adminListWebhookDeliveries', { deliveries: [aDelivery()] });
    const user = userEvent.setup();
    renderApp('/admin/webhooks');
    await screen.findByText('https://crm.example.com/hooks/store');

    await user.click(screen.getByRole('button', { name: 'Deliveries to CRM' }));
    await screen.findByRole('region', { name: 'Deliveries to CRM' });
    await waitFor(() => expect(api.calls('adminListWebhookDeliveries')).toHaveLength(1));

    await user.click(within(rowOf('https://crm.example.com/hooks/store')).getByRole('button', { name: 'Remove CRM' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove CRM?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove endpoint' }));
    expect(await screen.findByText('Endpoint CRM removed')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Deliveries to CRM' })).toBeNull());
    // The list is asked again (another instance may have changed it); the removed endpoint's deliveries are not.
    await waitFor(() => expect(api.calls('adminListWebhooks').length).toBeGreaterThanOrEqual(2));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(api.calls('adminListWebhookDeliveries')).toHaveLength(1);
  });

  it("lists an endpoint's deliveries and resends one, the row replaced by the answer", async () => {
    webhooksApi([CRM]);
    const failed = aDelivery({
      id: 'cccccccc-cccc-4ccc-8ccc-ccccccccccc2',
      event_id: 'evt_01JF0000000000000000000002',
      event_type: 'order.refunded',
      status: 'failed',
      attempts: 9,
      last_status_code: null,
      last_error: 'Connection refused',
      last_duration_ms: null,
      delivered_at: null,
    });
    const delivered = aDelivery();
    api.on('adminListWebhookDeliveries', { deliveries: [failed, delivered] });
    api.on('adminResendWebhookDelivery', ({ params }) =>
      aDelivery({ ...failed, id: params.deliveryId, status: 'delivered', attempts: 10, last_status_code: 204, last_error: null, last_duration_ms: 17, delivered_at: '2026-12-03T10:00:00.000Z' }),
    );
    const user = userEvent.setup();
    renderApp('/admin/webhooks');
    await screen.findByText('https://crm.example.com/hooks/store');

    const open = screen.getByRole('button', { name: 'Deliveries to CRM' });
    await user.click(open);
    const panel = await screen.findByRole('region', { name: 'Deliveries to CRM' });
    await waitFor(() => expect(within(panel).getByRole('heading', { name: 'Deliveries to CRM' })).toHaveFocus());
    await within(panel).findByText('evt_01JF0000000000000000000002');
    expect(api.calls('adminListWebhookDeliveries')[0]).toMatchObject({ params: { id: CRM_ID } });

    const failedRow = rowOf('evt_01JF0000000000000000000002');
    expect(within(failedRow).getByText('order.refunded')).toHaveAttribute('title', 'An order is refunded');
    expect(within(failedRow).getByText('Failed')).toBeInTheDocument();
    expect(failedRow.querySelector('td[data-label="Result"] [data-attempts]')).toHaveTextContent('9 attempts');
    expect(failedRow.querySelector('td[data-label="Result"] [data-answer]')).toHaveTextContent('No answer');
    expect(within(failedRow).getByText('Connection refused')).toHaveAttribute('title', 'Connection refused');
    expect(failedRow.querySelector('td[data-label="Delivered"]')).toHaveTextContent('Never');

    const deliveredRow = rowOf('evt_01JF0000000000000000000001');
    expect(within(deliveredRow).getByText('Delivered')).toBeInTheDocument();
    expect(deliveredRow.querySelector('td[data-label="Result"] [data-answer]')).toHaveTextContent('HTTP 200');
    expect(deliveredRow.querySelector('td[data-label="Result"] [data-took]')).toHaveTextContent('42 ms');
    expect(deliveredRow.querySelector('td[data-label="Created"] time')).toHaveAttribute('datetime', '2026-12-01T08:30:00.000Z');
    expect(deliveredRow.querySelector('td[data-label="Delivered"] time')).toHaveAttribute('datetime', '2026-12-01T08:30:01.000Z');

    await user.click(within(failedRow).getByRole('button', { name: 'Resend order.refunded evt_01JF0000000000000000000002' }));
    await waitFor(() => expect(api.calls('adminResendWebhookDelivery')).toHaveLength(1));
    expect(api.calls('adminResendWebhookDelivery')[0]).toMatchObject({
      method: 'POST',
      params: { id: CRM_ID, deliveryId: 'cccccccc-cccc-4ccc-8ccc-ccccccccccc2' },
    });
    expect(await screen.findByText('Resent event delivered: the endpoint answered 204')).toBeInTheDocument();
    const resent = rowOf('evt_01JF0000000000000000000002');
    expect(within(resent).getByText('Delivered')).toBeInTheDocument();
    expect(resent.querySelector('td[data-label="Result"] [data-answer]')).toHaveTextContent('HTTP 204');
    expect(resent.querySelector('td[data-label="Result"] [data-attempts]')).toHaveTextContent('10 attempts');

    await user.click(within(panel).getByRole('button', { name: 'Close deliveries' }));
    expect(screen.queryByRole('region', { name: 'Deliveries to CRM' })).toBeNull();
    await waitFor(() => expect(open).toHaveFocus());
  });

  it('sends a test event and says how it went, refreshing the open deliveries', async () => {
    webhooksApi([CRM]);
    const test = aDelivery({ id: 'cccccccc-cccc-4ccc-8ccc-ccccccccccc7', event_id: 'evt_test_1', event_type: 'webhook.test', last_status_code: 202 });
    let deliveries: WebhookDelivery[] = [];
    api.on('adminListWebhookDeliveries', () => ({ deliveries }));
    api.on('adminTestWebhook', () => {
      deliveries = [test, ...deliveries];
      return test;
    });
    const user = userEvent.setup();
    renderApp('/admin/webhooks');
    await screen.findByText('https://crm.example.com/hooks/store');

    await user.click(screen.getByRole('button', { name: 'Deliveries to CRM' }));
    const panel = await screen.findByRole('region', { name: 'Deliveries to CRM' });
    expect(await within(panel).findByText('No deliveries yet')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Send test to CRM' }));
    await waitFor(() => expect(api.calls('adminTestWebhook')).toHaveLength(1));
    expect(api.calls('adminTestWebhook')[0]).toMatchObject({ method: 'POST', params: { id: CRM_ID } });
    expect(await screen.findByText('Test event delivered: the endpoint answered 202')).toBeInTheDocument();
    expect(await within(panel).findByText('evt_test_1')).toBeInTheDocument();
    expect(within(panel).getByText('webhook.test')).toHaveAttribute('title', 'A test sent by staff');

    // A receiver that cannot be reached: the toast says why.
    api.on('adminTestWebhook', () =>
      aDelivery({ id: 'cccccccc-cccc-4ccc-8ccc-ccccccccccc8', event_type: 'webhook.test', status: 'failed', last_status_code: null, last_error: 'Timed out after 10 s', delivered_at: null }),
    );
    await user.click(within(panel).getByRole('button', { name: 'Send test event' }));
    expect(await screen.findByText('Test event failed: Timed out after 10 s')).toBeInTheDocument();
  });
});
