import { describe, expect, it } from 'vitest';
import { cutAtWord, plainLine, plainParagraphs } from './plain-text.ts';

describe('cutAtWord', () => {
  it('leaves a text that fits as it is', () => {
    expect(cutAtWord('Twelve chars', 12)).toBe('Twelve chars');
  });

  it('cuts after the last whole word and ends with an ellipsis within the limit', () => {
    const cut = cutAtWord('The quick brown fox jumps over the lazy dog', 24);
    expect(cut).toBe('The quick brown fox…');
    expect(cut.length).toBeLessThanOrEqual(24);
  });

  it('keeps a word that ends right at the limit when a space follows', () => {
    expect(cutAtWord('alpha beta gamma', 11)).toBe('alpha beta…');
    expect(cutAtWord('alpha beta  gamma', 12)).toBe('alpha beta…');
  });

  it('drops punctuation left before the ellipsis', () => {
    expect(cutAtWord('First part, second part goes on', 20)).toBe('First part, second…');
    expect(cutAtWord('Done here. And more words follow', 18)).toBe('Done here. And…');
    expect(cutAtWord('Done here, and more words follow', 14)).toBe('Done here…');
  });

  it('cuts one very long word in its middle rather than leaving almost nothing', () => {
    const cut = cutAtWord(`A ${'x'.repeat(300)}`, 160);
    expect(cut).toHaveLength(160);
    expect(cut.endsWith('x…')).toBe(true);
  });

  it('never leaves half of a surrogate pair before the ellipsis', () => {
    const cut = cutAtWord('😀'.repeat(100), 12);
    expect(cut).toBe(`${'😀'.repeat(5)}…`);
  });
});

describe('plainLine', () => {
  it('removes NUL and other control characters and lone surrogates', () => {
    expect(plainLine('Key\u0000Vault\u0007 Pro\u009F \uD800Max', 100)).toBe('KeyVault Pro Max');
  });

  it('makes every run of white space, line breaks too, one space, and trims', () => {
    expect(plainLine('  Line one\r\n\n\tline\u2028two  ', 100)).toBe('Line one line two');
  });

  it('keeps a text of a megabyte within the limit', () => {
    const line = plainLine('word '.repeat(200_000), 160);
    expect(line.length).toBeLessThanOrEqual(160);
    expect(line.endsWith('word…')).toBe(true);
  });
});

describe('plainParagraphs', () => {
  it('keeps line breaks as \\n, at most one blank line, and spaces collapsed', () => {
    expect(plainParagraphs('First  line \r\nsecond\u0000 line\n\n\n\nLast\t\tone\n', 100)).toBe('First line\nsecond line\n\nLast one');
  });

  it('keeps a text of a megabyte within the limit', () => {
    const text = plainParagraphs(`${'A sentence of words.\n'.repeat(50_000)}`, 5000);
    expect(text.length).toBeLessThanOrEqual(5000);
    expect(text.endsWith('…')).toBe(true);
  });
});
