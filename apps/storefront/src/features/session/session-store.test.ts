import { aUser, authResponse } from '@store/api-fake';
import { SESSION_KEYS } from '@store/ui';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TEST_TOKEN, resetShop, setupShopApi, signIn } from '../../test/fake-api.ts';
import { currentUser, sessionStore } from './session-store.ts';

const api = setupShopApi();

const stored = (key: string) => window.localStorage.getItem(key);

describe('the session store', () => {
  beforeEach(resetShop);
  afterEach(resetShop);

  it('starts loading, and becomes a guest without asking the server when nothing is stored', async () => {
    expect(sessionStore.getState().status).toBe('loading');

    await sessionStore.getState().initialize();

    expect(sessionStore.getState()).toMatchObject({ status: 'ready', user: null });
    expect(api.allCalls()).toHaveLength(0);
  });

  it('keeps a stored session that /auth/me confirms, with the user as the server has it now', async () => {
    signIn(api, aUser({ email: 'old@example.com' }));
    const fresh = aUser({ email: 'alice@example.com' });
    api.on('me', fresh);

    await sessionStore.getState().initialize();

    expect(sessionStore.getState()).toMatchObject({ status: 'ready', user: fresh });
    expect(api.calls('me')[0]?.headers.get('Authorization')).toBe(`Bearer ${TEST_TOKEN}`);
    expect(stored(SESSION_KEYS.accessToken)).toBe(TEST_TOKEN);
    expect(JSON.parse(stored(SESSION_KEYS.user) ?? 'null')).toEqual(fresh);
  });

  it('clears both stored items when the server refuses the stored token', async () => {
    signIn(api, aUser());
    api.on('me', api.error(401, 'Invalid authentication token', 'unauthorized'));
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});

    await sessionStore.getState().initialize();

    expect(sessionStore.getState()).toMatchObject({ status: 'ready', user: null });
    expect(stored(SESSION_KEYS.accessToken)).toBeNull();
    expect(stored(SESSION_KEYS.user)).toBeNull();
    expect(warn).toHaveBeenCalledWith('Could not restore the session', expect.anything());
  });

  it('clears the stored session when the check cannot reach the server', async () => {
    signIn(api, aUser());
    api.on('me', () => Response.error());
    vi.spyOn(console, 'warn').mockImplementation(() => {});

    await sessionStore.getState().initialize();

    expect(sessionStore.getState().user).toBeNull();
    expect(stored(SESSION_KEYS.accessToken)).toBeNull();
    expect(stored(SESSION_KEYS.user)).toBeNull();
  });

  it('drops a token stored without its user, and a user without its token', async () => {
    window.localStorage.setItem(SESSION_KEYS.accessToken, 'lonely-token');

    expect(await currentUser()).toBeNull();
    expect(stored(SESSION_KEYS.accessToken)).toBeNull();
  });

  it('checks the stored session only once however often it is asked', async () => {
    signIn(api, aUser());

    await Promise.all([sessionStore.getState().initialize(), currentUser(), currentUser()]);

    expect(api.allCalls()).toHaveLength(1);
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
