import type { LicenseCheckBody } from '@store/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../errors.ts';
import type { RouteHandlers } from '../http/register-routes.ts';
import { licenseKeyDigest } from '../orders/license-keys.ts';
import { storeNow } from '../subscriptions/clock.ts';
import { activateLicense, checkLicense, deactivateLicense, type KeyQuery } from './license-check.ts';

/** Where the per-key counts live in the rate limiter's store: a digest of its own, so they never equal a stored key_digest. */
const RATE_DIGEST_CONTEXT = 'licence-check.rate-limit';

/**
 * The licence check routes (docs/decisions/025-licence-check-api.md). Public: the software the shop sells
 * calls them. Each route has the per-address limit of the route table (`rateLimited`); here, every request
 * also counts against its key, whatever the address, in the same store (Redis with REDIS_URL), so one key
 * tried from many addresses is limited too. The key is never logged: only its row's id.
 */
export function licenseHandlers(app: FastifyInstance): Pick<RouteHandlers, 'validateLicense' | 'activateLicense' | 'deactivateLicense'> {
  const keyText = (body: LicenseCheckBody) => body.key.trim();
  const clock = () => storeNow(app);
  const perKey = app.createRateLimit({
    max: app.config.licenseKeyRateLimitPerMinute,
    timeWindow: 60_000,
    // Runs after validation: the body is the route's, with its key.
    keyGenerator: (request) => `licence-key:${app.dataCipher.digest(keyText(request.body as LicenseCheckBody), RATE_DIGEST_CONTEXT)}`,
  });

  /** Counts the request against its key (429 past the limit) and answers which key it names. */
  async function keyQuery(request: FastifyRequest, body: LicenseCheckBody): Promise<KeyQuery> {
    const limit = await perKey(request);
    if (!limit.isAllowed && limit.isExceeded) {
      request.log.warn('licence check refused: too many requests for one key');
      throw new AppError(
        'too_many_requests',
        'Too many checks of this licence key. Please wait a minute and try again.',
        'too_many_requests',
        {
          'Retry-After': String(limit.ttlInSeconds),
        },
      );
    }
    const text = keyText(body);
    return { digest: licenseKeyDigest(app.dataCipher, text), upperDigest: licenseKeyDigest(app.dataCipher, text.toUpperCase()), productId: body.product_id };
  }

  return {
    validateLicense: async ({ body, request }) => checkLicense(app.db, await keyQuery(request, body), clock),

    activateLicense: async ({ body, request }) => {
      const { status, added, keyId } = await activateLicense(app.db, await keyQuery(request, body), body.instance.trim(), clock);
      if (added) request.log.info({ licenseKeyId: keyId, activations: status.activations }, 'licence activated on a new instance');
      return status;
    },

    deactivateLicense: async ({ body, request }) => {
      const { status, keyId } = await deactivateLicense(app.db, await keyQuery(request, body), body.instance.trim(), clock);
      request.log.info({ licenseKeyId: keyId, activations: status.activations }, 'licence deactivated on an instance');
      return status;
    },
  };
}
