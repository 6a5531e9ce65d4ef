import { aDeliveredOrder, aDeliveryEvent, aDeliveryLog, anAdminOrder, deferred, type ErrorAnswer } from '@store/api-fake';
import type { AdminOrder, DeliveryLog } from '@store/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setupAdminApi, signInAsAdmin, TEST_TOKEN } from '../../test/fake-api.ts';
import { renderApp } from '../../test/render.tsx';

const api = setupAdminApi();

const ORDER = anAdminOrder(aDeliveredOrder({ id: '11111111-2222-4333-8444-5555abcdef12' }));
const USER_AGENT = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';

beforeEach(() => {
  signInAsAdmin(api);
});

async function openDetails(order: AdminOrder) {
  api.on('adminListOrders', { orders: [order], total: 1 });
  renderApp('/admin/orders');
  await userEvent.setup().click(await screen.findByRole('button', { name: 'View order #abcdef12' }));
  return screen.findByRole('dialog', { name: 'Order #abcdef12' });
}

/** The saves the page started: each temporary link's file name and the Blob behind its address. */
function watchSaves() {
  const blobs = new Map<string, Blob>();
  let next = 0;
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    const url = `blob:test/${++next}`;
    blobs.set(url, blob as Blob);
    return url;
  });
  const revoke = vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
  // jsdom cannot follow a link; the click is where a browser would start the save.
  const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
  const saves = () =>
    click.mock.contexts.map((link) => {
      const anchor = link as HTMLAnchorElement;
      return { fileName: anchor.download, blob: blobs.get(anchor.getAttribute('href') ?? '') };
    });
  return { saves, revoke };
}

