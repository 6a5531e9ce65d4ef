import type { SiteSettings } from '@store/contracts';
import { SANDBOX_CREDENTIALS } from '@store/payment-sandbox/credentials';
import type { Config } from '../env.ts';

export const PAYPAL_BASE_URLS = { sandbox: 'https://api-m.sandbox.paypal.com', live: 'https://api-m.paypal.com' } as const;

export const LOCAL_SANDBOX_PREFIX = '/sandbox';

export interface PayPalEndpoint {
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  /** True when payments go to the local sandbox rather than PayPal: the shop shows a notice. */
  local: boolean;
}

/**
 * Where PayPal calls go. Stored credentials use PayPal at the environment's fixed address (or the
 * test override); without them, the local sandbox when it is enabled; otherwise PayPal is not set up.
 */
export function resolvePayPalEndpoint(config: Config, settings: SiteSettings): PayPalEndpoint | null {
  if (settings.paypal_client_id && settings.paypal_client_secret) {
    return {
      baseUrl: config.paypalApiUrl ?? PAYPAL_BASE_URLS[settings.paypal_environment],
      clientId: settings.paypal_client_id,
      clientSecret: settings.paypal_client_secret,
      local: config.paypalApiUrl !== null,
    };
  }
  if (!config.paymentSandbox) return null;
  return {
    baseUrl: config.paypalApiUrl ?? `http://127.0.0.1:${config.port}${LOCAL_SANDBOX_PREFIX}`,
    clientId: SANDBOX_CREDENTIALS.clientId,
    clientSecret: SANDBOX_CREDENTIALS.clientSecret,
    local: true,
  };
}
