import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Encryption at rest of the values a database dump must not give away: licence keys and the settings'
 * secrets (docs/decisions/018-data-encryption.md).
 *
 * A value is stored as the text envelope `v1.<iv>.<ciphertext and tag>`, both parts base64url: AES-256-GCM
 * with a random 96-bit IV per value and a 128-bit tag. The associated data is the version and the value's
 * context (table, column and, for a licence key, its product), so a value copied into another column or row
 * fails its tag instead of being read there. A keyed digest (HMAC-SHA256) stands in for the value where the
 * database must compare values (uniqueness, look-ups). Both keys are derived by HKDF from one master key, so
 * a digest reveals nothing an attacker could use against the encryption.
 */

/** The master key's length: AES-256 and HMAC-SHA256 both want 32 bytes. */
export const DATA_KEY_BYTES = 32;
const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;
const BASE64URL = /^[A-Za-z0-9_-]*$/;
const HKDF_SALT = 'store data encryption';

/** A stored value that cannot be opened: the wrong key, or a value altered or moved. Never carries the value. */
export class DataDecryptionError extends Error {
  constructor(readonly context: string) {
    super(`A value encrypted at rest (${context}) could not be decrypted: the data encryption key is not the one it was stored with, or the value was altered or moved`);
    this.name = 'DataDecryptionError';
  }
}

/**
 * Reads a master key written as 64 hex digits or as base64 / base64url (43 characters, or 44 with the
 * padding): 32 bytes, or null for anything else. A key of one byte repeated (all zeros) is refused too.
 */
export function parseDataEncryptionKey(text: string): Buffer | null {
  const trimmed = text.trim();
  let key: Buffer | null = null;
  if (/^[0-9a-fA-F]{64}$/.test(trimmed)) key = Buffer.from(trimmed, 'hex');
  else {
    const base64url = trimmed.replace(/=$/, '').replace(/\+/g, '-').replace(/\//g, '_');
    if (base64url.length === 43 && BASE64URL.test(base64url)) {
      const decoded = Buffer.from(base64url, 'base64url');
      // Strict: the unused low bits of the last character must be zero, so one key has one spelling.
      if (decoded.length === DATA_KEY_BYTES && decoded.toString('base64url') === base64url) key = decoded;
    }
  }
  if (key === null) return null;
  const first = key[0];
  return key.every((byte) => byte === first) ? null : key;
}

/** A new random master key, written as base64 (what the embedded demo keeps in its data folder). */
export function generateDataEncryptionKey(): string {
  return randomBytes(DATA_KEY_BYTES).toString('base64');
}

const subkey = (master: Uint8Array, purpose: string) => Buffer.from(hkdfSync('sha256', master, HKDF_SALT, purpose, DATA_KEY_BYTES));

const decodePart = (part: string | undefined): Buffer | null => (part !== undefined && BASE64URL.test(part) ? Buffer.from(part, 'base64url') : null);

/**
 * Encrypts, decrypts and digests with one master key. The keys live in private fields: neither
 * `JSON.stringify` nor `util.inspect` (so no log line) can show them.
 */
export class DataCipher {
  readonly #encryptionKey: Buffer;
  readonly #digestKey: Buffer;
  /** Names the master key without revealing it: stored in the database to notice a start with another key. */
  readonly keyId: string;

  constructor(masterKey: Uint8Array) {
    if (masterKey.length !== DATA_KEY_BYTES) throw new Error(`The data encryption key must be ${DATA_KEY_BYTES} bytes`);
    this.#encryptionKey = subkey(masterKey, 'aes-256-gcm v1');
    this.#digestKey = subkey(masterKey, 'hmac-sha256 digest v1');
    this.keyId = subkey(masterKey, 'key id v1').subarray(0, 16).toString('base64url');
  }

  /** Seals `plaintext` for the place named by `context` (e.g. `site_settings.smtp_password`). */
  encrypt(plaintext: string, context: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.#encryptionKey, iv, { authTagLength: TAG_BYTES });
    cipher.setAAD(associatedData(context));
    const sealed = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final(), cipher.getAuthTag()]);
    return `${VERSION}.${iv.toString('base64url')}.${sealed.toString('base64url')}`;
  }

  /** Opens an envelope sealed for `context`; throws DataDecryptionError for anything else. */
  decrypt(envelope: string, context: string): string {
    const [version, ivPart, sealedPart, ...rest] = envelope.split('.');
    const iv = decodePart(ivPart);
    const sealed = decodePart(sealedPart);
    if (version !== VERSION || rest.length > 0 || iv?.length !== IV_BYTES || sealed === null || sealed.length < TAG_BYTES) {
      throw new DataDecryptionError(context);
    }
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.#encryptionKey, iv, { authTagLength: TAG_BYTES });
      decipher.setAAD(associatedData(context));
      decipher.setAuthTag(sealed.subarray(sealed.length - TAG_BYTES));
      return Buffer.concat([decipher.update(sealed.subarray(0, sealed.length - TAG_BYTES)), decipher.final()]).toString('utf8');
    } catch {
      throw new DataDecryptionError(context);
    }
  }

  /** The keyed digest of `value` within `context`: equal values give equal digests, and only the key holder can compute one. */
  digest(value: string, context: string): string {
    return createHmac('sha256', this.#digestKey).update(associatedData(context)).update('\0').update(value, 'utf8').digest('base64url');
  }

  toJSON(): string {
    return '[DataCipher]';
  }
}

const associatedData = (context: string) => Buffer.from(`${VERSION}:${context}`, 'utf8');
