import { DEFAULT_SITE_SETTINGS, SECRET_MASK, type SiteInfo } from '@store/contracts';
import { describe, expect, it } from 'vitest';
import { checkSettings, nextSecret, normalizeHex, parsePort, secretState, siteInfoAfterSave, toDraft } from './settings-draft.ts';

describe('parsePort', () => {
  it('parses the digits typed as an integer', () => {
    expect(parsePort(' 2525 ')).toBe(2525);
    expect(parsePort('')).toBeNaN();
    expect(parsePort('25.5')).toBeNaN();
    expect(parsePort('smtp')).toBeNaN();
  });
});

describe('normalizeHex', () => {
  it('completes a colour typed without the hash, in short form or in capitals', () => {
    expect(normalizeHex('0EA5E9')).toBe('#0ea5e9');
    expect(normalizeHex('#f0a')).toBe('#ff00aa');
    expect(normalizeHex(' #10B981 ')).toBe('#10b981');
  });

  it('leaves anything else as typed, for the check to name', () => {
    expect(normalizeHex('#12')).toBe('#12');
    expect(normalizeHex('blue')).toBe('blue');
  });
});

describe('secrets', () => {
  it('replaces the mask with what is typed instead of adding to it', () => {
    expect(nextSecret(SECRET_MASK, `${SECRET_MASK}a`)).toBe('a');
    expect(nextSecret(SECRET_MASK, SECRET_MASK.slice(1))).toBe('');
    expect(nextSecret('abc', 'abcd')).toBe('abcd');
  });

  it('says what a save does with the stored secret', () => {
    expect(secretState(SECRET_MASK, true)).toBe('kept');
    expect(secretState('', true)).toBe('cleared');
    expect(secretState('new', true)).toBe('replaced');
    expect(secretState('', false)).toBe('unset');
    expect(secretState('new', false)).toBe('new');
  });
});

describe('checkSettings', () => {
  it('accepts the defaults and sends the port as a number', () => {
    const check = checkSettings(toDraft(DEFAULT_SITE_SETTINGS));
    expect(check).toEqual({ ok: true, value: DEFAULT_SITE_SETTINGS });
  });

  it('names each wrong field with a message a person can act on', () => {
    const check = checkSettings({ ...toDraft(DEFAULT_SITE_SETTINGS), site_name: '  ', primary_color: '#12', smtp_port: '0', smtp_from_email: 'nope', smtp_host: 'bad host' });
    expect(!check.ok && check.errors).toEqual({
      site_name: 'Site name is required',
      primary_color: 'Enter a colour as #rrggbb',
      smtp_port: 'Enter a port number from 1 to 65535',
      smtp_from_email: 'Enter a valid email address',
      smtp_host: 'SMTP host must be a host name',
    });
  });
});

describe('siteInfoAfterSave', () => {
  it('takes the saved appearance and keeps what only the server knows', () => {
    const previous: SiteInfo = { site_name: 'Old', logo_url: null, primary_color: '#000000', secondary_color: '#000000', font_family: 'Inter', theme: 'dark', payments_sandbox: true, mail_available: false };
    const saved = { ...DEFAULT_SITE_SETTINGS, site_name: 'New', primary_color: '#ef4444', font_family: 'Roboto' as const, logo_url: '/uploads/l.png' };

    expect(siteInfoAfterSave(saved, previous)).toEqual({
      site_name: 'New',
      logo_url: '/uploads/l.png',
      primary_color: '#ef4444',
      secondary_color: DEFAULT_SITE_SETTINGS.secondary_color,
      font_family: 'Roboto',
      theme: 'dark',
      payments_sandbox: true,
      mail_available: false,
    });
    const withMail = { ...saved, smtp_host: 'smtp.example.com', smtp_from_email: 'shop@example.com' };
    expect(siteInfoAfterSave(withMail, previous).mail_available).toBe(true);
  });
});
