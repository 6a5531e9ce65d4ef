import { describe, expect, it } from 'vitest';
import { csvDocument, csvField, csvRow } from './csv.ts';

describe('csv', () => {
  it('quotes every field and doubles the quotes inside', () => {
    expect(csvField('plain')).toBe('"plain"');
    expect(csvField('say "hi", then\r\nleave')).toBe('"say ""hi"", then\r\nleave"');
    expect(csvField(null)).toBe('""');
    expect(csvField(12.5)).toBe('"12.5"');
  });

  it('prefixes text a spreadsheet would run as a formula with an apostrophe, not numbers', () => {
    expect(['=SUM(A1:A9)', '+1', '-2', '@cmd', '\tx', '\rx'].map(csvField)).toEqual([
      `"'=SUM(A1:A9)"`,
      `"'+1"`,
      `"'-2"`,
      `"'@cmd"`,
      `"'\tx"`,
      `"'\rx"`,
    ]);
    expect(csvField(-2)).toBe('"-2"');
    expect(csvField('a=b')).toBe('"a=b"');
  });

  it('writes a document as UTF-8 with a byte order mark and CRLF after every row', () => {
    const bytes = csvDocument(['name'], [['Zoë'], ['山田']]);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(bytes.subarray(3).toString('utf8')).toBe('"name"\r\n"Zoë"\r\n"山田"\r\n');
    expect(csvRow(['a', 'b'])).toBe('"a","b"\r\n');
  });
});
