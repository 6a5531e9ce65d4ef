import { routeNames, routes, type RouteDefinition } from '@store/contracts';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestApp } from './helpers/build.ts';
import { validValue, type JsonSchema } from './helpers/schema-arbitrary.ts';

/*
 * The one request validator's answer to a property left out or misnamed (docs/decisions/016): the detail
 * names the missing property, and the unknown ones sent beside it, never another rule's sentence.
 */

let t: TestApp;
let adminToken: string;
let userToken: string;
beforeAll(async () => {
  t = await build({ AUTH_RATE_LIMIT_PER_MINUTE: '100000', LICENSE_KEY_RATE_LIMIT_PER_MINUTE: '100000' });
  adminToken = await t.adminToken();
  userToken = (await t.registerUser()).token;
});
afterAll(() => t.close());

const TOKEN = 'A'.repeat(43);

describe('a misnamed property', () => {
  it('is named beside the missing one: two_factor_token instead of token is not "This sign-in has expired"', async () => {
    const response = await t.request({ method: 'POST', url: '/api/auth/login/2fa', payload: { two_factor_token: TOKEN, code: '123456' } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: 'token is required; two_factor_token is not a known field', code: 'validation_error' });
  });

  it('is named beside the missing one: password instead of new_password is not "Password must be at least 6 characters"', async () => {
    const reset = await t.request({ method: 'POST', url: '/api/auth/password-reset/confirm', payload: { token: TOKEN, password: 'long-enough-password' } });
    expect(reset.statusCode).toBe(400);
    expect(reset.json()).toEqual({ detail: 'new_password is required; password is not a known field', code: 'validation_error' });

    const change = await t.request({
      method: 'POST',
      url: '/api/auth/password',
      token: userToken,
      payload: { current_password: 'whatever-it-is', password: 'long-enough-password' },
    });
    expect(change.statusCode).toBe(400);
    expect(change.json()).toEqual({ detail: 'new_password is required; password is not a known field', code: 'validation_error' });
  });

  it('is named inside a nested object too', async () => {
    const response = await t.request({
      method: 'POST',
      url: '/api/orders',
      payload: {
        items: [{ product_id: '6f0e2a2c-8a8b-4b1e-9a51-2f1d0d3c7b11', quantity: 1 }],
        payment_method: 'paypal',
        invoice_data: { email: 'buyer@example.com', name: 'A', address: 'B', city: 'C', contry: 'D' },
      },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toBe('invoice_data.country is required; invoice_data.contry is not a known field');
  });
});

describe('a missing property', () => {
  it("names itself rather than answering another rule's sentence", async () => {
    const response = await t.request({ method: 'POST', url: '/api/auth/login/2fa', payload: { code: '123456' } });
    expect(response.json()).toEqual({ detail: 'token is required', code: 'validation_error' });
    const reset = await t.request({ method: 'POST', url: '/api/auth/password-reset/confirm', payload: { token: TOKEN } });
    expect(reset.json()).toEqual({ detail: 'new_password is required', code: 'validation_error' });
  });

  // Every route of the table, every required property of its body and query: left out, then sent misnamed.
  const parts = ['body', 'querystring'] as const;
  const cases = routeNames.flatMap((name) => {
    const def = routes[name] as RouteDefinition;
    if (def.multipart) return [];
    return parts.flatMap((part) => {
      const schema: { required?: readonly string[]; properties?: Record<string, { default?: unknown }> } | undefined = def[part];
      // A property with a default is filled in when left out: nothing to name.
      const required = (schema?.required ?? []).filter((property) => schema?.properties?.[property]?.default === undefined);
      return required.map((property) => ({ name, part, property }));
    });
  });

  it('is named in the detail on every route, left out or sent under another name', async () => {
    expect(cases.length).toBeGreaterThan(20);
    const failures: string[] = [];
    for (const { name, part, property } of cases) {
      const def = routes[name] as RouteDefinition;
      const sample = <T>(schema: unknown): T => fc.sample(validValue(schema as JsonSchema), { numRuns: 1, seed: 23 })[0] as T;
      const params = def.params ? sample<Record<string, unknown>>(def.params) : {};
      const url = def.path.replace(/:(\w+)/g, (_match, key: string) => encodeURIComponent(String(params[key])));
      const token = def.access === 'admin' ? adminToken : def.access === 'user' ? userToken : undefined;
      for (const misnamed of [null, `${property}_typo`]) {
        const valid: Record<'body' | 'querystring', Record<string, unknown> | undefined> = {
          body: def.body ? sample(def.body) : undefined,
          querystring: def.querystring ? sample(def.querystring) : undefined,
        };
        const target = { ...valid[part] };
        const value = target[property];
        delete target[property];
        if (misnamed) target[misnamed] = value;
        valid[part] = target;
        const response = await t.request({
          method: def.method,
          url,
          token,
          ...(valid.body ? { payload: valid.body } : {}),
          ...(valid.querystring ? { query: valid.querystring as Record<string, string> } : {}),
        });
        const detail = response.statusCode === 400 ? (response.json().detail as string) : '';
        const named = new RegExp(property.replaceAll('_', '[_ ]'), 'i').test(detail);
        if (!named || (misnamed && !detail.includes(misnamed))) {
          failures.push(`${name} ${part}.${property}${misnamed ? ` sent as ${misnamed}` : ' left out'}: ${response.statusCode} ${response.body}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });
});
