import fp from 'fastify-plugin';
import { encryptClearLicenseKeys } from '../orders/license-keys.ts';
import { DataCipher } from '../security/data-encryption.ts';
import { claimDataEncryptionKey, resolveDataEncryptionKey } from '../security/data-key.ts';
import { encryptClearSettings } from '../settings/settings-repository.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Encrypts and decrypts the values stored encrypted at rest (licence keys, settings secrets). */
    dataCipher: DataCipher;
  }
}

/**
 * Exposes `app.dataCipher` once the key is known and checked against the database, after encrypting
 * whatever a version before encryption at rest stored in clear: all before the server takes a request
 * (docs/decisions/018-data-encryption.md).
 */
export const dataEncryptionPlugin = fp(
  async (app) => {
    const cipher = new DataCipher(await resolveDataEncryptionKey(app.config, app.log));
    await claimDataEncryptionKey(app.db, cipher);
    const licenseKeys = await encryptClearLicenseKeys(app.db, cipher);
    const settings = await encryptClearSettings(app.db, cipher);
    if (licenseKeys > 0 || settings) app.log.info({ licenseKeys, settings }, 'values stored in clear were encrypted at rest');
    app.decorate('dataCipher', cipher);
  },
  { name: 'data-encryption', dependencies: ['config', 'db'] },
);
