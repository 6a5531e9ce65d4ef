import { anAdminProduct, aProductList } from '@store/api-fake';
import { LIMITS } from '@store/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { setupAdminApi, signInAsAdmin } from '../../test/fake-api.ts';
import { renderApp } from '../../test/render.tsx';
import { countKeys } from './license-keys-modal.tsx';

const api = setupAdminApi();

beforeEach(() => {
  signInAsAdmin(api);
});

describe('countKeys', () => {
  it('counts one key per line and ignores blank lines', () => {
    expect(countKeys('AAA-1\n\n  \r\nBBB-2\n')).toBe(2);
    expect(countKeys('')).toBe(0);
  });
});

describe('the licence keys dialog', { timeout: 30_000 }, () => {
  it('shows the pool, adds pasted keys, lists the refused duplicates and refreshes the stock', async () => {
    const product = anAdminProduct({ title: 'Harborline Backup Pro', stock_quantity: 5 });
    let stock = 5;
    let available = 5;
    api.on('adminListProducts', () => aProductList([{ ...product, stock_quantity: stock }]));
    api.on('adminLicenseKeyStock', () => ({ available, sold: 3, reserved: 1 }));
    api.on('adminAddLicenseKeys', () => {
      stock = 7;
      available = 7;
      return { added: 2, duplicates: ['OLD-KEY'], stock: { available: 7, sold: 3, reserved: 1 } };
    });
    const user = userEvent.setup();
    renderApp('/admin/products');

    await user.click(await screen.findByRole('button', { name: 'Licence keys of Harborline Backup Pro' }));
    const dialog = await screen.findByRole('dialog', { name: 'Licence keys: Harborline Backup Pro' });
    expect(await within(dialog).findByTestId('keys-available')).toHaveTextContent('5');
    // The shop shows every unsold key: the one held by a buyer at PayPal is not sold yet.
    expect(within(dialog).getByTestId('keys-shop-stock')).toHaveTextContent('5');
    expect(within(dialog).getByText('Held by buyers at PayPal').nextElementSibling).toHaveTextContent('1');

    await user.type(within(dialog).getByLabelText('Licence keys'), 'NEW-1{Enter}{Enter}NEW-2{Enter}OLD-KEY');
    expect(within(dialog).getByText(/3 keys to add/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Add keys' }));

    expect(await within(dialog).findByText('2 keys added')).toBeInTheDocument();
    expect(within(within(dialog).getByRole('list', { name: 'Refused duplicates' })).getByText('OLD-KEY')).toBeInTheDocument();
    expect(within(dialog).getByTestId('keys-available')).toHaveTextContent('7');
    expect(within(dialog).getByTestId('keys-shop-stock')).toHaveTextContent('7');
    expect(within(dialog).getByLabelText('Licence keys')).toHaveValue('');
    expect(api.calls('adminAddLicenseKeys')[0]?.params.id).toBe(product.id);
    expect(api.calls('adminAddLicenseKeys')[0]?.body).toEqual({ keys: 'NEW-1\n\nNEW-2\nOLD-KEY' });
    // The list behind shows the new stock.
    await waitFor(() => expect(api.calls('adminListProducts').length).toBeGreaterThanOrEqual(2));
  });

  it('warns that the first keys switch a counted product to key delivery', async () => {
    const product = anAdminProduct({ title: 'Course Pack', stock_quantity: 40 });
    api.on('adminListProducts', aProductList([product]));
    api.on('adminLicenseKeyStock', { available: 0, sold: 0, reserved: 0 });
    const user = userEvent.setup();
    renderApp('/admin/products');

    await user.click(await screen.findByRole('button', { name: 'Licence keys of Course Pack' }));
    const dialog = await screen.findByRole('dialog', { name: 'Licence keys: Course Pack' });

    expect(await within(dialog).findByText('This product sells from a counted stock')).toBeInTheDocument();
    expect(within(dialog).getByTestId('keys-shop-stock')).toHaveTextContent('40');
  });

  it('asks for at least one key, and shows the server refusing the paste', async () => {
    const product = anAdminProduct({ title: 'Keyed' });
    api.on('adminListProducts', aProductList([product]));
    api.on('adminLicenseKeyStock', { available: 1, sold: 0, reserved: 0 });
    api.on('adminAddLicenseKeys', api.error(404, 'Product not found', 'product_not_found'));
    const user = userEvent.setup();
    renderApp('/admin/products');
    await user.click(await screen.findByRole('button', { name: 'Licence keys of Keyed' }));
    const dialog = await screen.findByRole('dialog', { name: 'Licence keys: Keyed' });

    await user.type(within(dialog).getByLabelText('Licence keys'), '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Add keys' }));
    expect(
      await within(dialog).findByText(`Paste at least one key, one per line, each at most ${LIMITS.licenseKeyMaxLength} characters`),
    ).toBeInTheDocument();
    expect(api.calls('adminAddLicenseKeys')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Licence keys'), 'K-1');
    await user.click(within(dialog).getByRole('button', { name: 'Add keys' }));
    expect(await screen.findByText('Error adding licence keys: Product not found')).toBeInTheDocument();
  });
});
