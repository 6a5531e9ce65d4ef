import { smtpConfigured } from '../mail/mailer.ts';
import {
  DEFAULT_SITE_SETTINGS,
  SECRET_MASK,
  SECRET_SETTINGS,
  type SiteInfo,
  type SiteSettings,
  type SiteSettingsUpdate,
} from '@store/contracts';
import { sql, type Kysely } from 'kysely';
import type { Database, SiteSettingsRow } from '../db/schema.ts';
import type { DataCipher } from '../security/data-encryption.ts';

type SecretSetting = (typeof SECRET_SETTINGS)[number];

/*
 * The secrets (SECRET_SETTINGS: PayPal client secret, SMTP password, CoinGate token) are stored encrypted,
 * each sealed to its column; an unset secret stays '' (docs/decisions/018-data-encryption.md).
 */
const contextOf = (key: SecretSetting) => `site_settings.${key}`;

function sealSecrets(cipher: DataCipher, clear: Pick<SiteSettings, SecretSetting>): Pick<SiteSettings, SecretSetting> {
  const seal = (key: SecretSetting) => (clear[key] ? cipher.encrypt(clear[key], contextOf(key)) : '');
  return {
    coingate_api_key: seal('coingate_api_key'),
    paypal_client_secret: seal('paypal_client_secret'),
    smtp_password: seal('smtp_password'),
  };
}

/** The settings of a stored row, its secrets decrypted. */
function fromRow(cipher: DataCipher, row: SiteSettingsRow | undefined): SiteSettings {
  if (!row) return { ...DEFAULT_SITE_SETTINGS };
  const { id: _id, updated_at: _updatedAt, secrets_encrypted: encrypted, ...settings } = row;
  const clear = settings as SiteSettings;
  if (encrypted) for (const key of SECRET_SETTINGS) clear[key] = settings[key] ? cipher.decrypt(settings[key], contextOf(key)) : '';
  return clear;
}

/**
 * How long an instance reuses the settings it read. Every purchase reads them several times (the PayPal
 * endpoint, the receipt, the mail sender); a save on this instance drops them at once, and one on another
 * instance shows here within this time.
 */
export const SETTINGS_TTL_MS = 1000;

interface CachedSettings {
  settings: Promise<SiteSettings>;
  at: number;
  /** Read: a caller inside a transaction may wait for it (it waits for no connection). */
  ready: boolean;
}

/** Per database handle (one per app): its cached settings. */
const cached = new WeakMap<Kysely<Database>, CachedSettings>();

const readStored = async (db: Kysely<Database>, cipher: DataCipher) =>
  fromRow(cipher, await db.selectFrom('site_settings').selectAll().where('id', '=', 1).executeTakeFirst());

/**
 * The stored settings with their secrets in clear: for the server's own use only. Read through a cache of
 * SETTINGS_TTL_MS per handle, dropped when this instance saves them (`saveSettings`); a transaction passed
 * as `db` always reads the row.
 *
 * `via`, a transaction of the caller, reads on a miss instead of a second connection, and such a caller
 * never waits for a read still on its way through the pool: with every connection held by transactions
 * that each waited for a free one, none would ever come (seen under load: ten purchases' transactions
 * waiting for one settings read).
 */
export async function readSettings(db: Kysely<Database>, cipher: DataCipher, via: Kysely<Database> = db): Promise<SiteSettings> {
  if (db.isTransaction) return readStored(db, cipher);
  const hit = cached.get(db);
  if (hit && performance.now() - hit.at < SETTINGS_TTL_MS && (hit.ready || via === db)) return { ...(await hit.settings) };
  // Kept from the moment it is sent, so parallel misses share one read.
  const entry: CachedSettings = { settings: readStored(via, cipher), at: performance.now(), ready: false };
  cached.set(db, entry);
  entry.settings.then(
    () => (entry.ready = true),
    () => {
      if (cached.get(db) === entry) cached.delete(db);
    },
  );
  return { ...(await entry.settings) };
}

/**
 * Drops the cached settings of `db`. Writers call it before their transaction and again after its commit:
 * a read sent in between may hold the row as it was, and only a read sent after the commit is kept then.
 */
function settingsChanged(db: Kysely<Database>): void {
  cached.delete(db);
}

/** The settings as staff see them: a stored secret is answered as the mask, an unset one as empty. */
export function maskSecrets(settings: SiteSettings): SiteSettings {
  const masked = { ...settings };
  for (const key of SECRET_SETTINGS) masked[key] = settings[key] ? SECRET_MASK : '';
  return masked;
}

/**
 * Merges an update into the stored settings; a secret sent back as the mask keeps its stored value. Answers
 * the settings before and after (secrets in clear: the caller masks them before they go anywhere).
 */
export async function saveSettings(
  db: Kysely<Database>,
  cipher: DataCipher,
  update: SiteSettingsUpdate,
): Promise<{ before: SiteSettings; after: SiteSettings }> {
  settingsChanged(db);
  const saved = await db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('site_settings').selectAll().where('id', '=', 1).forUpdate().executeTakeFirst();
    const current = fromRow(cipher, row);
    const next: SiteSettings = { ...current, ...update };
    for (const key of SECRET_SETTINGS) {
      if (update[key] === SECRET_MASK) next[key] = current[key];
    }
    next.site_name = next.site_name.trim();
    const sealed = sealSecrets(cipher, next);
    // A secret left as it was keeps its stored envelope: saving other fields does not rewrite it.
    if (row?.secrets_encrypted) for (const key of SECRET_SETTINGS) if (next[key] === current[key]) sealed[key] = row[key];
    const stored = { ...next, ...sealed, secrets_encrypted: true };
    await trx
      .insertInto('site_settings')
      .values({ id: 1, ...stored })
      .onConflict((oc) => oc.column('id').doUpdateSet({ ...stored, updated_at: sql`now()` }))
      .execute();
    return { before: current, after: next };
  });
  // Dropped again after the commit: a read between the two may have cached the row as it was.
  settingsChanged(db);
  return saved;
}

/**
 * Encrypts the secrets of a settings row saved before encryption at rest; a row marked encrypted is left
 * alone, so this runs at every start without encrypting twice. Answers whether it encrypted them.
 */
export async function encryptClearSettings(db: Kysely<Database>, cipher: DataCipher): Promise<boolean> {
  settingsChanged(db);
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('site_settings')
      .selectAll()
      .where('id', '=', 1)
      .where('secrets_encrypted', '=', false)
      .forUpdate()
      .executeTakeFirst();
    if (!row) return false;
    await trx
      .updateTable('site_settings')
      .set({ ...sealSecrets(cipher, row), secrets_encrypted: true })
      .where('id', '=', 1)
      .where('secrets_encrypted', '=', false)
      .execute();
    return true;
  });
}

export function toSiteInfo(settings: SiteSettings, paymentsSandbox: boolean): SiteInfo {
  return {
    payments_sandbox: paymentsSandbox,
    mail_available: smtpConfigured(settings),
    site_name: settings.site_name,
    logo_url: settings.logo_url,
    primary_color: settings.primary_color,
    secondary_color: settings.secondary_color,
    font_family: settings.font_family,
    theme: settings.theme,
  };
}
