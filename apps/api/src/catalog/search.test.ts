import { describe, expect, it } from 'vitest';
import { editDistance, searchOf, searchWords } from './search.ts';

describe('searchWords', () => {
  it('keeps letters and digits of any script, lower case, and drops the rest', () => {
    expect(searchWords('  Aurora AI-Writer, v2!  ')).toEqual(['aurora', 'ai', 'writer', 'v2']);
    expect(searchWords("'&|!:*()<-> % _ \\")).toEqual([]);
    expect(searchWords('Ñandú 数据 ＡＢＣ')).toEqual(['ñandú', '数据', 'abc']);
  });

  it('takes at most 8 words of at most 40 letters', () => {
    const words = searchWords(`${'x'.repeat(100)} ${Array.from({ length: 20 }, (_, n) => `w${n}`).join(' ')}`);
    expect(words).toHaveLength(8);
    expect(words[0]).toBe('x'.repeat(40));
  });
});

describe('searchOf', () => {
  it('keeps the typed phrase for the exact title, spaces collapsed', () => {
    expect(searchOf('  Brightforge   Full-Stack\tTypeScript ')).toEqual({
      phrase: 'brightforge full-stack typescript',
      words: ['brightforge', 'full', 'stack', 'typescript'],
    });
  });
});

describe('editDistance', () => {
  it.each([
    ['pixel', 'pixel', 0],
    ['piexl', 'pixel', 1],
    ['lumra', 'lumora', 1],
    ['harbourline', 'harborline', 1],
    ['promptcarft', 'promptcraft', 1],
    ['typscript', 'typescript', 1],
    ['kitten', 'sitting', 3],
  ])('%s → %s: %i', (a, b, edits) => {
    expect(editDistance(a, b, 5)).toBe(edits);
  });

  it('stops at the limit', () => {
    expect(editDistance('xylophone', 'phone', 2)).toBe(3);
    expect(editDistance('abcdefgh', 'zyxwvuts', 1)).toBe(2);
  });
});
