import { DISCOUNT_ID, ORDER_ID, PRODUCT_ID, aDiscountCode, aProductList, anAdminProduct } from '@store/api-fake';
import type { DiscountCode } from '@store/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { setupAdminApi, signInAsAdmin } from '../../test/fake-api.ts';
import { renderApp } from '../../test/render.tsx';

const api = setupAdminApi();

const SPRING = aDiscountCode({ uses: 2, max_uses: 10, max_uses_per_buyer: 1, discount_total: 8 });
const GONE = aDiscountCode({
  id: '99999999-9999-4999-8999-999999999999',
  code: 'FIVEOFF',
  kind: 'fixed',
  value: 5,
  min_order: 20,
  uses: 3,
  max_uses: 3,
  status: 'used_up',
});
const OFF = aDiscountCode({ id: '99999999-9999-4999-8999-999999999990', code: 'OLDSALE', disabled: true, status: 'disabled' });

function listed(codes: DiscountCode[]) {
  api.on('adminListDiscounts', { codes, total: codes.length });
  api.on('adminListProducts', aProductList([anAdminProduct({ id: PRODUCT_ID, title: 'Vector Studio Pro' })]));
}

const rowOf = (code: string) => {
  const row = screen.getByText(code).closest('tr');
  if (!row) throw new Error(`No row for ${code}`);
  return row;
};

