import { describe, expect, it } from 'vitest';
import { attachmentDisposition, cleanFileName } from './content-disposition.ts';

/** What a browser does with the header: prefer `filename*`, percent-decoded as UTF-8. */
function savedName(disposition: string): string {
  const encoded = /filename\*=UTF-8''([^;\s]+)/.exec(disposition)?.[1];
  if (encoded === undefined) throw new Error(`no filename* in ${disposition}`);
  return decodeURIComponent(encoded);
}

describe('attachmentDisposition', () => {
  it('names a plain ASCII file twice, the same way', () => {
    expect(attachmentDisposition('course-v2.zip')).toBe(`attachment; filename="course-v2.zip"; filename*=UTF-8''course-v2.zip`);
  });

  it('carries any Unicode name exactly in filename*, with an ASCII stand-in in filename', () => {
    const name = 'Ünïcödé «Kurs» 数据 😀.pdf';
    const header = attachmentDisposition(name);
    expect(savedName(header)).toBe(name);
    expect(header).toContain('filename="_n_c_d_ _Kurs_ __ _.pdf"');
    expect(/^[\x20-\x7e]*$/.test(header)).toBe(true);
  });

  it('cannot be broken out of by quotes, semicolons, backslashes or percent signs', () => {
    const name = `a"; filename="evil.exe\\%41'(x)*.txt`;
    const header = attachmentDisposition(name);
    expect(header).toBe(`attachment; filename="a_; filename=_evil.exe__41'(x)*.txt"; filename*=UTF-8''a%22%3B%20filename%3D%22evil.exe_%2541%27%28x%29%2A.txt`);
    expect(savedName(header)).toBe(`a"; filename="evil.exe_%41'(x)*.txt`);
  });

  it('drops control characters and direction marks, and never answers an empty or path-like name', () => {
    expect(cleanFileName('invoice\u202Efdp.exe')).toBe('invoicefdp.exe');
    expect(cleanFileName('line\r\nbreak\u0000.txt')).toBe('linebreak.txt');
    expect(cleanFileName('../../etc/passwd')).toBe('.._.._etc_passwd');
    expect(cleanFileName('  ')).toBe('download');
    expect(cleanFileName('..')).toBe('download');
    expect(cleanFileName('broken\uD800surrogate.txt')).toBe('brokensurrogate.txt');
    expect(attachmentDisposition('')).toBe(`attachment; filename="download"; filename*=UTF-8''download`);
  });
});
