import { anAdminOrder, anItem } from '@store/api-fake';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { setupAdminApi, signInAsAdmin } from '../../test/fake-api.ts';
import { renderApp } from '../../test/render.tsx';

/* A package line in staff's order details (docs/decisions/038-packages.md). */

const api = setupAdminApi();
beforeEach(() => signInAsAdmin(api));

describe("an order's details", () => {
  it("list a package line's products with the units delivered and their keys", async () => {
    const order = anAdminOrder({
      id: '11111111-2222-4333-8444-5555abcdef99',
      items: [
        anItem({
          title: 'Starter Bundle',
          quantity: 2,
          members: [
            { product_id: '00000000-0000-4000-8000-00000000b001', title: 'Aurora Writer', quantity: 1, keys: ['K-1', 'K-2'], downloads: [] },
            { product_id: '00000000-0000-4000-8000-00000000b002', title: 'Prompt Guide', quantity: 3, keys: [], downloads: [] },
          ],
        }),
        anItem({ id: '55555555-5555-4555-8555-555555555556', title: 'Plain Product' }),
      ],
    });
    api.on('adminListOrders', { orders: [order], total: 1 });
    renderApp('/admin/orders');
    await userEvent.setup().click(await screen.findByRole('button', { name: `View order #${order.id.slice(-8)}` }));
    const dialog = await screen.findByRole('dialog', { name: `Order #${order.id.slice(-8)}` });
    const contents = within(dialog).getByRole('list', { name: 'Contents of Starter Bundle' });
    expect(within(contents).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['2 × Aurora Writer (2 keys)', '6 × Prompt Guide']);
    expect(within(dialog).queryByRole('list', { name: 'Contents of Plain Product' })).toBeNull();
  });
});
