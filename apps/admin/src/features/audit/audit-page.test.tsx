import { ORDER_ID, PRODUCT_ID, USER_ID, anAuditEntry, type FakeCall } from '@store/api-fake';
import { AUDIT_ACTIONS, SECRET_MASK, routeNames, routes, type AuditEntry, type AuditLog } from '@store/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { setupAdminApi, signInAsAdmin } from '../../test/fake-api.ts';
import { renderApp } from '../../test/render.tsx';
import { orderRef } from '../site/format.ts';
import { AUDIT_LOAD_FAILED } from './audit-page.tsx';
import { auditQuery, validateAuditSearch } from './search.ts';

const api = setupAdminApi();

const EDITED = anAuditEntry({
  at: '2026-11-28T10:15:00.000Z',
  changes: {
    price: { before: 49.99, after: 39.99 },
    description: { before: 'Old words', after: '<img src=x onerror="alert(1)"> <b>new</b>\nsecond line' },
    features: { before: ['Fast'], after: ['Fast', 'Offline'] },
  },
});
const REFUSED = anAuditEntry({
  at: '2026-11-28T09:00:00.000Z',
  actor_username: 'mallory',
  action: 'adminSetOrderStatus',
  method: 'PATCH',
  path: `/api/admin/orders/${ORDER_ID}/status`,
  target_type: 'orders',
  target_id: ORDER_ID,
  target_label: '#abcdef12',
  ip: '198.51.100.4',
  status_code: 409,
  error_code: 'invalid_status_change',
  changes: null,
});
const SETTINGS = anAuditEntry({
  at: '2026-11-27T18:30:00.000Z',
  action: 'adminUpdateSettings',
  method: 'PUT',
  path: '/api/admin/settings',
  target_type: 'settings',
  target_id: null,
  target_label: null,
  changes: {
    smtp_password: { before: '', after: SECRET_MASK, masked: true },
    paypal_client_secret: { before: SECRET_MASK, after: SECRET_MASK, masked: true },
    site_name: { before: 'Acme Keys', after: 'Acme Keys & Co' },
  },
});
const DEACTIVATED = anAuditEntry({
  at: '2026-11-26T08:00:00.000Z',
  action: 'adminSetUserActive',
  method: 'PATCH',
  path: `/api/admin/users/${USER_ID}`,
  target_type: 'users',
  target_id: USER_ID,
  target_label: 'alice',
  changes: { is_active: { before: true, after: false } },
});

/** GET /admin/audit over the given entries (newest first, as the API answers) with its actor, action, target, result and paging. */
function auditApi(entries: AuditEntry[]) {
  return ({ query }: FakeCall<'adminListAudit'>): AuditLog => {
    const matching = entries.filter(
      (entry) =>
        (!query.actor || entry.actor_username?.toLowerCase() === query.actor.toLowerCase()) &&
        (!query.action || entry.action === query.action) &&
        (!query.area || entry.action_area === query.area) &&
        (!query.target_type || entry.target_type === query.target_type) &&
        (!query.target_id || entry.target_id === query.target_id) &&
        (!query.result || (query.result === 'done') === entry.status_code < 400),
    );
    const offset = query.offset ?? 0;
    return { entries: matching.slice(offset, offset + (query.limit ?? 50)), total: matching.length, actions: AUDIT_ACTIONS };
  };
}

/** The button that opens the product edit's entry: found in the table only (the action filter names the action too). */
const EDITED_BUTTON = /^Show the changes of Edited product/;

function rowOf(actionLabel: string): HTMLElement {
  const row = within(screen.getByRole('table', { name: 'Audit trail' }))
    .getAllByText(actionLabel)[0]
    ?.closest('tr');
  if (!row) throw new Error(`No row for ${actionLabel}`);
  return row;
}

