import { randomBytes } from 'node:crypto';
import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { DataCipher, DataDecryptionError, generateDataEncryptionKey, parseDataEncryptionKey } from './data-encryption.ts';

const KEY = Buffer.from('0123456789abcdef0123456789abcdef');
const cipher = new DataCipher(KEY);
const CONTEXT = 'license_keys.key_value:product-1';

/** The envelope with one byte of its part `index` (1 = IV, 2 = ciphertext and tag) flipped. */
function flipByte(envelope: string, index: 1 | 2, at: number): string {
  const parts = envelope.split('.');
  const bytes = Buffer.from(parts[index]!, 'base64url');
  bytes[at] = bytes[at]! ^ 0x01;
  parts[index] = bytes.toString('base64url');
  return parts.join('.');
}

const refused = (envelope: string, context = CONTEXT, by = cipher) => expect(() => by.decrypt(envelope, context)).toThrow(DataDecryptionError);

describe('DataCipher', () => {
  it('decrypts what it encrypted, whatever the text', () => {
    for (const plain of ['KV-ABCDE-FGHJK', '', 'pässwörd with spaces ✓ 🔑', 'x'.repeat(10_000)]) {
      expect(cipher.decrypt(cipher.encrypt(plain, CONTEXT), CONTEXT)).toBe(plain);
    }
  });

  it('writes the versioned envelope v1.<12-byte IV>.<ciphertext and 16-byte tag>, base64url, without the value in it', () => {
    const envelope = cipher.encrypt('KV-ABCDE-FGHJK', CONTEXT);
    expect(envelope).toMatch(/^v1\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]+$/);
    const [, iv, sealed] = envelope.split('.');
    expect(Buffer.from(iv!, 'base64url')).toHaveLength(12);
    expect(Buffer.from(sealed!, 'base64url')).toHaveLength('KV-ABCDE-FGHJK'.length + 16);
    expect(envelope).not.toContain('KV-ABCDE');
  });

  it('gives two different envelopes (and IVs) for two encryptions of the same value', () => {
    const first = cipher.encrypt('same value', CONTEXT);
    const second = cipher.encrypt('same value', CONTEXT);
    expect(first).not.toBe(second);
    expect(first.split('.')[1]).not.toBe(second.split('.')[1]);
  });

  it('refuses a tampered ciphertext, tag or IV', () => {
    const envelope = cipher.encrypt('KV-ABCDE-FGHJK', CONTEXT);
    refused(flipByte(envelope, 2, 0)); // ciphertext
    refused(flipByte(envelope, 2, 'KV-ABCDE-FGHJK'.length + 3)); // tag
    refused(flipByte(envelope, 1, 5)); // IV
    const [version, iv, sealed] = envelope.split('.');
    refused([version, iv, sealed!.slice(0, -4)].join('.')); // truncated
  });

  it('refuses a value moved to another column or row: the context is the associated data', () => {
    const envelope = cipher.encrypt('secret', 'site_settings.smtp_password');
    refused(envelope, 'site_settings.paypal_client_secret');
    refused(cipher.encrypt('KV-1', 'license_keys.key_value:product-1'), 'license_keys.key_value:product-2');
  });

  it('refuses an envelope sealed with another key', () => {
    const other = new DataCipher(randomBytes(32));
    refused(other.encrypt('secret', CONTEXT));
  });

  it.each([
    ['a value in clear', 'KV-ABCDE-FGHJK'],
    ['an unknown version', 'v2.AAAAAAAAAAAAAAAA.AAAAAAAAAAAAAAAAAAAAAA'],
    ['an extra part', `${cipher.encrypt('x', CONTEXT)}.AAAA`],
    ['an IV of the wrong length', 'v1.AAAAAAAA.AAAAAAAAAAAAAAAAAAAAAA'],
    ['text that is not base64url', 'v1.AAAAAAAAAAAAAAAA.AA+A/AAAAAAAAAAAAAAAAAA'],
    ['no tag', 'v1.AAAAAAAAAAAAAAAA.AAAA'],
    ['the empty string', ''],
  ])('refuses %s with a DataDecryptionError that does not repeat it', (_name, envelope) => {
    try {
      cipher.decrypt(envelope, CONTEXT);
      expect.unreachable('decrypt accepted a malformed envelope');
    } catch (error) {
      expect(error).toBeInstanceOf(DataDecryptionError);
      if (envelope.length > 8) expect((error as Error).message).not.toContain(envelope);
    }
  });

  it('digests a value the same way every time, differently per key and per context, and never as the value', () => {
    const digest = cipher.digest('KV-ABCDE-FGHJK', 'license_keys.key_value');
    expect(digest).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(cipher.digest('KV-ABCDE-FGHJK', 'license_keys.key_value')).toBe(digest);
    expect(new DataCipher(KEY).digest('KV-ABCDE-FGHJK', 'license_keys.key_value')).toBe(digest);
    expect(cipher.digest('KV-ABCDE-FGHJX', 'license_keys.key_value')).not.toBe(digest);
    expect(cipher.digest('KV-ABCDE-FGHJK', 'another.column')).not.toBe(digest);
    expect(new DataCipher(randomBytes(32)).digest('KV-ABCDE-FGHJK', 'license_keys.key_value')).not.toBe(digest);
  });

  it('names its key by an id that is stable per key and reveals nothing of it', () => {
    expect(new DataCipher(KEY).keyId).toBe(cipher.keyId);
    expect(new DataCipher(randomBytes(32)).keyId).not.toBe(cipher.keyId);
    expect(cipher.keyId).not.toContain(KEY.toString('base64url').slice(0, 8));
  });

  it('never shows its keys in JSON or in util.inspect (so not in a log line)', () => {
    const shown = `${JSON.stringify({ cipher })} ${inspect(cipher, { showHidden: true, depth: 5 })}`;
    for (const written of [KEY.toString('hex'), KEY.toString('base64'), KEY.toString('utf8')]) expect(shown).not.toContain(written);
    expect(shown).not.toMatch(/[0-9a-f]{64}/);
  });

  it('refuses a master key that is not 32 bytes', () => {
    expect(() => new DataCipher(randomBytes(16))).toThrow(/32 bytes/);
  });
});