describe("an order's delivery log", { timeout: 30_000 }, () => {
  it('shows every key reveal and download: time, kind, line, file, address, browser, bytes, range and keys', async () => {
    const log: DeliveryLog = aDeliveryLog({
      order_id: ORDER.id,
      events: [
        aDeliveryEvent({
          id: '99999999-9999-4999-8999-999999999999',
          at: '2026-11-22T10:01:30.000Z',
          kind: 'key_reveal',
          title: 'Vector Studio Pro',
          file_id: null,
          file_name: null,
          bytes_sent: null,
          keys_shown: 2,
        }),
        aDeliveryEvent({ at: '2026-11-22T10:05:00.000Z', ip: '203.0.113.7', user_agent: USER_AGENT, bytes_sent: 1_572_864 }),
        aDeliveryEvent({ id: '88888888-8888-4888-8888-000000000002', at: '2026-11-22T11:40:00.000Z', range: 'bytes=1048576-', bytes_sent: null, ip: null }),
      ],
    });
    api.on('adminDeliveryLog', log);
    const dialog = await openDetails(ORDER);

    const timeline = await within(dialog).findByRole('list', { name: 'Delivery log of order #abcdef12' });
    const [reveal, download, resumed] = within(timeline).getAllByRole('listitem');
    if (!reveal || !download || !resumed) throw new Error('Expected three entries');

    expect(within(reveal).getByText('22. nov 2026. 10:01')).toHaveAttribute('datetime', '2026-11-22T10:01:30.000Z');
    expect(within(reveal).getByText('Keys shown', { selector: 'span' })).toBeInTheDocument();
    expect(within(reveal).getByText('Vector Studio Pro')).toBeInTheDocument();
    expect(within(reveal).getByText('2')).toBeInTheDocument();
    expect(within(reveal).queryByText('Bytes sent')).not.toBeInTheDocument();

    expect(within(download).getByText('22. nov 2026. 10:05')).toBeInTheDocument();
    expect(within(download).getByText('Download')).toBeInTheDocument();
    expect(within(download).getByText('Course Bundle')).toBeInTheDocument();
    expect(within(download).getByText('course-bundle.zip')).toBeInTheDocument();
    expect(within(download).getByText('203.0.113.7')).toBeInTheDocument();
    expect(within(download).getByText(USER_AGENT)).toHaveAttribute('title', USER_AGENT);
    expect(within(download).getByText('1.5 MB')).toHaveAttribute('title', '1,572,864 bytes');
    expect(within(download).queryByText('Range')).not.toBeInTheDocument();

    expect(within(resumed).getByText('bytes=1048576-')).toBeInTheDocument();
    expect(within(resumed).getByText('Not counted (under way or cut off)')).toBeInTheDocument();
    expect(within(resumed).getByText('—')).toBeInTheDocument();

    expect(within(dialog).getByText('Delivered 22. nov 2026. 10:01 to guest@example.com')).toBeInTheDocument();
    expect(api.calls('adminDeliveryLog')[0]?.params.id).toBe(ORDER.id);
  });

  it('says when nothing was delivered yet', async () => {
    api.on('adminDeliveryLog', aDeliveryLog({ order_id: ORDER.id, events: [] }));
    const dialog = await openDetails(ORDER);

    expect(await within(dialog).findByText('Nothing delivered yet')).toBeInTheDocument();
  });

  it('shows that it loads, and says so when it cannot be loaded', async () => {
    const answer = deferred<ErrorAnswer>();
    api.on('adminDeliveryLog', () => answer.promise);
    const dialog = await openDetails(ORDER);

    expect(await within(dialog).findByText('Loading delivery log')).toBeInTheDocument();
    answer.resolve(api.error(500, 'Internal error', 'internal_error'));

    expect(await within(dialog).findByText(/The delivery log could not be loaded: Internal error/)).toBeInTheDocument();
    api.on('adminDeliveryLog', aDeliveryLog({ order_id: ORDER.id, events: [] }));
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Try again' }));
    expect(await within(dialog).findByText('Nothing delivered yet')).toBeInTheDocument();
  });

  it('is not shown for an order that was never delivered', async () => {
    const dialog = await openDetails(anAdminOrder({ id: ORDER.id, status: 'pending' }));

    expect(within(dialog).getByRole('heading', { name: 'Items' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('heading', { name: 'Delivery log' })).not.toBeInTheDocument();
    expect(api.calls('adminDeliveryLog')).toHaveLength(0);
  });

  it('exports the log as CSV from the API, saved as delivery-log-<short id>.csv', async () => {
    const csv = '\ufeffat,kind,title\r\n2026-11-22T10:05:00.000Z,download,Course Bundle\r\n';
    api.on('adminDeliveryLog', ({ query }) =>
      query.format === 'csv' ? new Response(csv, { headers: { 'content-type': 'text/csv; charset=utf-8' } }) : aDeliveryLog({ order_id: ORDER.id }),
    );
    const { saves, revoke } = watchSaves();
    const dialog = await openDetails(ORDER);
    await within(dialog).findByRole('list', { name: 'Delivery log of order #abcdef12' });

    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Export CSV' }));

    await waitFor(() => expect(saves()).toHaveLength(1));
    const [save] = saves();
    expect(save?.fileName).toBe('delivery-log-abcdef12.csv');
    // Byte for byte, the BOM that tells a spreadsheet it is UTF-8 included (text() would drop it).
    const bytes = await save?.blob?.arrayBuffer();
    expect(Array.from(new Uint8Array(bytes ?? new ArrayBuffer(0)))).toEqual(Array.from(new TextEncoder().encode(csv)));
    const csvCall = api.calls('adminDeliveryLog').find((call) => call.url.searchParams.get('format') === 'csv');
    expect(csvCall?.params.id).toBe(ORDER.id);
    expect(csvCall?.headers.get('authorization')).toBe(`Bearer ${TEST_TOKEN}`);
    await waitFor(() => expect(revoke).toHaveBeenCalledWith('blob:test/1'));
    // The temporary link is gone again.
    expect(document.querySelector('a[download]')).toBeNull();
  });

  it('exports the log as JSON, saved as delivery-log-<short id>.json', async () => {
    const log = aDeliveryLog({ order_id: ORDER.id });
    api.on('adminDeliveryLog', log);
    const { saves } = watchSaves();
    const dialog = await openDetails(ORDER);
    await within(dialog).findByRole('list', { name: 'Delivery log of order #abcdef12' });

    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Export JSON' }));

    await waitFor(() => expect(saves()).toHaveLength(1));
    const [save] = saves();
    expect(save?.fileName).toBe('delivery-log-abcdef12.json');
    expect(save?.blob?.type).toBe('application/json');
    expect(JSON.parse((await save?.blob?.text()) ?? '')).toEqual(log);
  });

  it("says why an export failed, with the server's detail", async () => {
    api.on('adminDeliveryLog', ({ query }) => (query.format === 'csv' ? api.error(503, 'Try again in a minute', 'internal_error') : aDeliveryLog({ order_id: ORDER.id })));
    const { saves } = watchSaves();
    const dialog = await openDetails(ORDER);
    await within(dialog).findByRole('list', { name: 'Delivery log of order #abcdef12' });

    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Export CSV' }));

    expect(await screen.findByText('Error exporting the delivery log: Try again in a minute')).toBeInTheDocument();
    expect(saves()).toHaveLength(0);
  });
});
