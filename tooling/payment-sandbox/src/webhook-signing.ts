import { type KeyObject, createHash, generateKeyPair, randomBytes, sign } from 'node:crypto';
import { promisify } from 'node:util';
import type { SandboxState } from './state.ts';

/** The id in PAYPAL-CERT-URL (`<publicUrl>/v1/notifications/certs/CERT-sandbox`). */
export const SANDBOX_CERT_ID = 'CERT-sandbox';
export const AUTH_ALGO = 'SHA256withRSA';

const generateRsaKeyPair = promisify(generateKeyPair);

interface Signer {
  privateKey: KeyObject;
  /** A self-signed X.509 certificate of the public key, in PEM. */
  certificatePem: string;
}

// One key per sandbox, made on first use (RSA generation takes a moment) and kept beside, not in, the state.
const signers = new WeakMap<SandboxState, Promise<Signer>>();

export function signerOf(state: SandboxState): Promise<Signer> {
  let signer = signers.get(state);
  if (!signer) {
    signer = createSigner();
    signers.set(state, signer);
  }
  return signer;
}

async function createSigner(): Promise<Signer> {
  const { privateKey, publicKey } = await generateRsaKeyPair('rsa', { modulusLength: 2048 });
  const spki = publicKey.export({ type: 'spki', format: 'der' });
  return { privateKey, certificatePem: selfSignedCertificate(privateKey, spki) };
}

export function certUrlOf(state: SandboxState): string {
  return `${state.config.publicUrl}/v1/notifications/certs/${SANDBOX_CERT_ID}`;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, index) => {
  let crc = index;
  for (let bit = 0; bit < 8; bit += 1) crc = crc & 1 ? 0xedb88320 ^ (crc >>> 1) : crc >>> 1;
  return crc >>> 0;
});

/** CRC-32 (IEEE) as an unsigned integer, the checksum in PayPal's signed string. */
export function crc32(data: string | Buffer): number {
  let crc = 0xffffffff;
  for (const byte of typeof data === 'string' ? Buffer.from(data, 'utf8') : data) crc = (CRC_TABLE[(crc ^ byte) & 0xff] ?? 0) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

/** What PayPal signs: `transmissionId|timeStamp|webhookId|crc32(raw body)`. */
export function signedString(transmissionId: string, time: string, webhookId: string, body: string): string {
  return `${transmissionId}|${time}|${webhookId}|${crc32(body)}`;
}

/** SHA256withRSA over the signed string, base64, as PAYPAL-TRANSMISSION-SIG carries it. */
export async function signTransmission(
  state: SandboxState,
  transmissionId: string,
  time: string,
  webhookId: string,
  body: string,
): Promise<string> {
  const { privateKey } = await signerOf(state);
  return sign('sha256', Buffer.from(signedString(transmissionId, time, webhookId, body)), privateKey).toString('base64');
}

export function eventHash(json: string): string {
  return createHash('sha256').update(json).digest('hex');
}

// Minimal DER, enough for one self-signed certificate (Node can read certificates but not make them).
function der(tag: number, content: Buffer): Buffer {
  const length = content.length;
  if (length < 0x80) return Buffer.concat([Buffer.from([tag, length]), content]);
  const lengthBytes: number[] = [];
  for (let rest = length; rest > 0; rest = Math.floor(rest / 256)) lengthBytes.unshift(rest % 256);
  return Buffer.concat([Buffer.from([tag, 0x80 | lengthBytes.length, ...lengthBytes]), content]);
}

const sequence = (...parts: Buffer[]): Buffer => der(0x30, Buffer.concat(parts));
const SHA256_WITH_RSA = sequence(Buffer.from('06092a864886f70d01010b', 'hex'), Buffer.from('0500', 'hex'));
const commonName = (name: string): Buffer =>
  sequence(der(0x31, sequence(Buffer.from('0603550403', 'hex'), der(0x0c, Buffer.from(name, 'utf8')))));
const utcTime = (date: Date): Buffer => der(0x17, Buffer.from(`${date.toISOString().slice(2, 19).replace(/[-T:]/g, '')}Z`, 'ascii'));

function selfSignedCertificate(privateKey: KeyObject, spki: Buffer): string {
  const now = Date.now();
  const name = commonName('PayPal Sandbox Webhooks (local)');
  const tbs = sequence(
    der(0xa0, der(0x02, Buffer.from([0x02]))),
    // A leading 0x01 keeps the serial positive.
    der(0x02, Buffer.concat([Buffer.from([0x01]), randomBytes(8)])),
    SHA256_WITH_RSA,
    name,
    sequence(utcTime(new Date(now - 60_000)), utcTime(new Date(now + 365 * 24 * 3600 * 1000))),
    name,
    spki,
  );
  const signature = sign('sha256', tbs, privateKey);
  const certificate = sequence(tbs, SHA256_WITH_RSA, der(0x03, Buffer.concat([Buffer.from([0x00]), signature])));
  const lines = certificate.toString('base64').match(/.{1,64}/g) ?? [];
  return `-----BEGIN CERTIFICATE-----\n${lines.join('\n')}\n-----END CERTIFICATE-----\n`;
}
