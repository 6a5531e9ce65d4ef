import { anAdminOrder } from '@store/api-fake';
import type { AdminOrder } from '@store/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { setupAdminApi, signInAsAdmin } from '../../test/fake-api.ts';
import { renderApp } from '../../test/render.tsx';

const api = setupAdminApi();

/** The value shown beside a detail's name in the dialog. */
function detail(dialog: HTMLElement, name: string): HTMLElement {
  const term = within(dialog).getByText(name, { selector: 'dt' });
  const value = term.nextElementSibling;
  if (!(value instanceof HTMLElement)) throw new Error(`No value for ${name}`);
  return value;
}

async function openDetails(order: AdminOrder) {
  api.on('adminListOrders', { orders: [order], total: 1 });
  renderApp('/admin/orders');
  await userEvent.setup().click(await screen.findByRole('button', { name: `View order #${order.id.slice(-8)}` }));
  return screen.findByRole('dialog', { name: `Order #${order.id.slice(-8)}` });
}

describe('an order’s details', () => {
  beforeEach(() => {
    signInAsAdmin(api);
  });

  it('shows a discounted order’s subtotal, code and discount before its total', async () => {
    const order = anAdminOrder({
      id: '11111111-2222-4333-8444-5555abcdef12',
      total_amount: 89.99,
      subtotal_amount: 99.99,
      discount: { code: 'SPRING10', amount: 10 },
    });
    const dialog = await openDetails(order);

    expect(detail(dialog, 'Subtotal')).toHaveTextContent('$99.99');
    expect(detail(dialog, 'Discount code')).toHaveTextContent('SPRING10');
    expect(detail(dialog, 'Discount code')).toHaveTextContent('−$10.00');
    expect(detail(dialog, 'Total')).toHaveTextContent('$89.99');
    const terms = within(dialog)
      .getAllByRole('term')
      .map((term) => term.textContent);
    expect(terms.indexOf('Subtotal')).toBeLessThan(terms.indexOf('Discount code'));
    expect(terms.indexOf('Discount code')).toBeLessThan(terms.indexOf('Total'));
  });

  it('shows no subtotal or code for an order without a discount', async () => {
    const dialog = await openDetails(anAdminOrder({ id: '11111111-2222-4333-8444-5555abcdef13', total_amount: 49 }));

    expect(detail(dialog, 'Total')).toHaveTextContent('$49.00');
    expect(within(dialog).queryByText('Subtotal', { selector: 'dt' })).toBeNull();
    expect(within(dialog).queryByText('Discount code', { selector: 'dt' })).toBeNull();
  });
});
