import { BRAND_NAME, DEFAULT_SITE_SETTINGS, SECRET_MASK, SiteInfoSchema, SiteSettingsSchema } from '@store/contracts';
import { Value } from 'typebox/value';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readSettings } from '../src/settings/settings-repository.ts';
import { build, type TestApp } from './helpers/build.ts';

describe('a fresh store', () => {
  // Its own app: the other tests change the one settings row.
  let fresh: TestApp;
  beforeAll(async () => {
    fresh = await build();
  });
  afterAll(() => fresh.close());

  it('answers the default site information', async () => {
    const response = await fresh.request({ method: 'GET', url: '/api/site-info' });
    expect(response.statusCode).toBe(200);
    expect(Value.Check(SiteInfoSchema, response.json())).toBe(true);
    expect(response.json()).toEqual({
      site_name: 'KeyVault',
      logo_url: null,
      primary_color: '#0ea5e9',
      secondary_color: '#22c55e',
      font_family: 'Inter',
      theme: 'dark',
      // No PayPal credentials yet: payments go to the local sandbox, and the shop says so.
      payments_sandbox: true,
      // No SMTP host yet: the shop cannot send email, and its pages must not say it did.
      mail_available: false,
    });
    expect(response.json().site_name).toBe(BRAND_NAME);
  });

  it('answers the default settings to an admin', async () => {
    const response = await fresh.request({ method: 'GET', url: '/api/admin/settings', token: await fresh.adminToken() });
    expect(response.statusCode).toBe(200);
    expect(Value.Check(SiteSettingsSchema, response.json())).toBe(true);
    expect(response.json()).toEqual(DEFAULT_SITE_SETTINGS);
    expect(response.json()).toMatchObject({
      smtp_port: 587,
      smtp_use_tls: true,
      coingate_environment: 'sandbox',
      paypal_environment: 'sandbox',
      smtp_from_name: BRAND_NAME,
    });
  });
});

