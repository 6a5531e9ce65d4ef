/** Where the session is kept in the browser (spec section 9); the session store of the login screen reads the same keys. */
export const SESSION_KEYS = { accessToken: 'access_token', user: 'user' } as const;

// Storage can be unavailable (privacy modes, blocked cookies): the shop then works as for a guest.
function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export function readAccessToken(): string | null {
  try {
    return storage()?.getItem(SESSION_KEYS.accessToken) ?? null;
  } catch {
    return null;
  }
}

/** Forgets the stored session, e.g. when the API answers 401. */
export function clearStoredSession(): void {
  try {
    storage()?.removeItem(SESSION_KEYS.accessToken);
    storage()?.removeItem(SESSION_KEYS.user);
  } catch {
    // Nothing stored that could be removed.
  }
}
