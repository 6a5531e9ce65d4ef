/**
 * The credentials the sandbox accepts when none are given. A module of its own (exported as
 * `@store/payment-sandbox/credentials`) so a store can name them without loading the sandbox.
 */
export const SANDBOX_CREDENTIALS: { readonly clientId: string; readonly clientSecret: string; readonly coingateKey: string } = {
  clientId: 'sandbox-client-id',
  clientSecret: 'sandbox-client-secret',
  coingateKey: 'sandbox-coingate-key',
};
