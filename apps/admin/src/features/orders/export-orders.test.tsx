import { anAdminOrder } from '@store/api-fake';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setupAdminApi, signInAsAdmin, TEST_TOKEN } from '../../test/fake-api.ts';
import { renderApp } from '../../test/render.tsx';
import { ordersExportFileName } from './export-orders.ts';

const api = setupAdminApi();

/** What the export answers: the API's bytes, BOM first, a formula defused and a non-Latin name. */
const CSV =
  '\ufeff"order_id","buyer_name"\r\n"11111111-2222-4333-8444-5555abcdef12","\'=SUM(A1)"\r\n"11111111-2222-4333-8444-5555abcdef13","山田太郎"\r\n';

/** The saves the page started: each temporary link's file name and the Blob behind it (jsdom cannot follow a link). */
function watchSaves() {
  const blobs = new Map<string, Blob>();
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    const url = `blob:test/${blobs.size + 1}`;
    blobs.set(url, blob as Blob);
    return url;
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
  const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
  return () =>
    click.mock.contexts.map((link) => {
      const anchor = link as HTMLAnchorElement;
      return { fileName: anchor.download, blob: blobs.get(anchor.getAttribute('href') ?? '') };
    });
}

describe('the orders export', () => {
  beforeEach(() => {
    signInAsAdmin(api);
    api.on('adminListOrders', { orders: [anAdminOrder({ id: '11111111-2222-4333-8444-5555abcdef12' })], total: 250 });
  });

  it('saves every order of the filter in the address as the API’s CSV, with the session’s token', async () => {
    api.on('adminExportOrders', () => new Response(CSV, { headers: { 'content-type': 'text/csv; charset=utf-8' } }));
    const saves = watchSaves();
    renderApp('/admin/orders?search=yamada&status=completed&dispute=open&page=2');

    await userEvent.setup().click(await screen.findByRole('button', { name: 'Export CSV' }));

    await waitFor(() => expect(saves()).toHaveLength(1));
    const [save] = saves();
    expect(save?.fileName).toBe(ordersExportFileName());
    expect(save?.fileName).toMatch(/^orders-\d{4}-\d{2}-\d{2}\.csv$/);
    // Byte for byte, the BOM included.
    const bytes = new Uint8Array((await save?.blob?.arrayBuffer()) ?? new ArrayBuffer(0));
    expect(Array.from(bytes)).toEqual(Array.from(new TextEncoder().encode(CSV)));
    const [call] = api.calls('adminExportOrders');
    // The filter, and no page: the export holds all 250 orders, not the page on screen.
    expect(Object.fromEntries(call!.url.searchParams)).toEqual({ search: 'yamada', status: 'completed', dispute: 'open' });
    expect(call?.headers.get('authorization')).toBe(`Bearer ${TEST_TOKEN}`);
  });

  it('exports every order when no filter is set', async () => {
    api.on('adminExportOrders', () => new Response(CSV, { headers: { 'content-type': 'text/csv; charset=utf-8' } }));
    const saves = watchSaves();
    renderApp('/admin/orders');

    await userEvent.setup().click(await screen.findByRole('button', { name: 'Export CSV' }));

    await waitFor(() => expect(saves()).toHaveLength(1));
    expect(api.calls('adminExportOrders')[0]?.url.search).toBe('');
  });

  it('says why the export failed, with the server’s detail, and saves nothing', async () => {
    api.on('adminExportOrders', api.error(503, 'Try again in a minute', 'internal_error'));
    const saves = watchSaves();
    renderApp('/admin/orders');

    await userEvent.setup().click(await screen.findByRole('button', { name: 'Export CSV' }));

    expect(await screen.findByText('Error exporting the orders: Try again in a minute')).toBeInTheDocument();
    expect(saves()).toHaveLength(0);
  });
});
