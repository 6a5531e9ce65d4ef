import { aUser, anAdmin, deferred, type FakeCall } from '@store/api-fake';
import type { User, UserCounts, UserList } from '@store/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { setupAdminApi, signInAsAdmin } from '../../test/fake-api.ts';
import { renderApp } from '../../test/render.tsx';

// The counters and an account's statistics answer unless a test says otherwise.
const api = setupAdminApi({ adminUserCounts: { total: 3, admins: 1, active: 2 }, adminUserStats: { orders: 0, spent: 0, products: 0 } });

const ADMIN = anAdmin({ created_at: '2024-01-15T10:00:00.000Z' });
const ALICE = aUser({ id: '6f1c1d1e-3f0a-4c57-9d7e-2b1a7c0d9e11', username: 'alice', email: 'alice@example.com', created_at: '2024-10-24T09:05:00.000Z' });
const BOB = aUser({ id: '7a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d', username: 'bob', email: 'bob@example.com', is_active: false });
const EVERYONE = [ALICE, BOB, ADMIN];

/** GET /admin/users filtering the given accounts as the API does (search in username or email, role, limit, offset). */
function usersApi(users: User[]) {
  return ({ query }: FakeCall<'adminListUsers'>): UserList => {
    const search = query.search?.toLowerCase();
    const matching = users.filter(
      (user) => (!search || user.username.includes(search) || user.email.includes(search)) && (!query.role || user.role === query.role),
    );
    const offset = query.offset ?? 0;
    const limit = query.limit ?? 50;
    return { users: matching.slice(offset, offset + limit), total: matching.length };
  };
}

/** The value shown under a counter's name. */
function counter(name: string): HTMLElement {
  // The name is a span of the card's <dt>, beside its icon.
  const value = screen.getByText(name, { selector: 'dt > span' }).closest('dt')?.nextElementSibling;
  if (!(value instanceof HTMLElement)) throw new Error(`No value for ${name}`);
  return value;
}

function rowOf(username: string): HTMLElement {
  const row = screen.getByRole('button', { name: `Detalji korisnika ${username}` }).closest('tr');
  if (!row) throw new Error('No row');
  return row;
}

