import { hash, verify } from '@node-rs/argon2';

// argon2id with OWASP's minimum (m=19 MiB, t=2, p=1); `algorithm: 2` is Argon2id (a const enum upstream).
const OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

/** A hash of a random password, verified against when the account does not exist, so both cases take as long. */
let decoy: Promise<string> | undefined;

export async function verifyPassword(passwordHash: string | undefined, password: string): Promise<boolean> {
  if (passwordHash === undefined) {
    decoy ??= hashPassword(`decoy-${Math.random()}`);
    await verify(await decoy, password).catch(() => false);
    return false;
  }
  return verify(passwordHash, password).catch(() => false);
}
