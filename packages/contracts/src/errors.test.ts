import { describe, expect, expectTypeOf, it } from 'vitest';
import { ApiError, createApiClient } from './client.ts';
import { ErrorSchema } from './entities.ts';
import { API_ERROR_CODES, CLIENT_ERROR_CODES, ERROR_CODE, ERROR_CODES, isApiErrorCode, type ErrorCode } from './errors.ts';

const answer = (status: number, body: string, contentType = 'application/json') => async () => new Response(body, { status, headers: { 'content-type': contentType } });

describe('the error codes', () => {
  it('lists each code once, in snake_case', () => {
    expect(new Set(ERROR_CODES).size).toBe(ERROR_CODES.length);
    for (const code of ERROR_CODES) expect(code).toMatch(/^[a-z]+(_[a-z]+)*$/);
  });

  it('names every code in ERROR_CODE by itself', () => {
    expect(Object.keys(ERROR_CODE).sort()).toEqual([...ERROR_CODES].sort());
    for (const code of ERROR_CODES) expect(ERROR_CODE[code]).toBe(code);
    expectTypeOf(ERROR_CODE.username_taken).toEqualTypeOf<'username_taken'>();
  });

  it('keeps the client’s own codes apart from what the API sends', () => {
    for (const code of CLIENT_ERROR_CODES) expect(isApiErrorCode(code)).toBe(false);
    for (const code of API_ERROR_CODES) expect(isApiErrorCode(code)).toBe(true);
    expect(isApiErrorCode('usernme_taken')).toBe(false);
  });

  it('lists the API’s codes in the error schema, so the OpenAPI document shows them', () => {
    expect((ErrorSchema.properties.code as unknown as { enum: unknown[] }).enum).toEqual([...API_ERROR_CODES]);
  });
});

describe('ApiError.code in the typed client', () => {
  it('is the server’s code when the client knows it', async () => {
    const api = createApiClient({ fetch: answer(409, JSON.stringify({ detail: 'That username is taken', code: 'username_taken' })) });
    const error = await api.register({ body: { username: 'ana', email: 'ana@example.com', password: 'secret1' } }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 409, code: ERROR_CODE.username_taken, detail: 'That username is taken' });
    expectTypeOf<ApiError['code']>().toEqualTypeOf<ErrorCode>();
  });

  it('is unknown_error, with the server’s detail kept, for a code this client does not know', async () => {
    const api = createApiClient({ fetch: answer(400, JSON.stringify({ detail: 'Something new', code: 'brand_new_code' })) });
    await expect(api.login({ body: { username: 'a', password: 'b' } })).rejects.toMatchObject({ code: ERROR_CODE.unknown_error, detail: 'Something new' });
  });

  it('is http_error for an answer that is not the API’s JSON error (a proxy’s page)', async () => {
    const api = createApiClient({ fetch: answer(502, '<html>Bad gateway</html>', 'text/html') });
    await expect(api.login({ body: { username: 'a', password: 'b' } })).rejects.toMatchObject({ code: ERROR_CODE.http_error, status: 502 });
  });
});
