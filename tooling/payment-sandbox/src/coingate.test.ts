import { describe, expect, it } from 'vitest';
import { build } from './test-helpers.ts';

const authTest = (app: Awaited<ReturnType<typeof build>>['app'], authorization?: string) =>
  app.inject({ method: 'GET', url: '/sandbox/coingate/v2/auth/test', headers: authorization === undefined ? {} : { authorization } });

describe('GET /coingate/v2/auth/test', () => {
  it('answers 200 with a JSON true for the default key sent as Token', async () => {
    const { app } = await build();
    const response = await authTest(app, 'Token sandbox-coingate-key');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json()).toBe(true);
  });

  it('accepts the key sent as Bearer, as CoinGate’s SDKs send it', async () => {
    const { app } = await build();
    expect((await authTest(app, 'Bearer sandbox-coingate-key')).statusCode).toBe(200);
  });

  it('refuses a wrong key with 401 BadAuthToken', async () => {
    const { app } = await build();
    const response = await authTest(app, 'Token wrong-key');
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: 'Auth Token is not valid', reason: 'BadAuthToken' });
  });

  it('refuses a request without a key', async () => {
    const { app } = await build();
    expect((await authTest(app)).statusCode).toBe(401);
  });

  it('accepts only the configured keys', async () => {
    const { app } = await build({ coingateKeys: ['live-looking-key'] });
    expect((await authTest(app, 'Token live-looking-key')).statusCode).toBe(200);
    expect((await authTest(app, 'Token sandbox-coingate-key')).statusCode).toBe(401);
  });
});
