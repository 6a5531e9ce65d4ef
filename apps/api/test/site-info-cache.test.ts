import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matchesIfNoneMatch } from '../src/settings/site-info-cache.ts';
import { build, type TestApp } from './helpers/build.ts';

describe('the site information after a settings save (issue 11, defect 2)', () => {
  // Its own app: the test changes the one settings row.
  let t: TestApp;
  beforeAll(async () => {
    t = await build();
  });
  afterAll(() => t.close());

  const siteInfo = (headers: Record<string, string> = {}) => t.request({ method: 'GET', url: '/api/site-info', headers });

  it('is revalidated on every load: an ETag, no-cache, and a bodiless 304 for the ETag the browser holds', async () => {
    const first = await siteInfo();
    expect(first.statusCode).toBe(200);
    const etag = first.headers.etag;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers['cache-control']).toBe('public, no-cache');
    expect(first.headers['cache-control']).not.toMatch(/max-age/);

    const again = await siteInfo({ 'if-none-match': String(etag) });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);

    const other = await siteInfo({ 'if-none-match': '"something-else"' });
    expect(other.statusCode).toBe(200);
    expect(other.json().site_name).toBe(first.json().site_name);
  });

  it('answers the new name at once after a save, under a new ETag', async () => {
    const before = await siteInfo();
    const etag = String(before.headers.etag);

    const saved = await t.request({ method: 'PUT', url: '/api/admin/settings', payload: { site_name: 'Renamed Keys' }, token: await t.adminToken() });
    expect(saved.statusCode).toBe(200);

    const after = await siteInfo({ 'if-none-match': etag });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(etag);
    expect(after.json().site_name).toBe('Renamed Keys');
    expect((await siteInfo({ 'if-none-match': String(after.headers.etag) })).statusCode).toBe(304);
  });
});

describe('If-None-Match', () => {
  it('matches the ETag in a list, weak or strong, and *', () => {
    expect(matchesIfNoneMatch('"a", "b"', '"b"')).toBe(true);
    expect(matchesIfNoneMatch('W/"b"', '"b"')).toBe(true);
    expect(matchesIfNoneMatch('*', '"b"')).toBe(true);
    expect(matchesIfNoneMatch('"a"', '"b"')).toBe(false);
    expect(matchesIfNoneMatch(undefined, '"b"')).toBe(false);
  });
});
