/**
 * What to tell the shopper when registering or changing the password fails (spec section 8): the
 * server's `detail`, else the form's generic failure; no answer at all is its network error. The same
 * rule as the login's, written once in the shell.
 */
export { authFailureMessage, type AuthFailureMessages } from '@store/shell';
