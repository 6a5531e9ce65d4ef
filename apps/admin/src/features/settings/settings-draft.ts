import { SECRET_MASK, SiteSettingsSchema, type SiteInfo, type SiteSettings } from '@store/contracts';
import { DEFAULT_SITE_INFO, parseHexColor } from '@store/ui';
import { checkForm, type SchemaForm } from '../forms/typebox-resolver.ts';

/** The settings form: the API's settings, with the SMTP port as typed (it is parsed as an integer on save). */
export type SettingsDraft = Omit<SiteSettings, 'smtp_port'> & { smtp_port: string };
export type SettingsField = keyof SiteSettings;
export type SettingsErrors = Partial<Record<SettingsField, string>>;

export function toDraft(settings: SiteSettings): SettingsDraft {
  return { ...settings, smtp_port: String(settings.smtp_port) };
}

/** The SMTP port as the API takes it: the digits typed, as an integer (spec section 5); NaN when there are none. */
export function parsePort(text: string): number {
  const trimmed = text.trim();
  return /^\d+$/.test(trimmed) ? Number.parseInt(trimmed, 10) : Number.NaN;
}

/** The whole settings object the form sends (spec section 7: PUT with the whole object); secrets as shown. */
export function toSettings(draft: SettingsDraft): SiteSettings {
  return { ...draft, site_name: draft.site_name.trim(), smtp_port: parsePort(draft.smtp_port) };
}

const HEX = /^#[0-9a-f]{6}$/i;

/** True for a `#rrggbb` colour, the form the API stores. */
export function isHexColor(value: string): boolean {
  return HEX.test(value);
}

/** What a typed colour becomes when the field is left: `0EA5E9`, `#0ea` and `#0EA5E9` all give `#0ea5e9`; anything else stays as typed. */
export function normalizeHex(text: string): string {
  const trimmed = text.trim();
  return parseHexColor(trimmed.startsWith('#') ? trimmed : `#${trimmed}`) ?? text;
}

// Messages a person can act on where the schema's own are a validator's sentence.
const MESSAGES: Partial<Record<SettingsField, string>> = {
  primary_color: 'Enter a colour as #rrggbb',
  secondary_color: 'Enter a colour as #rrggbb',
  smtp_port: 'Enter a port number from 1 to 65535',
  smtp_from_email: 'Enter a valid email address',
  font_family: 'Choose one of the six fonts',
  logo_url: 'Upload the logo again',
};

const SETTINGS_FIELDS = new Set<string>(Object.keys(SiteSettingsSchema.properties));

/** The form against the contract's SiteSettingsSchema, for the form's resolver: each field is the API's own. */
export const SETTINGS_FORM: SchemaForm<SettingsDraft, typeof SiteSettingsSchema, SettingsField> = {
  schema: SiteSettingsSchema,
  toInput: toSettings,
  fieldOf: (path) => {
    const head = path.split('.')[0] ?? '';
    return SETTINGS_FIELDS.has(head) ? (head as SettingsField) : null;
  },
  messages: MESSAGES,
};

/** Checks the form with the contract's SiteSettingsSchema before sending, as the API will. */
export function checkSettings(draft: SettingsDraft): { ok: true; value: SiteSettings } | { ok: false; errors: SettingsErrors } {
  return checkForm(SETTINGS_FORM, draft);
}

/** Whether the form differs from the settings last loaded or saved ("Unsaved changes"). */
export function isChanged(draft: SettingsDraft, saved: SiteSettings): boolean {
  const before = toDraft(saved);
  return (Object.keys(before) as (keyof SettingsDraft)[]).some((key) => draft[key] !== before[key]);
}

/**
 * The next value of a secret field. While it shows the mask (a stored secret), typing replaces the
 * mask rather than adding to it, and deleting part of it clears it: the mask never reaches the API
 * mixed with typed text.
 */
export function nextSecret(current: string, typed: string): string {
  return current === SECRET_MASK ? typed.replaceAll(SECRET_MASK[0] ?? '•', '') : typed;
}

/** What a secret field's state means for the stored value, for its hint. */
export function secretState(value: string, stored: boolean): 'kept' | 'cleared' | 'replaced' | 'unset' | 'new' {
  if (value === SECRET_MASK) return 'kept';
  if (value === '') return stored ? 'cleared' : 'unset';
  return stored ? 'replaced' : 'new';
}

/** The public site information after a save, so the whole admin re-themes at once (the root applies it). */
export function siteInfoAfterSave(saved: SiteSettings, previous: SiteInfo | undefined): SiteInfo {
  return {
    ...(previous ?? DEFAULT_SITE_INFO),
    site_name: saved.site_name,
    logo_url: saved.logo_url,
    primary_color: saved.primary_color,
    secondary_color: saved.secondary_color,
    font_family: saved.font_family,
    theme: saved.theme,
    // As the API decides it: a host and a sender address (docs/decisions/048).
    mail_available: saved.smtp_host !== '' && saved.smtp_from_email !== '',
  };
}
