import type { ApiKey, CreatedApiKey } from '@store/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { setupAdminApi, signInAsAdmin } from '../../test/fake-api.ts';
import { renderApp } from '../../test/render.tsx';

const api = setupAdminApi();

const ACCOUNTING_ID = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaa1';
const SECRET = 'kv_live_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789abcd';

function anApiKey(overrides: Partial<ApiKey> = {}): ApiKey {
  return {
    id: ACCOUNTING_ID,
    name: 'Accounting sync',
    prefix: 'kv_live_AbCd',
    scopes: ['orders:read'],
    status: 'active',
    created_at: '2026-11-28T09:00:00.000Z',
    created_by: 'admin',
    expires_at: null,
    last_used_at: null,
    revoked_at: null,
    ...overrides,
  };
}

const ACCOUNTING = anApiKey({ scopes: ['orders:read', 'products:read'], last_used_at: '2026-12-01T08:30:00.000Z' });
const OLD_BOT = anApiKey({
  id: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaa2',
  name: 'Old bot',
  prefix: 'kv_live_Zz99',
  expires_at: '2026-01-31T23:59:59.999Z',
  status: 'expired',
  created_by: null,
});
const LICENCES = anApiKey({
  id: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaa3',
  name: 'Licence server',
  prefix: 'kv_live_Lc42',
  scopes: ['licenses:write'],
  expires_at: '2099-12-31T23:59:59.999Z',
  revoked_at: '2026-12-02T10:00:00.000Z',
  status: 'revoked',
});

