import { anAdminProduct } from '@store/api-fake';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { setupAdminApi, signInAsAdmin } from '../../test/fake-api.ts';
import { productFormHelpers } from '../../test/product-form.ts';
import { renderApp } from '../../test/render.tsx';
import { subscriptionInput, subscriptionProblems } from './subscription-draft.ts';

const api = setupAdminApi();

beforeEach(() => {
  signInAsAdmin(api);
});

const { fakeCatalogue, openAddForm, fillRequired, created } = productFormHelpers(api);
const interval = (dialog: HTMLElement) => within(dialog).queryByRole('combobox', { name: 'Billing interval' });

describe("the product form's subscription fields", { timeout: 30_000 }, () => {
  it('shows the billing interval and trial days only while the type is Subscription', async () => {
    fakeCatalogue();
    const user = userEvent.setup();
    const dialog = await openAddForm(user);
    const type = within(dialog).getByRole('combobox', { name: 'Product type' });

    expect(interval(dialog)).toBeNull();
    expect(within(dialog).queryByLabelText('Trial days')).toBeNull();

    await user.selectOptions(type, 'subscription');
    expect(interval(dialog)).toHaveValue('');
    expect(
      within(interval(dialog)!)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Choose…', 'Monthly', 'Yearly']);
    expect(within(dialog).getByLabelText('Trial days')).toHaveValue(0);
    expect(within(dialog).getByLabelText('Trial days')).toHaveAttribute('max', '90');

    await user.selectOptions(type, 'single');
    expect(interval(dialog)).toBeNull();
  });

  it('requires a billing interval and a trial of 0 to 90 whole days, with their messages, and sends nothing', async () => {
    fakeCatalogue();
    const user = userEvent.setup();
    const dialog = await openAddForm(user);
    await fillRequired(user, dialog, { title: 'Aurora AI Writer' });
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Product type' }), 'subscription');
    await user.clear(within(dialog).getByLabelText('Trial days'));
    await user.type(within(dialog).getByLabelText('Trial days'), '91');

    await user.click(within(dialog).getByRole('button', { name: 'Create Product' }));

    expect(await within(dialog).findByText('A subscription needs a billing interval')).toBeInTheDocument();
    expect(within(dialog).getByText('The free trial is a whole number of days from 0 to 90')).toBeInTheDocument();
    expect(interval(dialog)).toHaveAttribute('aria-invalid', 'true');
    expect(api.calls('adminCreateProduct')).toHaveLength(0);
  });

  it('creates a monthly subscription with a 7-day trial', async () => {
    fakeCatalogue();
    api.on('adminCreateProduct', ({ body }) => created(body));
    const user = userEvent.setup();
    const dialog = await openAddForm(user);
    await fillRequired(user, dialog, { title: 'Aurora AI Writer' });
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Product type' }), 'subscription');
    await user.selectOptions(interval(dialog)!, 'month');
    await user.clear(within(dialog).getByLabelText('Trial days'));
    await user.type(within(dialog).getByLabelText('Trial days'), '7');

    await user.click(within(dialog).getByRole('button', { name: 'Create Product' }));

    await waitFor(() => expect(api.calls('adminCreateProduct')).toHaveLength(1));
    expect(api.calls('adminCreateProduct')[0]?.body).toMatchObject({
      product_type: 'subscription',
      billing_interval: 'month',
      trial_days: 7,
    });
  });

  it("fills a subscription's interval and trial when editing, and drops both when it becomes a Single", async () => {
    const product = anAdminProduct({ title: 'Aurora AI Writer', product_type: 'subscription', billing_interval: 'year', trial_days: 14 });
    fakeCatalogue([product]);
    api.on('adminUpdateProduct', ({ body }) => ({ ...product, ...body, package_items: [] }));
    const user = userEvent.setup();
    renderApp('/admin/products');

    await user.click(await screen.findByRole('button', { name: 'Edit Aurora AI Writer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Product' });
    expect(interval(dialog)).toHaveValue('year');
    expect(within(dialog).getByLabelText('Trial days')).toHaveValue(14);

    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Product type' }), 'single');
    await user.click(within(dialog).getByRole('button', { name: 'Update Product' }));

    await waitFor(() => expect(api.calls('adminUpdateProduct')).toHaveLength(1));
    expect(api.calls('adminUpdateProduct')[0]?.body).toMatchObject({ product_type: 'single', billing_interval: null, trial_days: 0 });
  });
});

describe('the subscription draft rules', () => {
  const subscription = { product_type: 'subscription' as const, billing_interval: 'month' as const, trial_days: '' };

  it('counts an empty trial as 0 and accepts 0 and 90', () => {
    expect(subscriptionInput(subscription)).toEqual({ billing_interval: 'month', trial_days: 0 });
    expect(subscriptionProblems({ ...subscription, trial_days: '0' })).toEqual({});
    expect(subscriptionProblems({ ...subscription, trial_days: '90' })).toEqual({});
  });

  it('refuses a fractional, negative or non-numeric trial', () => {
    for (const days of ['1.5', '-1', 'week'])
      expect(subscriptionProblems({ ...subscription, trial_days: days })).toHaveProperty('trial_days');
  });

  it('asks nothing of another type', () => {
    expect(subscriptionProblems({ product_type: 'single', billing_interval: '', trial_days: 'x' })).toEqual({});
  });
});
