/** The admin password the e2e store is started with (the `admin` account is created with it on the fresh data). */
export const E2E_ADMIN_PASSWORD = 'e2e-admin-password';

/** Where the apps keep the session in the browser (spec section 9; `SESSION_KEYS` in @store/ui). */
export const SESSION_KEYS = { accessToken: 'access_token', user: 'user' } as const;
