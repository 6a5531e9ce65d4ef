import { describe, expect, it } from 'vitest';
import { addressNetwork, cleanHeaderText } from './security-notices.ts';

describe('the network a sign-in address belongs to', () => {
  it('is an IPv4 address itself, and an IPv4-mapped IPv6 address its IPv4', () => {
    expect(addressNetwork('203.0.113.7')).toBe('203.0.113.7');
    expect(addressNetwork('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(addressNetwork('::FFFF:203.0.113.7')).toBe('203.0.113.7');
  });

  it("is an IPv6 address's /64, however it is written", () => {
    const network = '2001:db8:1:2::/64';
    for (const address of ['2001:db8:1:2::a', '2001:0DB8:0001:0002:ffff:0:0:1', '2001:db8:1:2:aaaa:bbbb:cccc:dddd']) {
      expect(addressNetwork(address)).toBe(network);
    }
    expect(addressNetwork('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressNetwork('::1')).toBe('0:0:0:0::/64');
    expect(addressNetwork('2001:db8:1:3::a')).not.toBe(network);
  });

  it('is the text itself when it is no address (a proxy header that was not one)', () => {
    expect(addressNetwork('unknown')).toBe('unknown');
  });
});

describe('header text in a mail', () => {
  it('decodes UTF-8 that Node read as Latin-1, and keeps Latin-1 that is not UTF-8', () => {
    expect(cleanHeaderText(Buffer.from('Navigateur-é ✓', 'utf8').toString('latin1'), 200)).toBe('Navigateur-é ✓');
    expect(cleanHeaderText('Caf\u00e9', 200)).toBe('Café');
  });

  it('drops control and bidirectional characters, reads line breaks as spaces, makes runs of spaces one, and cuts at the limit by characters', () => {
    expect(cleanHeaderText('Evil\u0000Agent\r\nBcc: x@example.com\u202Etxt.exe', 200)).toBe('EvilAgent Bcc: x@example.comtxt.exe');
    expect(cleanHeaderText(`${'é'.repeat(10)}`, 4)).toBe('éééé');
    expect(cleanHeaderText(['a', 'b'], 10)).toBe('a, b');
    expect(cleanHeaderText(undefined, 10)).toBe('');
  });
});
