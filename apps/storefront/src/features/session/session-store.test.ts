import { SESSION_KEYS } from '@store/ui';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { currentUser, resetSessionForTests, sessionStore } from './session-store.ts';
import { aUser, apiError, authResponse, json, storeSession, stubApi } from './testing.ts';

const stored = (key: string) => window.localStorage.getItem(key);

describe('the session store', () => {
  beforeEach(() => {
    resetSessionForTests();
    window.localStorage.clear();
  });

  afterEach(() => {
    window.localStorage.clear();
  });

  it('starts loading, and becomes a guest without asking the server when nothing is stored', async () => {
    const fetchMock = stubApi();
    expect(sessionStore.getState().status).toBe('loading');

    await sessionStore.getState().initialize();

    expect(sessionStore.getState()).toMatchObject({ status: 'ready', user: null });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('keeps a stored session that /auth/me confirms, with the user as the server has it now', async () => {
    storeSession(aUser({ email: 'old@example.com' }), 'stored-token');
    const fresh = aUser({ email: 'alice@example.com' });
    const fetchMock = stubApi({ 'GET /api/auth/me': () => json(fresh) });

    await sessionStore.getState().initialize();

    expect(sessionStore.getState()).toMatchObject({ status: 'ready', user: fresh });
    const [, init] = fetchMock.mock.calls[0] ?? [];
    expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer stored-token');
    expect(stored(SESSION_KEYS.accessToken)).toBe('stored-token');
    expect(JSON.parse(stored(SESSION_KEYS.user) ?? 'null')).toEqual(fresh);
  });

  it('clears both stored items when the server refuses the stored token', async () => {
    storeSession(aUser(), 'forged');
    stubApi({ 'GET /api/auth/me': () => apiError(401, 'Invalid authentication token', 'unauthorized') });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});

    await sessionStore.getState().initialize();

    expect(sessionStore.getState()).toMatchObject({ status: 'ready', user: null });
    expect(stored(SESSION_KEYS.accessToken)).toBeNull();
    expect(stored(SESSION_KEYS.user)).toBeNull();
    expect(warn).toHaveBeenCalledWith('Could not restore the session', expect.anything());
  });

  it('clears the stored session when the check cannot reach the server', async () => {
    storeSession(aUser());
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    vi.spyOn(console, 'warn').mockImplementation(() => {});

    await sessionStore.getState().initialize();

    expect(sessionStore.getState().user).toBeNull();
    expect(stored(SESSION_KEYS.accessToken)).toBeNull();
    expect(stored(SESSION_KEYS.user)).toBeNull();
  });

  it('drops a token stored without its user, and a user without its token', async () => {
    window.localStorage.setItem(SESSION_KEYS.accessToken, 'lonely-token');
    stubApi();

    expect(await currentUser()).toBeNull();
    expect(stored(SESSION_KEYS.accessToken)).toBeNull();
  });

  it('checks the stored session only once however often it is asked', async () => {
    storeSession(aUser());
    const fetchMock = stubApi({ 'GET /api/auth/me': () => json(aUser()) });

    await Promise.all([sessionStore.getState().initialize(), currentUser(), currentUser()]);

    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('stores a login and forgets it on sign-out', () => {
    const auth = authResponse(aUser(), 'new-token');

    sessionStore.getState().signIn(auth);
    expect(sessionStore.getState()).toMatchObject({ status: 'ready', user: auth.user });
    expect(stored(SESSION_KEYS.accessToken)).toBe('new-token');
    expect(JSON.parse(stored(SESSION_KEYS.user) ?? 'null')).toEqual(auth.user);

    sessionStore.getState().signOut();
    expect(sessionStore.getState().user).toBeNull();
    expect(stored(SESSION_KEYS.accessToken)).toBeNull();
    expect(stored(SESSION_KEYS.user)).toBeNull();
  });
});