describe('the users screen', () => {
  beforeEach(() => {
    signInAsAdmin(api, ADMIN);
  });

  it('lists accounts in Serbian: user with the last 8 of the id, email, role, Aktivan or Neaktivan, registration date', async () => {
    api.on('adminListUsers', usersApi(EVERYONE));
    renderApp('/admin/users');

    expect(await screen.findByRole('heading', { level: 1, name: 'Korisnici' })).toBeInTheDocument();
    await screen.findByRole('button', { name: 'Detalji korisnika alice' });
    const alice = within(rowOf('alice'));
    expect(alice.getByText('ID 7c0d9e11')).toBeInTheDocument();
    expect(alice.getByText('alice@example.com')).toBeInTheDocument();
    expect(alice.getByText('Korisnik')).toBeInTheDocument();
    expect(alice.getByText('Aktivan')).toHaveAttribute('data-tone', 'green');
    expect(alice.getByText('24. okt 2024. 09:05')).toBeInTheDocument();
    expect(within(rowOf('bob')).getByText('Neaktivan')).toHaveAttribute('data-tone', 'gray');
    expect(within(rowOf('admin')).getByText('Administrator')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Korisnici · Acme Keys Admin'));
  });

  it('shows the counts of all accounts, administrators and active accounts from the API', async () => {
    api.on('adminListUsers', usersApi(EVERYONE));
    api.on('adminUserCounts', { total: 1204, admins: 3, active: 1187 });
    renderApp('/admin/users');

    await waitFor(() => expect(counter('Ukupno korisnika')).toHaveTextContent('1.204'));
    expect(counter('Administratori')).toHaveTextContent('3');
    expect(counter('Aktivni korisnici')).toHaveTextContent('1.187');
    expect(api.calls('adminUserCounts')).toHaveLength(1);
  });

  it('shows a dash in the counters when they cannot be loaded', async () => {
    api.on('adminListUsers', usersApi(EVERYONE));
    api.on('adminUserCounts', api.error(500, 'Internal Server Error', 'internal_error'));
    renderApp('/admin/users');

    await waitFor(() => expect(counter('Ukupno korisnika')).toHaveTextContent('—'), { timeout: 8000 });
    expect(counter('Aktivni korisnici')).toHaveTextContent('—');
  });

  it('keeps the counters for the whole store while the list is filtered', async () => {
    api.on('adminListUsers', usersApi(EVERYONE));
    renderApp('/admin/users?role=admin');

    await waitFor(() => expect(counter('Ukupno korisnika')).toHaveTextContent('3'));
    expect(await screen.findByRole('button', { name: 'Detalji korisnika admin' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Detalji korisnika alice' })).not.toBeInTheDocument();
  });

  it('filters by role and searches by email or username, keeping both in the address', async () => {
    api.on('adminListUsers', usersApi(EVERYONE));
    const { router } = renderApp('/admin/users');
    const user = userEvent.setup();

    const role = await screen.findByLabelText('Uloga');
    expect(within(role).getAllByRole('option').map((option) => option.textContent)).toEqual(['Sve uloge', 'Administrator', 'Korisnik']);
    await user.selectOptions(role, 'user');
    await waitFor(() => expect(router.state.location.search).toEqual({ role: 'user' }));
    expect(await screen.findByRole('button', { name: 'Detalji korisnika bob' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Detalji korisnika admin' })).not.toBeInTheDocument());

    const search = screen.getByLabelText('Pretraga');
    expect(search).toHaveAttribute('placeholder', 'Pretraži po email-u ili korisničkom imenu');
    await user.type(search, 'bob@');
    await waitFor(() => expect(router.state.location.search).toEqual({ role: 'user', search: 'bob@' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Detalji korisnika alice' })).not.toBeInTheDocument());
    expect(Object.fromEntries(api.calls('adminListUsers').at(-1)?.url.searchParams ?? [])).toEqual({ search: 'bob@', role: 'user', limit: '100', offset: '0' });
  });

  it("shows 'Nema korisnika' when nothing matches", async () => {
    api.on('adminListUsers', usersApi(EVERYONE));
    renderApp('/admin/users?search=nobody');

    expect(await screen.findByText('Nema korisnika')).toBeInTheDocument();
  });

  it('shows a loading row first', async () => {
    // The list and the counters wait for the same moment; each gets its own answer.
    const answered = deferred<void>();
    api.on('adminListUsers', async () => answered.promise.then(() => ({ users: [], total: 0 })));
    renderApp('/admin/users');

    expect(await screen.findByRole('status', { name: 'Učitavanje korisnika…' })).toBeInTheDocument();
    answered.resolve();
    expect(await screen.findByText('Nema korisnika')).toBeInTheDocument();
  });

  it("says 'Error loading users' when the list cannot be loaded", async () => {
    api.on('adminListUsers', api.error(400, 'search must be at most 200 characters', 'validation_error'));
    renderApp('/admin/users');

    expect(await screen.findByText('Error loading users')).toBeInTheDocument();
    expect(screen.getByText('Nema korisnika')).toBeInTheDocument();
  });

  it('shows an account in full with its real orders, spending and products bought', async () => {
    api.on('adminListUsers', usersApi(EVERYONE));
    api.on('adminUserStats', { orders: 3, spent: 60, products: 4 });
    renderApp('/admin/users');

    await userEvent.setup().click(await screen.findByRole('button', { name: 'Detalji korisnika alice' }));

    const dialog = within(await screen.findByRole('dialog', { name: 'Detalji korisnika' }));
    expect(dialog.getByText(ALICE.id)).toBeInTheDocument();
    expect(dialog.getByText('alice')).toBeInTheDocument();
    expect(dialog.getByText('alice@example.com')).toBeInTheDocument();
    expect(dialog.getByText('Korisnik')).toBeInTheDocument();
    expect(dialog.getByText('Aktivan')).toBeInTheDocument();
    expect(dialog.getByText('24. okt 2024. 09:05')).toBeInTheDocument();
    const stats = within(dialog.getByRole('region', { name: 'Statistika' }));
    await waitFor(() => expect(stats.getByText('Porudžbine', { selector: 'dt' }).nextElementSibling).toHaveTextContent('3'));
    expect(stats.getByText('Potrošeno', { selector: 'dt' }).nextElementSibling).toHaveTextContent('$60.00');
    expect(stats.getByText('Kupljeni proizvodi', { selector: 'dt' }).nextElementSibling).toHaveTextContent('4');
    expect(api.calls('adminUserStats').map((call) => call.params.id)).toEqual([ALICE.id]);
    // Views are not tracked: the spec's placeholder for them is left out.
    expect(dialog.queryByText(/views|pregledi/i)).not.toBeInTheDocument();
  });

  it('says the statistics are unavailable when they cannot be loaded', async () => {
    api.on('adminListUsers', usersApi(EVERYONE));
    api.on('adminUserStats', api.error(404, 'User not found', 'user_not_found'));
    renderApp('/admin/users');

    await userEvent.setup().click(await screen.findByRole('button', { name: 'Detalji korisnika alice' }));

    const dialog = within(await screen.findByRole('dialog', { name: 'Detalji korisnika' }));
    expect(await dialog.findByText('Statistika trenutno nije dostupna.')).toBeInTheDocument();
    expect(dialog.getByText('Porudžbine', { selector: 'dt' }).nextElementSibling).toHaveTextContent('—');
  });

  /** The users API with a PATCH that changes `is_active` as the server does, answering the account. */
  function fakeAccounts(users: User[]) {
    const accounts = new Map(users.map((user) => [user.id, user]));
    api.on('adminListUsers', (call) => usersApi([...accounts.values()])(call));
    api.on(
      'adminUserCounts',
      (): UserCounts => ({
        total: accounts.size,
        admins: [...accounts.values()].filter((user) => user.role === 'admin').length,
        active: [...accounts.values()].filter((user) => user.is_active).length,
      }),
    );
    api.on('adminSetUserActive', ({ params, body }) => {
      const account = accounts.get(params.id);
      if (!account) return api.error(404, 'User not found', 'user_not_found');
      const changed = { ...account, is_active: body.is_active };
      accounts.set(params.id, changed);
      return changed;
    });
  }

  async function openDetails(username: string) {
    await userEvent.setup().click(await screen.findByRole('button', { name: `Detalji korisnika ${username}` }));
    return within(await screen.findByRole('dialog', { name: 'Detalji korisnika' }));
  }

  it('deactivates an active account from its details, then shows it Neaktivan and reloads the list and the counters', async () => {
    fakeAccounts(EVERYONE);
    renderApp('/admin/users');
    await waitFor(() => expect(counter('Aktivni korisnici')).toHaveTextContent('2'));

    const dialog = await openDetails('alice');
    expect(dialog.queryByRole('button', { name: 'Aktiviraj nalog' })).not.toBeInTheDocument();
    await userEvent.setup().click(dialog.getByRole('button', { name: 'Deaktiviraj nalog' }));

    expect(await screen.findByText('Nalog je deaktiviran')).toBeInTheDocument();
    const patch = api.calls('adminSetUserActive')[0];
    expect(patch?.params.id).toBe(ALICE.id);
    expect(patch?.body).toEqual({ is_active: false });
    expect(await dialog.findByText('Neaktivan')).toBeInTheDocument();
    expect(dialog.getByRole('button', { name: 'Aktiviraj nalog' })).toBeInTheDocument();
    await waitFor(() => expect(counter('Aktivni korisnici')).toHaveTextContent('1'));
    await waitFor(() => expect(within(rowOf('alice')).getByText('Neaktivan')).toBeInTheDocument());
    expect(api.calls('adminListUsers').length).toBeGreaterThanOrEqual(2);
  });

  it('activates an inactive account again', async () => {
    fakeAccounts(EVERYONE);
    renderApp('/admin/users');

    const dialog = await openDetails('bob');
    await userEvent.setup().click(dialog.getByRole('button', { name: 'Aktiviraj nalog' }));

    expect(await screen.findByText('Nalog je aktiviran')).toBeInTheDocument();
    expect(await dialog.findByText('Aktivan')).toBeInTheDocument();
    expect(dialog.getByRole('button', { name: 'Deaktiviraj nalog' })).toBeInTheDocument();
    await waitFor(() => expect(within(rowOf('bob')).getByText('Aktivan')).toBeInTheDocument());
  });

  it("shows the server's reason when it refuses the change, and keeps the account as it was", async () => {
    fakeAccounts(EVERYONE);
    api.on('adminSetUserActive', api.error(409, 'This account was changed by someone else', 'conflict'));
    renderApp('/admin/users');

    const dialog = await openDetails('alice');
    await userEvent.setup().click(dialog.getByRole('button', { name: 'Deaktiviraj nalog' }));

    expect(await screen.findByText('This account was changed by someone else')).toBeInTheDocument();
    expect(dialog.getByText('Aktivan')).toBeInTheDocument();
    expect(dialog.getByRole('button', { name: 'Deaktiviraj nalog' })).toBeEnabled();
  });

  it("offers no activation change on the signed-in admin's own account", async () => {
    fakeAccounts(EVERYONE);
    renderApp('/admin/users');

    const dialog = await openDetails('admin');
    expect(dialog.getByText(ADMIN.id)).toBeInTheDocument();
    expect(dialog.queryByRole('button', { name: 'Deaktiviraj nalog' })).not.toBeInTheDocument();
    expect(dialog.queryByRole('button', { name: 'Aktiviraj nalog' })).not.toBeInTheDocument();
  });
});
