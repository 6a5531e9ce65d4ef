import type { User } from '@store/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createSessionStore } from './session-store.ts';
import { SESSION_KEYS } from './session-storage.ts';

const USER: User = {
  id: '0b7e1d52-3c4a-4f8e-9a61-2d5f8c9e0a11',
  username: 'ana',
  email: 'ana@example.com',
  role: 'user',
  is_active: true,
  created_at: '2026-11-01T10:00:00.000Z',
};

function storeSession(user: User = USER) {
  localStorage.setItem(SESSION_KEYS.accessToken, 'token');
  localStorage.setItem(SESSION_KEYS.user, JSON.stringify(user));
}

afterEach(() => localStorage.clear());

describe('session store', () => {
  it('starts loading and ends ready with no user when nothing is stored, without asking the API', async () => {
    const fetchCurrentUser = vi.fn<() => Promise<User>>();
    const session = createSessionStore({ fetchCurrentUser });
    expect(session.getState().status).toBe('loading');
    await expect(session.currentUser()).resolves.toBeNull();
    expect(session.getState().status).toBe('ready');
    expect(fetchCurrentUser).not.toHaveBeenCalled();
  });

  it('keeps the fresh user the API answers for a stored session, asking once', async () => {
    storeSession({ ...USER, email: 'old@example.com' });
    const fetchCurrentUser = vi.fn(async () => USER);
    const session = createSessionStore({ fetchCurrentUser });
    await Promise.all([session.getState().initialize(), session.getState().initialize()]);
    expect(session.getState().user).toEqual(USER);
    expect(JSON.parse(localStorage.getItem(SESSION_KEYS.user) ?? 'null')).toEqual(USER);
    expect(fetchCurrentUser).toHaveBeenCalledOnce();
  });

  it('clears both stored items when the check fails', async () => {
    storeSession();
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const session = createSessionStore({ fetchCurrentUser: async () => Promise.reject(new Error('401')) });
    await expect(session.currentUser()).resolves.toBeNull();
    expect(localStorage.getItem(SESSION_KEYS.accessToken)).toBeNull();
    expect(localStorage.getItem(SESSION_KEYS.user)).toBeNull();
    expect(console.warn).toHaveBeenCalledOnce();
  });

  it('stores a sign-in and forgets it on sign-out', () => {
    const session = createSessionStore({ fetchCurrentUser: async () => USER });
    session.getState().signIn({ access_token: 'new-token', token_type: 'bearer', expires_in: 3600, user: USER });
    expect(localStorage.getItem(SESSION_KEYS.accessToken)).toBe('new-token');
    expect(session.getState()).toMatchObject({ status: 'ready', user: USER });
    session.getState().signOut();
    expect(session.getState().user).toBeNull();
    expect(localStorage.getItem(SESSION_KEYS.accessToken)).toBeNull();
    expect(localStorage.getItem(SESSION_KEYS.user)).toBeNull();
  });
});
