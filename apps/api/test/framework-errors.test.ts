import { request } from 'node:http';
import { ErrorSchema } from '@store/contracts';
import { Value } from 'typebox/value';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestApp } from './helpers/build.ts';

/*
 * What the router and Node's HTTP parser refuse before any route runs is answered in the API's one error shape,
 * `{ detail, code }` (the OpenAPI document's `Error`), not the framework's `{ error, message, statusCode }`. Sent
 * over a real socket where the parser or the router answers (431, a bad path): those never reach `inject`.
 */

let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await build();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as { port: number }).port;
});
afterAll(() => t.close());

interface Answer {
  status: number;
  type: string | undefined;
  body: unknown;
}

function send(path: string, options: { method?: string; headers?: Record<string, string> } = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const outgoing = request({ host: '127.0.0.1', port, path, method: options.method ?? 'GET', headers: options.headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        resolve({ status: response.statusCode ?? 0, type: response.headers['content-type'], body: text ? JSON.parse(text) : null });
      });
    });
    outgoing.on('error', reject);
    outgoing.end();
  });
}

function expectError(answer: Answer, status: number, code: string): void {
  expect(answer.status).toBe(status);
  expect(answer.type).toBe('application/json; charset=utf-8');
  expect(Value.Check(ErrorSchema, answer.body), JSON.stringify(answer.body)).toBe(true);
  expect(answer.body).toMatchObject({ code, detail: expect.stringMatching(/\S/) });
}

describe('a request the framework refuses', () => {
  it('with headers over 16 KB: 431 request_headers_too_large', async () => {
    expectError(await send('/api/products', { headers: { 'x-padding': 'a'.repeat(20_000) } }), 431, 'request_headers_too_large');
  });

  it('with an address over 16 KB: the same 431 (the request line counts with the headers)', async () => {
    expectError(await send(`/api/products?q=${'a'.repeat(20_000)}`), 431, 'request_headers_too_large');
  });

  it('with a broken percent-encoding in the path: 400 bad_request', async () => {
    expectError(await send('/api/products/%E0%A4%A'), 400, 'bad_request');
  });

  it('with a path parameter over the router’s limit: 414 uri_too_long, wherever the parameter is', async () => {
    expectError(await send(`/api/admin/orders/${'a'.repeat(200)}/refund`, { method: 'POST' }), 414, 'uri_too_long');
    // The last segment: the router finds no route rather than refusing, and the file server must not answer it
    // (it answered 404 up to about 4,000 characters, and 403 "Forbidden" beyond).
    for (const length of [101, 2_000, 5_000]) {
      expectError(await send(`/api/products/${'a'.repeat(length)}`), 414, 'uri_too_long');
      expectError(await send(`/api/guest/orders/${'x'.repeat(length)}`, { method: 'DELETE' }), 414, 'uri_too_long');
    }
    // At the limit, the route's own check answers.
    expectError(await send(`/api/products/${'a'.repeat(100)}`), 400, 'validation_error');
  });

  it('with an address under /api that no route takes: 404 route_not_found, for every method, never a page', async () => {
    for (const method of ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE']) {
      const answer = await send('/api/no-such-thing/here', { method });
      expect(answer.status, method).toBe(404);
      if (method !== 'HEAD') expectError(answer, 404, 'route_not_found');
    }
  });

  it('with a JSON body that does not parse, is empty, is too large or is not JSON: the documented codes', async () => {
    // Bodies are read by Fastify, not the parser: `inject` goes through the same content-type parsers.
    const post = async (headers: Record<string, string>, payload: string) => {
      const response = await t.app.inject({ method: 'POST', url: '/api/auth/login', headers, payload });
      return { status: response.statusCode, type: String(response.headers['content-type']), body: response.json<unknown>() };
    };
    const json = { 'content-type': 'application/json' };
    expectError(await post(json, '{"login":'), 400, 'malformed_json');
    expectError(await post(json, ''), 400, 'bad_request');
    expectError(await post(json, `{"login":"${'x'.repeat(2_000_000)}"}`), 413, 'payload_too_large');
    expectError(await post({ 'content-type': 'text/plain' }, 'hello'), 415, 'unsupported_media_type');
  });

  it('with a method no route has: 404 route_not_found', async () => {
    expectError(await send('/api/products', { method: 'PROPFIND' }), 404, 'route_not_found');
  });

  it('keeps serving afterwards', async () => {
    expect((await send('/api/products/categories')).status).toBe(200);
  });
});
