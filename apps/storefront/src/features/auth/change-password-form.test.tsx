import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Answer } from '@store/api-fake';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { WHOLE_APP_TIMEOUT_MS, resetShop, setupShopApi, signIn } from '../../test/fake-api.ts';
import { renderApp } from '../../test/render.tsx';

const api = setupShopApi();
beforeEach(resetShop);
afterEach(resetShop);

function accountPage(changePassword: Answer<'changePassword'> = { message: 'Your password was changed' }) {
  signIn(api);
  api.on('listMyOrders', { orders: [], total: 0 });
  api.on('changePassword', changePassword);
  renderApp('/account');
}

const form = () => screen.findByRole('form', { name: 'Change password' });
const toasts = () => screen.getAllByRole('status').map((toast) => toast.textContent);

async function changePassword(values: { current?: string; next?: string; confirm?: string }) {
  const user = userEvent.setup();
  const section = within(await form());
  const fields: [string, string | undefined][] = [
    ['Current Password', values.current],
    ['New Password', values.next],
    ['Confirm New Password', values.confirm],
  ];
  for (const [label, value] of fields) {
    if (value) await user.type(section.getByLabelText(label), value);
  }
  await user.click(section.getByRole('button', { name: 'Change Password' }));
}

async function expectAtField(label: string, message: string) {
  const field = within(await form()).getByLabelText(label);
  await waitFor(() => expect(field).toHaveAccessibleDescription(expect.stringContaining(message)));
  expect(field).toHaveAttribute('aria-invalid', 'true');
}

describe('the password change on the account page', { timeout: WHOLE_APP_TIMEOUT_MS }, () => {
  it('asks for the current password, the new one and its confirmation, each with a show/hide toggle', async () => {
    accountPage();

    const section = within(await screen.findByRole('region', { name: 'Change password' }));
    expect(section.getByLabelText('Current Password')).toHaveAttribute('autocomplete', 'current-password');
    expect(section.getByLabelText('New Password')).toHaveAttribute('autocomplete', 'new-password');
    expect(section.getByLabelText('Confirm New Password')).toHaveAttribute('type', 'password');
    expect(section.getAllByRole('button', { name: 'Show password' })).toHaveLength(3);
  });

  it('refuses a new password shorter than 6 characters, at the field and in a toast, without asking the server', async () => {
    accountPage();

    await changePassword({ current: 'old-secret', next: '12345', confirm: '12345' });

    await expectAtField('New Password', 'Password must be at least 6 characters');
    await waitFor(() => expect(toasts()).toContain('Password must be at least 6 characters'));
    expect(api.calls('changePassword')).toHaveLength(0);
  });

  it('refuses a confirmation that does not match, at the field and in a toast', async () => {
    accountPage();

    await changePassword({ current: 'old-secret', next: 'new-secret-1', confirm: 'new-secret-2' });

    await expectAtField('Confirm New Password', 'Passwords do not match');
    await waitFor(() => expect(toasts()).toContain('Passwords do not match'));
    expect(api.calls('changePassword')).toHaveLength(0);
  });

  it('asks for the current password when it is left empty', async () => {
    accountPage();

    await changePassword({ next: 'new-secret-1', confirm: 'new-secret-1' });

    await expectAtField('Current Password', 'Enter your current password');
  });

  it("shows the server's reason at the current password when it is wrong, keeping what was typed", async () => {
    accountPage(api.error(400, 'The current password is not correct', 'invalid_current_password'));

    await changePassword({ current: 'not-it', next: 'new-secret-1', confirm: 'new-secret-1' });

    await expectAtField('Current Password', 'The current password is not correct');
    await waitFor(() => expect(toasts()).toContain('The current password is not correct'));
    expect(within(await form()).getByLabelText('New Password')).toHaveValue('new-secret-1');
  });

  it("shows the server's reason at the new password when it is too common", async () => {
    accountPage(api.error(400, 'This password is too common: choose another', 'password_too_common'));

    await changePassword({ current: 'old-secret', next: 'password', confirm: 'password' });

    await expectAtField('New Password', 'This password is too common: choose another');
  });

  it("shows the server's reason when it throttles the attempts", async () => {
    accountPage(api.error(429, 'Too many attempts. Try again in a minute.', 'too_many_requests'));

    await changePassword({ current: 'old-secret', next: 'new-secret-1', confirm: 'new-secret-1' });

    await waitFor(() => expect(toasts()).toContain('Too many attempts. Try again in a minute.'));
  });

  it("changes the password: sends the current and the new one, shows the server's message and empties the fields", async () => {
    accountPage();

    await changePassword({ current: 'old-secret', next: 'new-secret-1', confirm: 'new-secret-1' });

    await waitFor(() => expect(toasts()).toContain('Your password was changed'));
    expect(api.calls('changePassword').map((call) => call.body)).toEqual([
      { current_password: 'old-secret', new_password: 'new-secret-1' },
    ]);
    const section = within(await form());
    for (const label of ['Current Password', 'New Password', 'Confirm New Password']) expect(section.getByLabelText(label)).toHaveValue('');
  });
});
