import { brotliDecompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { AnswerCache } from './answer-cache.ts';
import { preferredEncoding } from './catalog-cache.ts';

const body = (text: string) => ({ body: Buffer.from(text), productIds: [] as string[] });

describe('AnswerCache', () => {
  it('loads a key once for callers that ask at the same time, then answers from memory', async () => {
    const cache = new AnswerCache({ maxEntries: 10, maxBytes: 1_000_000 });
    let loads = 0;
    const load = async () => {
      loads += 1;
      await new Promise((resolve) => setTimeout(resolve, 10));
      return { body: Buffer.from('{"a":1}'), productIds: ['p1'] };
    };
    const answers = await Promise.all(Array.from({ length: 10 }, () => cache.get('k', load)));
    expect(loads).toBe(1);
    expect(new Set(answers).size).toBe(1);
    await cache.get('k', load);
    expect(loads).toBe(1);
  });

  it('does not keep a failed load: the next caller loads again', async () => {
    const cache = new AnswerCache({ maxEntries: 10, maxBytes: 1_000_000 });
    await expect(cache.get('k', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect((await cache.get('k', async () => body('ok'))).body.toString()).toBe('ok');
  });

  it('answers but does not keep a load overlapped by a change to what it read', async () => {
    const cache = new AnswerCache({ maxEntries: 10, maxBytes: 1_000_000 });
    let release!: () => void;
    const pending = cache.get('k', async () => {
      await new Promise<void>((resolve) => (release = resolve));
      return { body: Buffer.from('old'), productIds: ['p1'] };
    });
    cache.invalidateProduct('p1');
    release();
    expect((await pending).body.toString()).toBe('old');
    expect(cache.stats.entries).toBe(0);

    // A change to another product does not concern it.
    const other = cache.get('k', async () => {
      await new Promise<void>((resolve) => (release = resolve));
      return { body: Buffer.from('new'), productIds: ['p1'] };
    });
    cache.invalidateProduct('p2');
    release();
    await other;
    expect(cache.stats.entries).toBe(1);

    const overlapped = cache.get('j', async () => {
      await new Promise<void>((resolve) => (release = resolve));
      return body('x');
    });
    cache.invalidateAll();
    release();
    await overlapped;
    expect(cache.stats.entries).toBe(0);
  });

  it('drops only the answers that show a product whose stock moved', async () => {
    const cache = new AnswerCache({ maxEntries: 10, maxBytes: 1_000_000 });
    await cache.get('list', async () => ({ body: Buffer.from('[1,2]'), productIds: ['p1', 'p2'] }));
    await cache.get('one', async () => ({ body: Buffer.from('1'), productIds: ['p1'] }));
    await cache.get('two', async () => ({ body: Buffer.from('2'), productIds: ['p2'] }));
    cache.invalidateProduct('p1');
    expect(cache.stats.entries).toBe(1);
    let reloaded = false;
    await cache.get('two', async () => ((reloaded = true), body('2')));
    expect(reloaded).toBe(false);
  });

  it('evicts the least recently used answer past its entry or byte bound', async () => {
    const cache = new AnswerCache({ maxEntries: 2, maxBytes: 100 });
    await cache.get('a', async () => body('a'));
    await cache.get('b', async () => body('b'));
    await cache.get('a', async () => body('a')); // a is now the most recent
    await cache.get('c', async () => body('c'));
    let loaded = '';
    await cache.get('b', async () => ((loaded += 'b'), body('b')));
    await cache.get('a', async () => ((loaded += 'a'), body('a')));
    expect(loaded).toBe('ba');
    const bytes = new AnswerCache({ maxEntries: 100, maxBytes: 100 });
    for (const key of ['1', '2', '3', '4']) await bytes.get(key, async () => body('x'.repeat(24)));
    expect(bytes.stats.bytes).toBeLessThanOrEqual(100);
    expect(bytes.stats.entries).toBe(4);
    await bytes.get('5', async () => body('x'.repeat(24)));
    expect(bytes.stats.entries).toBe(4);
  });

  it('compresses an answer once per coding, counts those bytes, and leaves short answers as they are', async () => {
    const cache = new AnswerCache({ maxEntries: 10, maxBytes: 1_000_000 });
    const json = JSON.stringify(Array.from({ length: 200 }, (_, i) => ({ id: i, title: 'A product title' })));
    const answer = await cache.get('k', async () => body(json));
    const before = cache.stats.bytes;
    const br = cache.encoded(answer, 'br');
    expect(br.encoding).toBe('br');
    expect(brotliDecompressSync(br.bytes).toString()).toBe(json);
    expect(cache.encoded(answer, 'br').bytes).toBe(br.bytes);
    expect(cache.stats.bytes).toBe(before + br.bytes.length);
    const short = await cache.get('s', async () => body('{}'));
    expect(cache.encoded(short, 'gzip')).toEqual({ encoding: 'identity', bytes: short.body });
  });
});

describe('AnswerCache addresses', () => {
  it("answer a remembered address with its key's answer while it is kept, and never after it is dropped", async () => {
    const cache = new AnswerCache({ maxEntries: 10, maxBytes: 1_000_000 });
    expect(cache.answerFor('/api/products?limit=50')).toBeUndefined();
    const answer = await cache.get('list', async () => ({ body: Buffer.from('[1]'), productIds: ['p1'] }));
    cache.remember('/api/products?limit=50', 'list');
    cache.remember('/api/products?limit=050', 'list');
    expect(cache.answerFor('/api/products?limit=50')).toBe(answer);
    expect(cache.answerFor('/api/products?limit=050')).toBe(answer);
    cache.invalidateProduct('p1');
    expect(cache.answerFor('/api/products?limit=50')).toBeUndefined();
    const fresh = await cache.get('list', async () => ({ body: Buffer.from('[2]'), productIds: ['p1'] }));
    expect(cache.answerFor('/api/products?limit=50')).toBe(fresh);
    cache.invalidateAll();
    expect(cache.answerFor('/api/products?limit=050')).toBeUndefined();
  });
});

describe('preferredEncoding', () => {
  it.each([
    [undefined, 'identity'],
    ['gzip, deflate, br', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['*', 'br'],
    ['identity', 'identity'],
    ['gzip;q=0, br;q=0', 'identity'],
    ['GZIP;Q=0.5', 'gzip'],
    ['br;q=abc', 'identity'],
  ])('%s gives %s', (header, expected) => {
    expect(preferredEncoding(header)).toBe(expected);
  });
});