const SUSPENDED = anApiKey({ id: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaa4', name: 'Former staff sync', prefix: 'kv_live_Fs01', status: 'suspended', created_by: 'mallory' });

/** The list as the API keeps it: created keys are added to the top, revoked ones stay with their time. */
function keysApi(initial: ApiKey[]) {
  let keys = [...initial];
  api.on('adminListApiKeys', () => ({ keys }));
  api.on('adminCreateApiKey', ({ body }): CreatedApiKey => {
    const key = anApiKey({
      id: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaa9',
      name: body.name,
      prefix: SECRET.slice(0, 12),
      scopes: body.scopes,
      expires_at: body.expires_at ?? null,
    });
    keys = [key, ...keys];
    return { key, secret: SECRET };
  });
  api.on('adminRevokeApiKey', ({ params }) => {
    keys = keys.map((key) => (key.id === params.id ? { ...key, revoked_at: '2026-12-03T10:00:00.000Z', status: 'revoked' as const } : key));
    return null;
  });
}

const rowOf = (name: string) => {
  const row = screen.getByText(name).closest('tr');
  if (!row) throw new Error(`No row for ${name}`);
  return row;
};

describe('the API keys screen', { timeout: 30_000 }, () => {
  beforeEach(() => {
    signInAsAdmin(api);
  });

  it('lists each key with its prefix, scopes, dates and the server’s status (Active, Suspended, Expired, Revoked), and is in the navigation', async () => {
    keysApi([ACCOUNTING, OLD_BOT, LICENCES, SUSPENDED]);
    renderApp('/admin/api-keys');

    expect(await screen.findByRole('heading', { level: 1, name: 'API keys' })).toBeInTheDocument();
    await screen.findByText('Accounting sync');
    expect(screen.getByText('4 keys')).toBeInTheDocument();

    const accounting = rowOf('Accounting sync');
    expect(within(accounting).getByText('kv_live_AbCd…')).toBeInTheDocument();
    const scopes = within(accounting).getByRole('list', { name: 'Scopes of Accounting sync' });
    expect(within(scopes).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['orders:read', 'products:read']);
    expect(within(scopes).getByText('orders:read')).toHaveAttribute('title', 'Read orders, subscriptions, exports and sales figures');
    expect(within(accounting).getByText('by admin')).toBeInTheDocument();
    expect(accounting.querySelector('td[data-label="Last used"] time')).toHaveAttribute('datetime', '2026-12-01T08:30:00.000Z');
    expect(accounting.querySelector('td[data-label="Expires"]')).toHaveTextContent('Never');
    expect(within(accounting).getByText('Active')).toBeInTheDocument();
    expect(within(accounting).getByRole('button', { name: 'Revoke Accounting sync' })).toBeInTheDocument();

    const bot = rowOf('Old bot');
    expect(within(bot).getByText('Expired')).toBeInTheDocument();
    expect(bot.querySelector('td[data-label="Last used"]')).toHaveTextContent('Never');
    expect(within(bot).getByText('by a removed account')).toBeInTheDocument();
    // An expired or suspended key may still be revoked: a suspended one would work again if its maker were staff again.
    expect(within(bot).getByRole('button', { name: 'Revoke Old bot' })).toBeInTheDocument();
    const suspended = rowOf('Former staff sync');
    expect(within(suspended).getByText('Suspended')).toBeInTheDocument();
    expect(within(suspended).getByRole('button', { name: 'Revoke Former staff sync' })).toBeInTheDocument();

    const licences = rowOf('Licence server');
    expect(within(licences).getByText('Revoked')).toBeInTheDocument();
    expect(within(licences).queryByRole('button', { name: /Revoke/ })).toBeNull();

    // What keys are for, how they are sent, what they can never do, and where the API is described.
    expect(screen.getByText('Authorization: Bearer kv_live_…')).toBeInTheDocument();
    expect(screen.getByText(/Staff accounts, settings and API keys themselves can never be changed with a key/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'the API document' }).getAttribute('href')).toMatch(/\/api\/docs$/);
    expect(within(screen.getByRole('navigation', { name: 'Admin' })).getByRole('link', { name: 'API keys' })).toHaveAttribute(
      'href',
      '/admin/api-keys',
    );
  });

  it('refuses a key without a name or a scope, then creates one and shows its secret once', async () => {
    keysApi([ACCOUNTING]);
    const user = userEvent.setup();
    renderApp('/admin/api-keys');
    await screen.findByText('Accounting sync');

    const newKey = screen.getByRole('button', { name: 'New API key' });
    await user.click(newKey);
    const dialog = await screen.findByRole('dialog', { name: 'New API key' });
    await user.click(within(dialog).getByRole('button', { name: 'Create key' }));
    expect(await within(dialog).findByText('Name is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Choose at least one scope')).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Name' })).toHaveFocus();

    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), '  Licence server  ');
    await user.click(within(dialog).getByRole('button', { name: 'Create key' }));
    // The name is fine now: the focus goes to the scopes, still missing.
    await waitFor(() => expect(within(dialog).getByRole('group', { name: 'What it may do' })).toHaveFocus());
    expect(within(dialog).queryByText('Name is required')).toBeNull();
    expect(within(dialog).getByRole('group', { name: 'What it may do' })).toHaveAccessibleDescription('Choose at least one scope');
    expect(api.calls('adminCreateApiKey')).toHaveLength(0);

    await user.click(within(dialog).getByRole('checkbox', { name: /Read orders, subscriptions, exports and sales figures/ }));
    await user.click(within(dialog).getByRole('checkbox', { name: /Add licence keys to products/ }));
    await user.type(within(dialog).getByLabelText('Expires on'), '2099-06-15');
    await user.click(within(dialog).getByRole('button', { name: 'Create key' }));

    await waitFor(() => expect(api.calls('adminCreateApiKey')).toHaveLength(1));
    // The contract's order of scopes; the end of the chosen day in the browser's time zone (UTC here).
    expect(api.calls('adminCreateApiKey')[0]?.body).toEqual({
      name: 'Licence server',
      scopes: ['licenses:write', 'orders:read'],
      expires_at: '2099-06-15T23:59:59.999Z',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText('API key Licence server created')).toBeInTheDocument();

    const panel = screen.getByRole('region', { name: 'Your new API key: Licence server' });
    const secret = within(panel).getByLabelText('Secret key');
    expect(secret).toHaveValue(SECRET);
    expect(secret).toHaveAttribute('readonly');
    expect(secret).toHaveFocus();
    expect(secret).toHaveAccessibleDescription(/Copy it now: it will not be shown again/);
    // The new key is listed with the others.
    expect(await screen.findByText('2 keys')).toBeInTheDocument();
    expect(rowOf('Licence server')).toHaveTextContent('kv_live_AbCd…');

    await user.click(within(panel).getByRole('button', { name: 'Copy' }));
    expect(await screen.findByText('Copied')).toBeInTheDocument();
    await expect(navigator.clipboard.readText()).resolves.toBe(SECRET);

    await user.click(within(panel).getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('region', { name: /Your new API key/ })).toBeNull();
    expect(screen.queryByDisplayValue(SECRET)).toBeNull();
    expect(document.body).not.toHaveTextContent(SECRET);
    await waitFor(() => expect(newKey).toHaveFocus());
  });

  it("shows the server's reason when it refuses the key, and keeps what was typed", async () => {
    keysApi([]);
    api.on('adminCreateApiKey', api.error(400, 'The expiry must be in the future', 'validation_error'));
    const user = userEvent.setup();
    renderApp('/admin/api-keys');
    expect(await screen.findByText('No API keys')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'New API key' }));
    const dialog = await screen.findByRole('dialog', { name: 'New API key' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Bot');
    await user.click(within(dialog).getByRole('checkbox', { name: /Read discount codes and their uses/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Create key' }));

    expect(await screen.findByText(/The expiry must be in the future/)).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Name' })).toHaveValue('Bot');
    expect(screen.queryByLabelText('Secret key')).toBeNull();
  });

  it('revokes a key only once staff confirm, and keeps it listed as Revoked', async () => {
    keysApi([ACCOUNTING]);
    const user = userEvent.setup();
    renderApp('/admin/api-keys');
    await screen.findByText('Accounting sync');

    const revoke = within(rowOf('Accounting sync')).getByRole('button', { name: 'Revoke Accounting sync' });
    await user.click(revoke);
    let dialog = await screen.findByRole('dialog', { name: 'Revoke Accounting sync?' });
    expect(within(dialog).getByText(/stops working at once/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(revoke).toHaveFocus());
    expect(api.calls('adminRevokeApiKey')).toHaveLength(0);

    await user.click(revoke);
    dialog = await screen.findByRole('dialog', { name: 'Revoke Accounting sync?' });
    await user.click(within(dialog).getByRole('button', { name: 'Revoke key' }));

    await waitFor(() => expect(api.calls('adminRevokeApiKey')).toHaveLength(1));
    expect(api.calls('adminRevokeApiKey')[0]).toMatchObject({ method: 'DELETE', params: { id: ACCOUNTING_ID } });
    expect(await screen.findByText('Accounting sync revoked: it no longer works')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(within(rowOf('Accounting sync')).getByText('Revoked')).toBeInTheDocument());
    expect(within(rowOf('Accounting sync')).queryByRole('button', { name: /Revoke/ })).toBeNull();
    await waitFor(() => expect(screen.getByRole('button', { name: 'New API key' })).toHaveFocus());
  });
});