describe('the discount codes screen', () => {
  beforeEach(() => {
    signInAsAdmin(api);
  });

  it('lists each code with its discount, uses against its limit, dates and status, and is in the navigation', async () => {
    listed([SPRING, GONE, OFF]);
    renderApp('/admin/discounts');

    expect(await screen.findByRole('heading', { level: 1, name: 'Discount codes' })).toBeInTheDocument();
    await screen.findByText('SPRING10');
    expect(screen.getByText('3 codes')).toBeInTheDocument();
    expect(within(rowOf('SPRING10')).getByText('10% off')).toBeInTheDocument();
    expect(within(rowOf('SPRING10')).getByText('2 / 10')).toBeInTheDocument();
    expect(within(rowOf('SPRING10')).getByText('Active')).toBeInTheDocument();
    expect(within(rowOf('FIVEOFF')).getByText('$5.00 off')).toBeInTheDocument();
    expect(within(rowOf('FIVEOFF')).getByText('Used up')).toBeInTheDocument();
    expect(within(rowOf('OLDSALE')).getByText('Disabled')).toBeInTheDocument();
    expect(within(rowOf('OLDSALE')).getByRole('button', { name: 'Enable OLDSALE' })).toBeInTheDocument();
    expect(within(screen.getByRole('navigation', { name: 'Admin' })).getByRole('link', { name: 'Discount codes' })).toHaveAttribute(
      'href',
      '/admin/discounts',
    );
  });

  it('creates a code, checked by the contract’s rules before it is sent', async () => {
    listed([]);
    api.on('adminCreateDiscount', ({ body }) => aDiscountCode({ code: body.code.toUpperCase(), value: body.value }));
    const user = userEvent.setup();
    renderApp('/admin/discounts');
    await user.click(await screen.findByRole('button', { name: 'New code' }));
    const dialog = await screen.findByRole('dialog', { name: 'New discount code' });

    await user.type(within(dialog).getByRole('textbox', { name: 'Code' }), 'summer25');
    await user.type(within(dialog).getByRole('spinbutton', { name: 'Percentage off' }), '150');
    await user.click(within(dialog).getByRole('button', { name: 'Create code' }));
    expect(await within(dialog).findByText('A percentage is a whole number from 1 to 100')).toBeInTheDocument();
    expect(api.calls('adminCreateDiscount')).toHaveLength(0);

    const value = within(dialog).getByRole('spinbutton', { name: 'Percentage off' });
    await user.clear(value);
    await user.type(value, '25');
    await user.type(within(dialog).getByRole('spinbutton', { name: 'Total uses' }), '100');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Courses' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Vector Studio Pro' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create code' }));

    await waitFor(() => expect(api.calls('adminCreateDiscount')).toHaveLength(1));
    expect(api.calls('adminCreateDiscount')[0]?.body).toEqual({
      code: 'summer25',
      kind: 'percent',
      value: 25,
      min_order: null,
      starts_at: null,
      ends_at: null,
      max_uses: 100,
      max_uses_per_buyer: null,
      product_ids: [PRODUCT_ID],
      categories: ['courses'],
    });
    expect(await screen.findByText('Discount code SUMMER25 created')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('refuses an end before the start, and a fixed amount in fractions of a cent', async () => {
    listed([]);
    const user = userEvent.setup();
    renderApp('/admin/discounts');
    await user.click(await screen.findByRole('button', { name: 'New code' }));
    const dialog = await screen.findByRole('dialog', { name: 'New discount code' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Code' }), 'DATES');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Kind' }), 'fixed');
    await user.type(within(dialog).getByRole('spinbutton', { name: 'Amount off (USD)' }), '5.555');
    await user.click(within(dialog).getByRole('button', { name: 'Create code' }));
    expect(await within(dialog).findByText('A fixed amount is more than $0 and at most $1,000,000, in whole cents')).toBeInTheDocument();

    const amount = within(dialog).getByRole('spinbutton', { name: 'Amount off (USD)' });
    await user.clear(amount);
    await user.type(amount, '5');
    const starts = within(dialog).getByLabelText('Starts');
    const ends = within(dialog).getByLabelText('Ends');
    await user.type(starts, '2026-12-10T10:00');
    await user.type(ends, '2026-12-01T10:00');
    await user.click(within(dialog).getByRole('button', { name: 'Create code' }));
    expect(await within(dialog).findByText('The end must come after the start')).toBeInTheDocument();
    expect(api.calls('adminCreateDiscount')).toHaveLength(0);
  });

  it('edits a used code’s limits while its text and kind stay, and disables a code', async () => {
    listed([SPRING]);
    api.on('adminUpdateDiscount', ({ body }) => ({ ...SPRING, max_uses: body.max_uses ?? null }));
    api.on('adminSetDiscountDisabled', ({ body }) => ({ ...SPRING, disabled: body.disabled, status: 'disabled' as const }));
    const user = userEvent.setup();
    renderApp('/admin/discounts');

    await user.click(await screen.findByRole('button', { name: 'Edit SPRING10' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit SPRING10' });
    expect(within(dialog).getByRole('textbox', { name: 'Code' })).toHaveAttribute('readonly');
    expect(within(dialog).queryByRole('combobox', { name: 'Kind' })).toBeNull();
    const limit = within(dialog).getByRole('spinbutton', { name: 'Total uses' });
    await user.clear(limit);
    await user.type(limit, '50');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.calls('adminUpdateDiscount')).toHaveLength(1));
    expect(api.calls('adminUpdateDiscount')[0]).toMatchObject({
      params: { id: DISCOUNT_ID },
      body: { code: 'SPRING10', kind: 'percent', value: 10, max_uses: 50, max_uses_per_buyer: 1 },
    });

    await user.click(screen.getByRole('button', { name: 'Disable SPRING10' }));
    await waitFor(() => expect(api.calls('adminSetDiscountDisabled')).toHaveLength(1));
    expect(api.calls('adminSetDiscountDisabled')[0]).toMatchObject({ params: { id: DISCOUNT_ID }, body: { disabled: true } });
    expect(await screen.findByText('SPRING10 disabled: it no longer applies')).toBeInTheDocument();
  });

  it('shows the orders that used a code, and which gave their use back', async () => {
    listed([SPRING]);
    api.on('adminListDiscountUses', {
      uses: [
        {
          order_id: ORDER_ID,
          created_at: '2026-11-28T10:00:00.000Z',
          status: 'completed',
          buyer_email: 'ann@example.com',
          amount: 4,
          total_amount: 35.98,
          counted: true,
        },
        {
          order_id: '33333333-3333-4333-8333-33330000aaaa',
          created_at: '2026-11-28T09:00:00.000Z',
          status: 'failed',
          buyer_email: 'bob@example.com',
          amount: 4,
          total_amount: 35.98,
          counted: false,
        },
      ],
      total: 2,
    });
    const user = userEvent.setup();
    renderApp('/admin/discounts');

    await user.click(await screen.findByRole('button', { name: 'Uses of SPRING10' }));
    const dialog = await screen.findByRole('dialog', { name: 'Uses of SPRING10' });
    expect(await within(dialog).findByText('ann@example.com')).toBeInTheDocument();
    expect(within(dialog).getByText('#abcdef12')).toBeInTheDocument();
    const bob = within(dialog).getByText('bob@example.com').closest('tr')!;
    expect(within(bob).getByText('Use given back')).toBeInTheDocument();
    expect(within(dialog).getAllByText('Use given back')).toHaveLength(1);
  });
});
