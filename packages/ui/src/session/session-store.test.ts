import type { User } from '@store/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LOGOUT_WAIT_MS, createSessionStore } from './session-store.ts';
import { SESSION_KEYS } from './session-storage.ts';

const USER: User = {
  id: '0b7e1d52-3c4a-4f8e-9a61-2d5f8c9e0a11',
  username: 'ana',
  email: 'ana@example.com',
  role: 'user',
  is_active: true,
  email_verified: true,
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

  it('refreshes a signed-in account from the API, and keeps it when the API fails', async () => {
    storeSession();
    const fetchCurrentUser = vi.fn(async () => USER);
    const session = createSessionStore({ fetchCurrentUser });
    await session.getState().initialize();
    const verified = { ...USER, email_verified: false };
    fetchCurrentUser.mockResolvedValueOnce(verified);
    await session.getState().refreshUser();
    expect(session.getState().user).toEqual(verified);
    expect(JSON.parse(localStorage.getItem(SESSION_KEYS.user) ?? 'null')).toEqual(verified);
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    fetchCurrentUser.mockRejectedValueOnce(new Error('offline'));
    await session.getState().refreshUser();
    expect(session.getState().user).toEqual(verified);
  });

  it('does not ask the API to refresh when nobody is signed in', async () => {
    const fetchCurrentUser = vi.fn(async () => USER);
    const session = createSessionStore({ fetchCurrentUser });
    await session.getState().initialize();
    await session.getState().refreshUser();
    expect(fetchCurrentUser).not.toHaveBeenCalled();
    expect(session.getState().user).toBeNull();
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

  it('logs out by ending the session on the server with the stored token, then forgetting it here', async () => {
    storeSession();
    const seen: (string | null)[] = [];
    const endSession = vi.fn(async () => {
      seen.push(localStorage.getItem(SESSION_KEYS.accessToken));
    });
    const session = createSessionStore({ fetchCurrentUser: async () => USER, endSession });
    await session.getState().initialize();

    await session.getState().logout();

    expect(endSession).toHaveBeenCalledOnce();
    expect(seen).toEqual(['token']);
    expect(session.getState().user).toBeNull();
    expect(localStorage.getItem(SESSION_KEYS.accessToken)).toBeNull();
    expect(localStorage.getItem(SESSION_KEYS.user)).toBeNull();
  });

  it('forgets the session here even when the server cannot end it', async () => {
    storeSession();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const session = createSessionStore({
      fetchCurrentUser: async () => USER,
      endSession: async () => Promise.reject(new TypeError('Failed to fetch')),
    });
    await session.getState().initialize();

    await session.getState().logout();

    expect(session.getState().user).toBeNull();
    expect(localStorage.getItem(SESSION_KEYS.accessToken)).toBeNull();
    expect(warn).toHaveBeenCalledWith('Could not end the session on the server', expect.any(TypeError));
  });

  it('stops waiting for a server that does not answer, and signs out all the same', async () => {
    storeSession();
    vi.useFakeTimers();
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    let aborted = false;
    const endSession = (signal: AbortSignal) =>
      new Promise<never>((_, reject) =>
        signal.addEventListener('abort', () => {
          aborted = true;
          reject(new DOMException('The operation was aborted.', 'AbortError'));
        }),
      );
    const session = createSessionStore({ fetchCurrentUser: async () => USER, endSession });
    await session.getState().initialize();

    try {
      const done = session.getState().logout();
      await vi.advanceTimersByTimeAsync(LOGOUT_WAIT_MS);
      await done;
    } finally {
      vi.useRealTimers();
    }

    expect(aborted).toBe(true);
    expect(session.getState().user).toBeNull();
    expect(localStorage.getItem(SESSION_KEYS.accessToken)).toBeNull();
  });

  it('does not call the server for a logout without a stored session, and tells it once for a double click', async () => {
    const endSession = vi.fn(async () => null);
    const session = createSessionStore({ fetchCurrentUser: async () => USER, endSession });
    await session.getState().logout();
    expect(endSession).not.toHaveBeenCalled();

    storeSession();
    await Promise.all([session.getState().logout(), session.getState().logout()]);
    expect(endSession).toHaveBeenCalledOnce();
  });
});