describe('site settings', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await build();
  });
  afterAll(() => t.close());

  const put = async (payload: Record<string, unknown>) => t.request({ method: 'PUT', url: '/api/admin/settings', payload, token: await t.adminToken() });
  const get = async () => t.request({ method: 'GET', url: '/api/admin/settings', token: await t.adminToken() });
  const storedRow = () => t.app.db.selectFrom('site_settings').selectAll().where('id', '=', 1).executeTakeFirst();
  /** The stored secrets as the server reads them; the raw row must not hold any of them in clear. */
  const storedSecrets = async () => {
    const row = await storedRow();
    const settings = await readSettings(t.app.db, t.app.dataCipher);
    const secrets = { paypal_client_secret: settings.paypal_client_secret, smtp_password: settings.smtp_password, coingate_api_key: settings.coingate_api_key };
    for (const clear of Object.values(secrets)) if (clear) expect(JSON.stringify(row)).not.toContain(clear);
    return secrets;
  };

  it('saves the whole settings object and answers what was saved; site-info then shows the new appearance', async () => {
    const settings = {
      ...DEFAULT_SITE_SETTINGS,
      site_name: 'Pixel Bazaar',
      primary_color: '#8b5cf6',
      secondary_color: '#f59e0b',
      font_family: 'Poppins',
      logo_url: '/uploads/logo.png',
      paypal_client_id: 'client-id-123',
      paypal_environment: 'live',
      smtp_host: 'smtp.example.com',
      smtp_port: 465,
      smtp_username: 'mailer',
      smtp_use_tls: false,
      smtp_from_email: 'shop@example.com',
      smtp_from_name: 'Pixel Bazaar',
    } as const;
    const response = await put(settings);
    expect(response.statusCode).toBe(200);
    expect(Value.Check(SiteSettingsSchema, response.json())).toBe(true);
    expect(response.json()).toEqual(settings);
    expect((await get()).json()).toEqual(settings);

    const info = await t.request({ method: 'GET', url: '/api/site-info' });
    expect(info.json()).toEqual({
      site_name: 'Pixel Bazaar',
      logo_url: '/uploads/logo.png',
      primary_color: '#8b5cf6',
      secondary_color: '#f59e0b',
      font_family: 'Poppins',
      theme: 'dark',
      payments_sandbox: true,
      mail_available: true,
    });
  });

  it('says whether mail can be sent without showing any mail setting', async () => {
    await put({ smtp_host: 'smtp.example.com', smtp_from_email: 'shop@example.com' });
    const on = (await t.request({ method: 'GET', url: '/api/site-info' })).json();
    expect(on.mail_available).toBe(true);
    expect(JSON.stringify(on)).not.toContain('smtp');
    await put({ smtp_host: '' });
    expect((await t.request({ method: 'GET', url: '/api/site-info' })).json().mail_available).toBe(false);
  });

  it('stops announcing sandbox payments once PayPal credentials are stored', async () => {
    await put({ paypal_client_id: 'live-client-id', paypal_client_secret: 'live-client-secret', paypal_environment: 'live' });
    const info = await t.request({ method: 'GET', url: '/api/site-info' });
    expect(info.json().payments_sandbox).toBe(false);
    await put({ paypal_client_secret: '' });
    expect((await t.request({ method: 'GET', url: '/api/site-info' })).json().payments_sandbox).toBe(true);
  });

  it('keeps the fields a partial update leaves out', async () => {
    await put({ site_name: 'Before Partial', font_family: 'Nunito' });
    const response = await put({ primary_color: '#ef4444' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ site_name: 'Before Partial', font_family: 'Nunito', primary_color: '#ef4444' });
  });

  // Found by the fuzz run: TypeBox took 'a@localhost', the answer's serializer (ajv-formats) did not, and the
  // saved sender made every settings answer a 500 from then on.
  it('refuses a sender address the answers could not send back, and keeps the stored one', async () => {
    expect((await put({ smtp_from_email: 'shop@mail.example.com' })).statusCode).toBe(200);
    for (const address of ['shop@localhost', '"shop"@example.com', 'shop@[127.0.0.1]']) {
      const refused = await put({ smtp_from_email: address });
      expect(refused.statusCode, address).toBe(400);
      expect(refused.json()).toMatchObject({ code: 'validation_error', detail: expect.stringContaining('Enter a valid email address') });
    }
    const read = await get();
    expect(read.statusCode).toBe(200);
    expect(read.json().smtp_from_email).toBe('shop@mail.example.com');
    expect((await put({ smtp_from_email: '' })).json().smtp_from_email).toBe('');
  });

  describe('secrets', () => {
    const secrets = { paypal_client_secret: 'real-secret-value', smtp_password: 'real-smtp-password', coingate_api_key: 'real-coingate-key' };

    it('answers each stored secret as the mask, never in clear', async () => {
      const saved = await put(secrets);
      expect(saved.statusCode).toBe(200);
      const read = await get();
      for (const response of [saved, read]) {
        expect(response.json()).toMatchObject({ paypal_client_secret: SECRET_MASK, smtp_password: SECRET_MASK, coingate_api_key: SECRET_MASK });
        for (const clear of Object.values(secrets)) expect(response.body).not.toContain(clear);
      }
      expect(await storedSecrets()).toEqual(secrets);
    });

    it('keeps the stored secrets when the mask is sent back with other changes', async () => {
      await put(secrets);
      const masked = (await get()).json();
      const response = await put({ ...masked, site_name: 'Masked Round Trip' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ site_name: 'Masked Round Trip', paypal_client_secret: SECRET_MASK, smtp_password: SECRET_MASK, coingate_api_key: SECRET_MASK });
      expect(await storedSecrets()).toEqual(secrets);
      expect((await storedRow())?.site_name).toBe('Masked Round Trip');
    });

    it('clears a secret sent as an empty string', async () => {
      await put(secrets);
      const response = await put({ paypal_client_secret: '', smtp_password: '', coingate_api_key: '' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ paypal_client_secret: '', smtp_password: '', coingate_api_key: '' });
      expect((await get()).json()).toMatchObject({ paypal_client_secret: '', smtp_password: '', coingate_api_key: '' });
      expect(await storedSecrets()).toEqual({ paypal_client_secret: '', smtp_password: '', coingate_api_key: '' });
    });

    it('replaces a secret sent with a new value', async () => {
      await put(secrets);
      const response = await put({ paypal_client_secret: 'rotated-secret', smtp_password: 'rotated-password', coingate_api_key: 'rotated-key' });
      expect(response.statusCode).toBe(200);
      expect(response.body).not.toContain('rotated');
      expect(await storedSecrets()).toEqual({ paypal_client_secret: 'rotated-secret', smtp_password: 'rotated-password', coingate_api_key: 'rotated-key' });
    });
  });

  describe('validation', () => {
    it("refuses a colour that is not #rrggbb with 'Colours are #rrggbb hex values'", async () => {
      const response = await put({ primary_color: 'blue' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ detail: 'Colours are #rrggbb hex values', code: 'validation_error' });
    });

    it('refuses an SMTP port above 65535', async () => {
      const response = await put({ smtp_port: 70000 });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ detail: 'smtp_port must be <= 65535', code: 'validation_error' });
    });

    it('refuses an SMTP port that is not a whole number', async () => {
      const response = await put({ smtp_port: 587.5 });
      expect(response.statusCode).toBe(400);
      expect(response.json().detail).toMatch(/^smtp_port /);
    });

    it("coerces the SMTP port sent as the string '587' to the number 587", async () => {
      await put({ smtp_port: 2525 });
      const response = await put({ smtp_port: '587' });
      expect(response.statusCode).toBe(200);
      expect(response.json().smtp_port).toBe(587);
      expect((await storedRow())?.smtp_port).toBe(587);
    });

    it('refuses a from address that is not an email', async () => {
      const response = await put({ smtp_from_email: 'nope' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ detail: 'Enter a valid email address', code: 'validation_error' });
    });

    it('accepts an empty from address', async () => {
      const response = await put({ smtp_from_email: '' });
      expect(response.statusCode).toBe(200);
      expect(response.json().smtp_from_email).toBe('');
    });

    it('refuses a font that is not one of the six', async () => {
      const response = await put({ font_family: 'Comic Sans MS' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ detail: 'font_family must be one of: Inter, Roboto, Poppins, Montserrat, Open Sans, Nunito', code: 'validation_error' });
    });

    it('refuses a header-injection attempt in the sender name', async () => {
      const response = await put({ smtp_from_name: 'Shop\r\nBcc: x@y.z' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ detail: 'smtp_from_name must not contain control or invalid characters', code: 'validation_error' });
    });

    it("refuses a blank site name with 'Site name is required'", async () => {
      await put({ site_name: 'Named Store' });
      const response = await put({ site_name: '   ' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ detail: 'Site name is required', code: 'validation_error' });
      expect((await t.request({ method: 'GET', url: '/api/site-info' })).json().site_name).toBe('Named Store');
    });

    it('leaves the stored settings unchanged when a PUT fails', async () => {
      await put({ site_name: 'Stable Store', paypal_client_secret: 'kept-secret' });
      const before = await storedRow();
      const response = await put({ site_name: 'Half Saved', paypal_client_secret: 'leaked', secondary_color: 'green' });
      expect(response.statusCode).toBe(400);
      expect(await storedRow()).toEqual(before);
      expect((await get()).json().site_name).toBe('Stable Store');
    });
  });

  describe('access', () => {
    it('refuses a regular user reading or saving the settings with 403', async () => {
      const { token } = await t.registerUser();
      const read = await t.request({ method: 'GET', url: '/api/admin/settings', token });
      expect(read.statusCode).toBe(403);
      expect(read.json()).toEqual({ detail: 'Admin access required', code: 'forbidden' });
      const before = await storedRow();
      const write = await t.request({ method: 'PUT', url: '/api/admin/settings', payload: { site_name: 'Hijacked' }, token });
      expect(write.statusCode).toBe(403);
      expect(await storedRow()).toEqual(before);
    });

    it('answers site-info to anyone, without secrets', async () => {
      await put({ paypal_client_secret: 'never-public', smtp_password: 'never-public-either' });
      const response = await t.request({ method: 'GET', url: '/api/site-info' });
      expect(response.statusCode).toBe(200);
      expect(Value.Check(SiteInfoSchema, response.json())).toBe(true);
      expect(response.body).not.toContain('never-public');
      expect(response.body).not.toContain('smtp');
    });
  });
});