describe('parseDataEncryptionKey', () => {
  const bytes = Buffer.from('q83vEjRWeJCrze8SNFZ4kKvN7xI0VniQq83vEjRWeJA=', 'base64');

  it('reads 32 bytes written in hex (either case), base64 (padded or not) or base64url, trimming spaces', () => {
    for (const written of [bytes.toString('hex'), bytes.toString('hex').toUpperCase(), bytes.toString('base64'), bytes.toString('base64').replace(/=$/, ''), bytes.toString('base64url'), ` ${bytes.toString('base64')}\n`]) {
      expect(parseDataEncryptionKey(written)?.equals(bytes)).toBe(true);
    }
  });

  it.each([
    ['too short', randomBytes(16).toString('base64')],
    ['too long', randomBytes(48).toString('base64')],
    ['63 hex digits', bytes.toString('hex').slice(1)],
    ['a passphrase', 'correct horse battery staple and more words'],
    ['base64 with stray bits in its last character', `${bytes.toString('base64url').slice(0, 42)}B`],
    ['all zeros', '0'.repeat(64)],
    ['one byte repeated', Buffer.alloc(32, 0xab).toString('base64')],
    ['empty', ''],
  ])('refuses %s', (_name, written) => {
    expect(parseDataEncryptionKey(written)).toBeNull();
  });

  it('generates keys it reads back, each new', () => {
    const first = generateDataEncryptionKey();
    expect(parseDataEncryptionKey(first)).toHaveLength(32);
    expect(generateDataEncryptionKey()).not.toBe(first);
  });
});
