import { sql, type Kysely } from 'kysely';

/**
 * Encryption at rest (docs/decisions/018-data-encryption.md): the columns only. The key is not the
 * migration's to know, so the values stored in clear until now are encrypted at start, before the server
 * takes requests (`encryptClearLicenseKeys`, `encryptClearSettings`), and a row's state says whether it is:
 * a licence key without a digest, or settings with `secrets_encrypted` false, are still in clear.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('license_keys').addColumn('key_digest', 'text').execute();
  // The stored value is now a random-looking envelope, unique by construction: uniqueness per product
  // moves to the digest. Rows still in clear have no digest yet (NULLs never conflict).
  await db.schema.alterTable('license_keys').dropConstraint('license_keys_product_value_key').execute();
  await db.schema.alterTable('license_keys').addUniqueConstraint('license_keys_product_digest_key', ['product_id', 'key_digest']).execute();
  // Every key written from now on carries its digest; NOT VALID spares the rows in clear until the start-up step.
  await sql`ALTER TABLE license_keys ADD CONSTRAINT license_keys_digest_present CHECK (key_digest IS NOT NULL) NOT VALID`.execute(db);

  await db.schema
    .alterTable('site_settings')
    .addColumn('secrets_encrypted', 'boolean', (col) => col.notNull().defaultTo(false))
    .execute();
}