describe('the audit screen', () => {
  beforeEach(() => {
    signInAsAdmin(api);
  });

  it('lists the changes newest first: when, who, the action in words, the target with its link, the address and the result', async () => {
    api.on('adminListAudit', auditApi([EDITED, REFUSED, SETTINGS, DEACTIVATED]));
    renderApp('/admin/audit');

    expect(await screen.findByRole('heading', { level: 1, name: 'Audit' })).toBeInTheDocument();
    await screen.findByRole('button', { name: EDITED_BUTTON });
    expect(screen.getByText('4 entries')).toBeInTheDocument();
    const rows = within(screen.getByRole('table', { name: 'Audit trail' }))
      .getAllByRole('row')
      .slice(1);
    // The action in the contract's words only: never the route's name or its summary.
    expect(rows.map((row) => within(row).getAllByRole('cell')[2]?.textContent)).toEqual([
      'Edited product',
      'Changed order status',
      'Updated site settings',
      'Activated or deactivated account',
    ]);
    expect(rows.map((row) => within(row).getAllByRole('cell')[3]?.textContent)).toEqual([
      'ProductVector Studio ProHistory',
      `Order${orderRef(ORDER_ID)}History`,
      'Site settingsOpen settings',
      'AccountaliceHistory',
    ]);
    const text = document.body.textContent ?? '';
    expect(text).not.toMatch(/\b(admin|twoFactor)[A-Z]\w+/);
    for (const name of routeNames) expect(text).not.toContain(routes[name].summary);

    const edited = within(rowOf('Edited product'));
    expect(edited.getByText('28. nov 2026. 10:15', { exact: false })).toBeInTheDocument();
    expect(edited.getByText('admin')).toBeInTheDocument();
    expect(edited.getByText('203.0.113.7')).toBeInTheDocument();
    expect(edited.getByText('Done')).toHaveAttribute('data-tone', 'green');
    expect(edited.getByRole('link', { name: 'Vector Studio Pro' })).toHaveAttribute('href', '/admin/products?search=Vector+Studio+Pro');
    expect(edited.getByRole('link', { name: 'History of product Vector Studio Pro' })).toHaveAttribute(
      'href',
      `/admin/audit?target_type=products&target_id=${PRODUCT_ID}`,
    );

    const refused = within(rowOf('Changed order status'));
    expect(refused.getByText('mallory')).toBeInTheDocument();
    expect(refused.getByText('Refused (409)')).toHaveAttribute('data-tone', 'orange');
    expect(refused.getByText('invalid_status_change')).toHaveAttribute('title', 'invalid_status_change');
    expect(refused.getByRole('link', { name: orderRef(ORDER_ID) })).toHaveAttribute('href', `/admin/orders?search=${ORDER_ID}`);
    expect(within(rowOf('Updated site settings')).getByRole('link', { name: 'Open settings' })).toHaveAttribute('href', '/admin/settings');
    expect(within(rowOf('Activated or deactivated account')).getByRole('link', { name: 'alice' })).toHaveAttribute(
      'href',
      '/admin/users?search=alice',
    );

    expect(api.calls('adminListAudit')[0]?.query).toEqual({ limit: 100, offset: 0 });
    expect(screen.getByRole('navigation', { name: 'Admin' })).toContainElement(screen.getByRole('link', { name: 'Audit' }));
    await waitFor(() => expect(document.title).toBe('Audit · Acme Keys Admin'));
  });

  it('shows an orders export with the orders it handed out, and its filter when opened', async () => {
    const exported = anAuditEntry({
      at: '2026-11-28T11:00:00.000Z',
      action: 'adminExportOrders',
      method: 'GET',
      path: '/api/admin/orders/export.csv',
      target_type: 'orders',
      target_id: null,
      target_label: '1250 orders',
      changes: {
        search: { after: '@example.com' },
        status: { after: 'completed' },
        dispute: { after: null },
        rows: { after: 1250 },
        complete: { after: true },
      },
    });
    api.on('adminListAudit', auditApi([exported, EDITED]));
    renderApp('/admin/audit');

    const row = within(await waitFor(() => rowOf('Exported orders')));
    expect(row.getByText('Order')).toBeInTheDocument();
    expect(row.getByText('1250 orders')).toBeInTheDocument();
    await userEvent.click(row.getByRole('button', { name: /^Show the changes of Exported orders/ }));
    const changes = within(await screen.findByRole('table', { name: 'Changes' }));
    expect(within(changes.getByRole('rowheader', { name: 'search' }).closest('tr')!).getByText('@example.com')).toBeInTheDocument();
    expect(within(changes.getByRole('rowheader', { name: 'rows' }).closest('tr')!).getByText('1250')).toBeInTheDocument();
    expect(within(changes.getByRole('rowheader', { name: 'complete' }).closest('tr')!).getByText('yes')).toBeInTheDocument();
  });

  it('opens an entry to its changes before and after, as plain text, and closes it again', async () => {
    const user = userEvent.setup();
    api.on('adminListAudit', auditApi([EDITED, REFUSED]));
    renderApp('/admin/audit');

    const show = await screen.findByRole('button', { name: /^Show the changes of Edited product/ });
    expect(show).toHaveAttribute('aria-expanded', 'false');
    await user.click(show);
    expect(show).toHaveAttribute('aria-expanded', 'true');
    const changes = screen.getByRole('table', { name: 'Changes' });
    const price = within(changes).getByRole('rowheader', { name: 'price' }).closest('tr')!;
    expect(
      within(price)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['49.99', '39.99']);
    const description = within(changes).getByRole('rowheader', { name: 'description' }).closest('tr')!;
    expect(within(description).getAllByRole('cell')[1]?.textContent).toBe('<img src=x onerror="alert(1)"> <b>new</b>\nsecond line');
    expect(changes.querySelector('img, b')).toBeNull();
    const features = within(changes).getByRole('rowheader', { name: 'features' }).closest('tr')!;
    expect(within(features).getAllByRole('cell')[1]?.textContent).toBe('[\n  "Fast",\n  "Offline"\n]');
    expect(screen.getByText(`PUT /api/admin/products/${PRODUCT_ID}`)).toBeInTheDocument();
    expect(screen.getByText('Browser: Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /^Show the changes of Changed order status/ }));
    expect(screen.getByText('Nothing was changed.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /^Hide the changes of Edited product/ }));
    expect(screen.queryByRole('rowheader', { name: 'price' })).toBeNull();
  });

  it('shows a secret only as set, not set or replaced, never a value', async () => {
    const user = userEvent.setup();
    api.on('adminListAudit', auditApi([SETTINGS]));
    renderApp('/admin/audit');

    await user.click(await screen.findByRole('button', { name: /^Show the changes of Updated site settings/ }));
    const changes = screen.getByRole('table', { name: 'Changes' });
    const cells = (field: string) =>
      within(
        within(changes)
          .getByRole('rowheader', { name: new RegExp(`^${field}`) })
          .closest('tr')!,
      )
        .getAllByRole('cell')
        .map((cell) => cell.textContent);
    expect(cells('smtp password')).toEqual(['not set', 'set (hidden)']);
    expect(cells('paypal client secret')).toEqual(['set (hidden)', 'replaced (hidden)']);
    expect(cells('site name')).toEqual(['Acme Keys', 'Acme Keys & Co']);
    expect(within(changes).getAllByText('Secret: its value is never recorded')).toHaveLength(2);
    expect(changes.textContent).not.toContain(SECRET_MASK);
  });

  it('filters by staff member, action, days and result through the address, and pages', async () => {
    const user = userEvent.setup();
    api.on('adminListAudit', auditApi([EDITED, REFUSED, SETTINGS, DEACTIVATED]));
    const { router } = renderApp('/admin/audit');
    await screen.findByRole('button', { name: EDITED_BUTTON });

    await user.type(screen.getByLabelText('Staff member'), 'Mallory');
    await waitFor(() => expect(router.state.location.search).toEqual({ actor: 'Mallory' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: EDITED_BUTTON })).toBeNull());
    expect(screen.getByText('1 entry')).toBeInTheDocument();
    expect(api.calls('adminListAudit').at(-1)?.query).toEqual({ actor: 'Mallory', limit: 100, offset: 0 });

    await user.clear(screen.getByLabelText('Staff member'));
    await waitFor(() => expect(router.state.location.search).toEqual({}));
    await user.selectOptions(screen.getByLabelText('Action'), 'adminUpdateSettings');
    await waitFor(() => expect(router.state.location.search).toEqual({ action: 'adminUpdateSettings' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: EDITED_BUTTON })).toBeNull());

    await user.selectOptions(screen.getByLabelText('Result'), 'refused');
    await waitFor(() =>
      expect(api.calls('adminListAudit').at(-1)?.query).toMatchObject({ action: 'adminUpdateSettings', result: 'refused' }),
    );
    expect(await screen.findByText('No entries found')).toBeInTheDocument();

    await user.type(screen.getByLabelText('From'), '2026-11-01');
    await user.type(screen.getByLabelText('To'), '2026-11-30');
    await waitFor(() =>
      expect(router.state.location.search).toEqual({
        action: 'adminUpdateSettings',
        result: 'refused',
        from: '2026-11-01',
        to: '2026-11-30',
      }),
    );
    expect(api.calls('adminListAudit').at(-1)?.query).toMatchObject({
      from: new Date(2026, 10, 1).toISOString(),
      to: new Date(2026, 11, 1).toISOString(),
    });
  });

  it('lists the actions in words grouped by area, each area with an option for all of its actions, filtered on the server', async () => {
    const user = userEvent.setup();
    api.on('adminListAudit', auditApi([EDITED, REFUSED, SETTINGS, DEACTIVATED]));
    const { router } = renderApp('/admin/audit');
    await screen.findByRole('button', { name: EDITED_BUTTON });

    const select = screen.getByLabelText('Action');
    const groups = within(select).getAllByRole('group');
    expect(groups.map((group) => group.getAttribute('label'))).toEqual([
      'Orders',
      'Products',
      'Discounts',
      'Subscriptions',
      'Reviews',
      'Users',
      'Settings',
      'Security',
      'Images',
    ]);
    const orders = within(groups[0]!)
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(orders).toEqual(['All in Orders', 'Changed order status', 'Exported orders', 'Refunded order']);
    expect(within(groups[7]!).getByRole('option', { name: 'Turned on two-factor sign-in' })).toBeInTheDocument();
    // Every option reads as words: no route name, no summary.
    const words = within(select)
      .getAllByRole('option')
      .map((option) => option.textContent ?? '');
    expect(words).toHaveLength(AUDIT_ACTIONS.length + 1 + groups.length);
    for (const word of words) {
      expect(word).not.toMatch(/^(admin|twoFactor)[A-Z]|[(:]/);
      expect(routeNames.map((name) => routes[name].summary)).not.toContain(word);
    }

    await user.selectOptions(select, 'All in Orders');
    await waitFor(() => expect(router.state.location.search).toEqual({ area: 'Orders' }));
    await waitFor(() => expect(api.calls('adminListAudit').at(-1)?.query).toEqual({ area: 'Orders', limit: 100, offset: 0 }));
    await waitFor(() => expect(screen.queryByRole('button', { name: EDITED_BUTTON })).toBeNull());
    expect(screen.getByText('1 entry')).toBeInTheDocument();

    await user.selectOptions(select, 'Refunded order');
    await waitFor(() => expect(router.state.location.search).toEqual({ action: 'adminRefundOrder' }));
    expect(select).toHaveValue('adminRefundOrder');
  });

  it('names a discount code by its code under "Discount code", and shows what its row cuts in full in the opened entry', async () => {
    const user = userEvent.setup();
    const longName = 'a-staff-member-with-a-long-name';
    const discount = anAuditEntry({
      action: 'adminCreateDiscount',
      method: 'POST',
      path: '/api/admin/discounts',
      actor_username: longName,
      target_type: 'discounts',
      target_id: PRODUCT_ID,
      target_label: 'LAUNCH5',
      ip: '2001:db8:85a3:0000:0000:8a2e:0370:7334',
      changes: { code: { after: 'LAUNCH5' } },
    });
    api.on('adminListAudit', auditApi([discount]));
    renderApp('/admin/audit');

    const row = within(await waitFor(() => rowOf('Created discount code')));
    expect(row.getByText('Discount code')).toBeInTheDocument();
    expect(row.getByRole('link', { name: 'LAUNCH5' })).toHaveAttribute('href', '/admin/discounts');
    expect(row.queryByText('discounts')).toBeNull();
    expect(row.getByText(longName)).toHaveAttribute('title', longName);

    await user.click(row.getByRole('button', { name: /^Show the changes of Created discount code/ }));
    const whole = screen.getAllByRole('term')[0]!.closest('dl')!;
    expect(
      within(whole)
        .getAllByRole('term')
        .map((term) => term.textContent),
    ).toEqual(['Staff member', 'Target', 'Address', 'Result']);
    expect(
      within(whole)
        .getAllByRole('definition')
        .map((value) => value.textContent),
    ).toEqual([longName, 'Discount code LAUNCH5', '2001:db8:85a3:0000:0000:8a2e:0370:7334', 'Done']);
  });

  it("opens a target's history from an entry, and goes back to every target", async () => {
    const user = userEvent.setup();
    api.on('adminListAudit', auditApi([EDITED, REFUSED, SETTINGS]));
    const { router } = renderApp('/admin/audit?page=1');

    await user.click(await screen.findByRole('link', { name: /^History of order/ }));
    await waitFor(() => expect(router.state.location.search).toEqual({ target_type: 'orders', target_id: ORDER_ID }));
    expect(await screen.findByText(`History of order ${ORDER_ID.slice(-8)}`)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('button', { name: EDITED_BUTTON })).toBeNull());
    expect(api.calls('adminListAudit').at(-1)?.query).toEqual({ target_type: 'orders', target_id: ORDER_ID, limit: 100, offset: 0 });

    await user.click(screen.getByRole('button', { name: 'Show every target' }));
    await waitFor(() => expect(router.state.location.search).toEqual({}));
    expect(await screen.findByRole('button', { name: EDITED_BUTTON })).toBeInTheDocument();
  });

  it('asks for the page in the address', async () => {
    api.on('adminListAudit', auditApi([EDITED]));
    renderApp('/admin/audit?page=3&actor=admin');
    await waitFor(() => expect(api.calls('adminListAudit')[0]?.query).toEqual({ actor: 'admin', limit: 100, offset: 200 }));
  });

  it("says there are none yet, and 'Error loading the audit trail' with an empty list when the load fails", async () => {
    api.on('adminListAudit', { entries: [], total: 0, actions: AUDIT_ACTIONS });
    const { unmount } = renderApp('/admin/audit');
    expect(await screen.findByText('No entries found')).toBeInTheDocument();
    unmount();

    api.on('adminListAudit', api.error(500, 'Internal server error', 'internal_error'));
    renderApp('/admin/audit');
    expect(await screen.findByText(AUDIT_LOAD_FAILED)).toBeInTheDocument();
    expect(screen.getByText('No entries found')).toBeInTheDocument();
  });
});

describe('the audit screen address', () => {
  it('keeps known filters and real days, and drops anything else', () => {
    expect(
      validateAuditSearch({
        actor: ' admin ',
        action: 'adminRefundOrder',
        from: '2026-11-01',
        to: '2026-11-30',
        result: 'done',
        page: '2',
      }),
    ).toEqual({ actor: 'admin', action: 'adminRefundOrder', from: '2026-11-01', to: '2026-11-30', result: 'done', page: 2 });
    expect(validateAuditSearch({ area: 'Orders' })).toEqual({ area: 'Orders' });
    expect(validateAuditSearch({ area: 'Nowhere' })).toEqual({});
    expect(
      validateAuditSearch({
        action: 'drop table',
        from: '2026-02-30',
        to: '0001-01-01',
        result: 'maybe',
        page: '1',
        target_id: PRODUCT_ID,
      }),
    ).toEqual({});
    expect(validateAuditSearch({ target_type: 'products', target_id: PRODUCT_ID })).toEqual({
      target_type: 'products',
      target_id: PRODUCT_ID,
    });
    expect(validateAuditSearch({ target_type: '<b>', target_id: 'x' })).toEqual({});
  });

  it("turns days into the API's date-times: from the start of the first day to the end of the last", () => {
    expect(auditQuery({ from: '2026-11-01', to: '2026-11-01', page: 2 }, 100)).toEqual({
      from: new Date(2026, 10, 1).toISOString(),
      to: new Date(2026, 10, 2).toISOString(),
      limit: 100,
      offset: 100,
    });
  });
});
