import { describe, expect, it } from 'vitest';
import { headerText } from './header-text.ts';

/** A header value as Node's parser gives it for these raw bytes: one latin1 character per byte. */
const asReceived = (bytes: Buffer) => bytes.toString('latin1');

describe('headerText', () => {
  it('reads UTF-8 bytes as UTF-8, not as latin1', () => {
    expect(headerText(asReceived(Buffer.from('Navigateur/2.0 (Ünïcödé; 日本語) 🦊', 'utf8')), 512)).toBe('Navigateur/2.0 (Ünïcödé; 日本語) 🦊');
  });

  it('keeps bytes that are not UTF-8 as the latin1 characters they are', () => {
    expect(headerText(asReceived(Buffer.from([0x43, 0x61, 0x66, 0xe9])), 512)).toBe('Café');
  });

  it('drops control characters (C0, DEL, C1), direction overrides and lone surrogates', () => {
    expect(headerText('a\u0000b\u0001c\td\u007fe', 512)).toBe('abcde');
    expect(headerText(asReceived(Buffer.from('x\u0085y\u009bz', 'utf8')), 512)).toBe('xyz');
    expect(headerText(asReceived(Buffer.from([0x61, 0x9b, 0x62])), 512)).toBe('ab');
    expect(headerText('evil\u202Egpj.exe\u2066', 512)).toBe('evilgpj.exe');
    expect(headerText('half \uD83D pair', 512)).toBe('half  pair');
  });

  it('bounds the text by characters without splitting one', () => {
    expect(headerText('🦊'.repeat(600), 512)).toBe('🦊'.repeat(512));
    expect(headerText(asReceived(Buffer.from('é'.repeat(600), 'utf8')), 512)).toBe('é'.repeat(512));
  });
});
