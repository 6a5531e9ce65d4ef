import type { SiteSettings } from '@store/contracts';
import type { Config } from '../env.ts';
import { LOCAL_SANDBOX_PREFIX } from './paypal-endpoint.ts';

export const COINGATE_BASE_URLS = { sandbox: 'https://api-sandbox.coingate.com/v2', live: 'https://api.coingate.com/v2' } as const;

/** CoinGate's address: the environment's fixed URL, the test override, or the local sandbox while it stands in for the providers. */
export function coingateBaseUrl(config: Config, settings: SiteSettings, paymentsLocal: boolean): string {
  if (config.coingateApiUrl) return config.coingateApiUrl;
  if (paymentsLocal && config.paymentSandbox) return `http://127.0.0.1:${config.port}${LOCAL_SANDBOX_PREFIX}/coingate/v2`;
  return COINGATE_BASE_URLS[settings.coingate_environment];
}

/** CoinGate's credentials test (GET /auth/test): any 200 means the key works. */
export async function testCoingateKey(baseUrl: string, apiKey: string, fetchImpl: typeof fetch = fetch): Promise<{ status: 'success' | 'error'; message: string }> {
  if (!apiKey) return { status: 'error', message: 'No CoinGate API key is saved' };
  try {
    const response = await fetchImpl(`${baseUrl}/auth/test`, {
      headers: { Authorization: `Token ${apiKey}`, Accept: 'application/json' },
      signal: AbortSignal.timeout(10_000),
    });
    if (response.ok) return { status: 'success', message: 'CoinGate API connection successful' };
    const body = (await response.json().catch(() => ({}))) as { message?: string; reason?: string };
    return { status: 'error', message: body.message ?? `CoinGate answered ${response.status}` };
  } catch {
    return { status: 'error', message: 'CoinGate could not be reached' };
  }
}
