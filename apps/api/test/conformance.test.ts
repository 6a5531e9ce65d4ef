import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestApp } from './helpers/build.ts';
import { assertConforms, Conformance } from './helpers/conformance.ts';

/*
 * The checker every API test's answers pass through (helpers/build.ts): it must catch an answer that breaks the
 * document, or the 1,600 tests behind it prove nothing about the document.
 */

/** An answer as inject gives it, written by hand. */
function answer(statusCode: number, body: string, contentType = 'application/json; charset=utf-8'): LightMyRequestResponse {
  return { statusCode, body, rawPayload: Buffer.from(body), headers: { 'content-type': contentType } } as unknown as LightMyRequestResponse;
}

describe('the conformance checker', () => {
  const checker = new Conformance();
  let t: TestApp;
  beforeAll(async () => {
    t = await build();
  });
  afterAll(() => t.close());

  it('passes the server’s own answers', async () => {
    for (const url of ['/api/products', '/api/products/categories', '/api/site-info']) {
      const response = await t.request({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(checker.check('GET', url, response)).toBeNull();
    }
    const notFound = await t.request({ method: 'GET', url: '/api/products/00000000-0000-4000-8000-000000000000' });
    expect(notFound.statusCode).toBe(404);
    expect(checker.check('GET', '/api/products/00000000-0000-4000-8000-000000000000', notFound)).toBeNull();
  });

  it('refuses a status the operation does not document', () => {
    expect(checker.check('GET', '/api/products/categories', answer(409, '{"detail":"x","code":"conflict"}'))).toMatch(/listCategories\) → 409: status not documented/);
  });

  it('refuses an error code the route does not list for that status', () => {
    const product = '/api/products/00000000-0000-4000-8000-000000000000';
    expect(checker.check('GET', product, answer(404, '{"detail":"Product not found","code":"product_not_found"}'))).toBeNull();
    expect(checker.check('GET', product, answer(404, '{"detail":"No order","code":"order_not_found"}'))).toMatch(/does not match the document/);
  });

  it('refuses a body that breaks the schema: a missing field, a wrong type', () => {
    expect(checker.check('GET', '/api/products/categories', answer(200, '{"categories":"all"}'))).toMatch(/does not match the document/);
    expect(checker.check('GET', '/api/auth/me', answer(401, '{"detail":"Not authenticated"}'))).toMatch(/must have required property 'code'/);
    expect(checker.check('GET', '/api/auth/me', answer(401, '{"detail":5,"code":"unauthorized"}'))).toMatch(/\/detail must be string/);
  });

  it('refuses a media type the status does not document, and reads HEAD as GET', () => {
    expect(checker.check('GET', '/api/products', answer(200, '<html></html>', 'text/html'))).toMatch(/media type text\/html not documented/);
    expect(checker.check('HEAD', '/api/products', answer(200, ''))).toBeNull();
  });

  it('leaves paths the document does not cover alone (pages, the payment sandbox)', () => {
    expect(checker.check('GET', '/products/some-page', answer(200, '<html></html>', 'text/html'))).toBeNull();
  });

  it('fails a test’s close with every break it met', () => {
    expect(() => assertConforms([])).not.toThrow();
    expect(() => assertConforms(['GET /api/x → 500: a', 'GET /api/x → 500: a', 'GET /api/y → 409: b'])).toThrow(/2 answer\(s\) break the OpenAPI document/);
  });
});
