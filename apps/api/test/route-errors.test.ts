import { readFile } from 'node:fs/promises';
import { routeNames } from '@store/contracts';
import { describe, expect, it } from 'vitest';
import { GENERATED, generatedSource, readRouteErrors } from '../scripts/route-errors.ts';

/*
 * The error codes the OpenAPI document gives each route are read from its handler (scripts/route-errors.ts); the
 * file the server carries must be what the sources say today. The conformance check of every API test's answers
 * (helpers/conformance.ts) catches a code the reading missed.
 */
describe('the errors each route’s handler can give', () => {
  const reading = readRouteErrors();

  it('are read from every handler, every kind and code written out', () => {
    expect(reading.unread).toEqual([]);
    expect(Object.keys(reading.errors)).toHaveLength(routeNames.length);
  });

  it('follow what a handler calls: its own throws, imported helpers, services’ methods and callbacks', () => {
    const { errors } = reading;
    // Thrown in the handler's own module.
    expect(errors.getProduct?.['404']).toEqual(['product_not_found']);
    // In a repository the handler imports (a unique violation turned into a clash).
    expect(errors.register?.['409']).toContain('username_taken');
    // In the PayPal client's methods, a class the payment service calls through `app.paypal`.
    expect(errors.paypalCaptureOrder?.['502']).toEqual(expect.arrayContaining(['paypal_error', 'paypal_unreachable']));
    // In a transaction's callback.
    expect(errors.createOrder?.['409']).toContain('out_of_stock');
    expect(errors.download?.['403']).toEqual(['download_limit_reached', 'invalid_download_link', 'order_refunded']);
  });

  it('leave out failures that are caught and only logged (mail sent after the answer)', () => {
    const { errors } = reading;
    // A password reset mails the link through the outbox; a failing mail server is retried, not answered.
    expect(errors.requestPasswordReset).toEqual({});
    expect(Object.values(errors.login ?? {}).flat()).not.toContain('smtp_not_configured');
    // The mail test sends at once: its failures are the answer.
    expect(errors.adminTestEmail?.['409']).toContain('smtp_not_configured');
  });

  it('are what the server carries: `pnpm --filter @store/api openapi:errors` writes them again after a change', async () => {
    expect(await readFile(GENERATED, 'utf8')).toBe(generatedSource(reading.errors));
  });
});
