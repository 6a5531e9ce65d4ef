import { DEFAULT_SITE_SETTINGS, SECRET_MASK, SECRET_SETTINGS, type SiteInfo, type SiteSettings, type SiteSettingsUpdate } from '@store/contracts';
import { sql, type Kysely } from 'kysely';
import type { Database, SiteSettingsRow } from '../db/schema.ts';

function fromRow(row: SiteSettingsRow | undefined): SiteSettings {
  if (!row) return { ...DEFAULT_SITE_SETTINGS };
  const { id: _id, updated_at: _updatedAt, ...settings } = row;
  return settings as SiteSettings;
}

/** The stored settings with their secrets in clear: for the server's own use only. */
export async function readSettings(db: Kysely<Database>): Promise<SiteSettings> {
  return fromRow(await db.selectFrom('site_settings').selectAll().where('id', '=', 1).executeTakeFirst());
}

/** The settings as staff see them: a stored secret is answered as the mask, an unset one as empty. */
export function maskSecrets(settings: SiteSettings): SiteSettings {
  const masked = { ...settings };
  for (const key of SECRET_SETTINGS) masked[key] = settings[key] ? SECRET_MASK : '';
  return masked;
}

/** Merges an update into the stored settings; a secret sent back as the mask keeps its stored value. */
export async function saveSettings(db: Kysely<Database>, update: SiteSettingsUpdate): Promise<SiteSettings> {
  return db.transaction().execute(async (trx) => {
    const current = fromRow(await trx.selectFrom('site_settings').selectAll().where('id', '=', 1).forUpdate().executeTakeFirst());
    const next: SiteSettings = { ...current, ...update };
    for (const key of SECRET_SETTINGS) {
      if (update[key] === SECRET_MASK) next[key] = current[key];
    }
    next.site_name = next.site_name.trim();
    await trx
      .insertInto('site_settings')
      .values({ id: 1, ...next })
      .onConflict((oc) => oc.column('id').doUpdateSet({ ...next, updated_at: sql`now()` }))
      .execute();
    return next;
  });
}

export function toSiteInfo(settings: SiteSettings, paymentsSandbox: boolean): SiteInfo {
  return {
    payments_sandbox: paymentsSandbox,
    site_name: settings.site_name,
    logo_url: settings.logo_url,
    primary_color: settings.primary_color,
    secondary_color: settings.secondary_color,
    font_family: settings.font_family,
    theme: settings.theme,
  };
}
