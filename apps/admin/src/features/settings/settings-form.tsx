import { FONT_FAMILIES, PROVIDER_ENVIRONMENTS, SECRET_MASK, type SiteInfo, type SiteSettings } from '@store/contracts';
import { Badge, Button, Checkbox, Logo, Notice, SelectField, TextField, resolveAssetUrl, withDetail } from '@store/ui';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { env } from '../../env.ts';
import { api } from '../../lib/api.ts';
import { IMAGE_ACCEPT, checkImageFile, uploadImage } from '../products/upload-image.ts';
import { siteInfoQueryOptions } from '../site/queries.ts';
import { useSiteInfo } from '../site/use-site-info.ts';
import { ColourSettings } from './colour-settings.tsx';
import { adminSettingsQueryOptions } from './queries.ts';
import { SecretField } from './secret-field.tsx';
import { checkSettings, isHexColor, siteInfoAfterSave, toDraft, type SettingsDraft, type SettingsErrors, type SettingsField } from './settings-draft.ts';
import * as styles from './settings.css.ts';
import { SitePreview } from './site-preview.tsx';

const ENVIRONMENT_OPTIONS = PROVIDER_ENVIRONMENTS.map((value) => ({ value, label: value === 'live' ? 'Live' : 'Sandbox' }));

export interface SettingsFormProps {
  /** The settings as the server answered them (secrets masked). */
  initial: SiteSettings;
  /** Reloads the settings from the server and starts the form again from them. */
  onReset: () => Promise<void>;
}

/** The settings screen's form: every section of the spec, the live preview, Reset and Save Changes. */
export function SettingsForm({ initial, onReset }: SettingsFormProps) {
  const queryClient = useQueryClient();
  const site = useSiteInfo();
  // The settings last loaded or saved: what the secrets' "stored" state and "unsaved changes" compare with.
  const [saved, setSaved] = useState(initial);
  const [draft, setDraft] = useState<SettingsDraft>(() => toDraft(initial));
  const [errors, setErrors] = useState<SettingsErrors>({});
  const [attempt, setAttempt] = useState(0);
  const [saving, setSaving] = useState(false);
  const [resetting, setResetting] = useState(false);
  const [uploadingLogo, setUploadingLogo] = useState(false);
  const [logoProblem, setLogoProblem] = useState<string | null>(null);
  const [testingCoingate, setTestingCoingate] = useState(false);
  const [sendingEmail, setSendingEmail] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const logoInputId = useId();

  const dirty = JSON.stringify(draft) !== JSON.stringify(toDraft(saved));

  // After a refused save, the first field with a message gets the focus.
  useEffect(() => {
    if (attempt === 0) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [attempt]);

  const change = (patch: Partial<SettingsDraft>) => {
    setDraft((current) => ({ ...current, ...patch }));
    const fields = Object.keys(patch) as SettingsField[];
    setErrors((current) => (fields.some((field) => current[field]) ? { ...current, ...Object.fromEntries(fields.map((field) => [field, undefined])) } : current));
  };

  const field = <K extends keyof SettingsDraft>(key: K) => ({
    name: key,
    value: draft[key] as string,
    error: errors[key as SettingsField],
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => change({ [key]: event.target.value } as Partial<SettingsDraft>),
  });

  const save = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (saving) return;
    const check = checkSettings(draft);
    if (!check.ok) {
      setErrors(check.errors);
      setAttempt((count) => count + 1);
      toast.error('Check the highlighted settings');
      return;
    }
    setSaving(true);
    try {
      const answer = await api.adminUpdateSettings({ body: check.value });
      queryClient.setQueryData(adminSettingsQueryOptions().queryKey, answer);
      // The root applies the site information: the whole admin takes the new colours, font and name at once.
      // Set rather than refetched: GET /site-info may be answered from the browser's 30-second cache.
      queryClient.setQueryData<SiteInfo>(siteInfoQueryOptions().queryKey, (previous) => siteInfoAfterSave(answer, previous));
      setSaved(answer);
      setDraft(toDraft(answer));
      setErrors({});
      toast.success('Settings saved successfully!');
    } catch (failure) {
      toast.error(withDetail('Error saving settings', failure));
    } finally {
      setSaving(false);
    }
  };

  const reset = async () => {
    setResetting(true);
    try {
      await onReset();
    } finally {
      setResetting(false);
    }
  };

  const uploadLogo = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const problem = checkImageFile(file);
    setLogoProblem(problem);
    if (problem) return;
    setUploadingLogo(true);
    try {
      change({ logo_url: await uploadImage(file) });
      toast.success('Logo uploaded successfully!');
    } catch (failure) {
      toast.error(withDetail('Error uploading logo', failure));
    } finally {
      setUploadingLogo(false);
    }
  };

  const testCoingate = async () => {
    setTestingCoingate(true);
    try {
      const result = await api.adminTestCoingate();
      if (result.status === 'success') toast.success('CoinGate API connection successful!');
      else toast.error(`CoinGate API error: ${result.message}`);
    } catch (failure) {
      toast.error(withDetail('Failed to test CoinGate API', failure));
    } finally {
      setTestingCoingate(false);
    }
  };

  const sendTestEmail = async () => {
    const address = window.prompt('Enter the email address to send a test email to')?.trim();
    if (!address) return;
    setSendingEmail(true);
    try {
      await api.adminTestEmail({ body: { test_email: address } });
      toast.success('Test email sent successfully!');
    } catch (failure) {
      toast.error(withDetail('Failed to send test email', failure));
    } finally {
      setSendingEmail(false);
    }
  };

  const stored = (key: 'coingate_api_key' | 'paypal_client_secret' | 'smtp_password') => saved[key] === SECRET_MASK;
  const testsSaved = dirty ? 'Tests the saved settings: save your changes first.' : 'Tests the saved settings.';
  const paypalConfigured = saved.paypal_client_id !== '' && saved.paypal_client_secret === SECRET_MASK;

  return (
    <form ref={formRef} noValidate className={styles.page} aria-label="Site settings" onSubmit={(event) => void save(event)}>
      <div className={styles.layout}>
        <div className={styles.sections}>
          <section className={styles.section} aria-labelledby="settings-general">
            <h2 id="settings-general" className={styles.sectionTitle}>
              General
            </h2>
            <TextField label="Site name" maxLength={80} required autoComplete="off" {...field('site_name')} />
            <div className={styles.logoRow}>
              <div className={styles.logoFrame}>
                <Logo src={resolveAssetUrl(draft.logo_url, env.apiBase)} name={draft.site_name || 'Logo'} size={56} />
              </div>
              <div className={styles.logoControls}>
                <label htmlFor={logoInputId} className={styles.label}>
                  Logo
                </label>
                <input
                  id={logoInputId}
                  type="file"
                  accept={IMAGE_ACCEPT}
                  className={styles.fileInput}
                  disabled={uploadingLogo}
                  aria-invalid={logoProblem || errors.logo_url ? true : undefined}
                  aria-describedby={`${logoInputId}-hint`}
                  onChange={(event) => void uploadLogo(event)}
                />
                <span id={`${logoInputId}-hint`} className={styles.hint}>
                  {uploadingLogo ? 'Uploading…' : 'PNG, JPEG, GIF or WebP, up to 5 MB. Shown in the header once you save.'}
                </span>
                {(logoProblem ?? errors.logo_url) && (
                  <span role="alert" className={styles.error}>
                    {logoProblem ?? errors.logo_url}
                  </span>
                )}
                {draft.logo_url && (
                  <div className={styles.inlineActions}>
                    <Button variant="ghost" size="sm" onClick={() => change({ logo_url: null })}>
                      Remove logo
                    </Button>
                  </div>
                )}
              </div>
            </div>
          </section>

          <section className={styles.section} aria-labelledby="settings-colours">
            <h2 id="settings-colours" className={styles.sectionTitle}>
              Colours
            </h2>
            <p className={styles.sectionIntro}>Pick a preset or set each colour; buttons and links use the primary, badges the secondary.</p>
            <ColourSettings
              primary={draft.primary_color}
              secondary={draft.secondary_color}
              savedPrimary={saved.primary_color}
              savedSecondary={saved.secondary_color}
              errors={{ primary_color: errors.primary_color, secondary_color: errors.secondary_color }}
              onChange={change}
              onCheck={(key, value) => setErrors((current) => ({ ...current, [key]: isHexColor(value) ? undefined : 'Enter a colour as #rrggbb' }))}
            />
          </section>

          <section className={styles.section} aria-labelledby="settings-typography">
            <h2 id="settings-typography" className={styles.sectionTitle}>
              Typography and theme
            </h2>
            <fieldset className={styles.choices}>
              <legend className={styles.legend}>Font</legend>
              {FONT_FAMILIES.map((font) => (
                <label key={font} className={styles.choice}>
                  <input type="radio" name="font_family" value={font} checked={draft.font_family === font} onChange={() => change({ font_family: font })} />
                  {font}
                </label>
              ))}
            </fieldset>
            <fieldset className={styles.choices}>
              <legend className={styles.legend}>Theme</legend>
              <label className={styles.choice}>
                <input type="radio" name="theme" value="dark" checked={draft.theme === 'dark'} onChange={() => change({ theme: 'dark' })} />
                Dark
              </label>
              <label className={styles.choice}>
                <input type="radio" name="theme" value="light" checked={draft.theme === 'light'} disabled aria-describedby="settings-light-soon" />
                Light{' '}
                <Badge tone="yellow">
                  <span id="settings-light-soon">Coming soon</span>
                </Badge>
              </label>
            </fieldset>
          </section>

          <section className={styles.section} aria-labelledby="settings-coingate">
            <h2 id="settings-coingate" className={styles.sectionTitle}>
              Crypto payments (CoinGate)
            </h2>
            <p className={styles.sectionIntro}>Crypto checkout is shown as Coming Soon in the shop; the key is kept for when it opens.</p>
            <div className={styles.grid}>
              <SecretField
                label="CoinGate API key"
                name="coingate_api_key"
                value={draft.coingate_api_key}
                stored={stored('coingate_api_key')}
                error={errors.coingate_api_key}
                onChange={(value) => change({ coingate_api_key: value })}
              />
              <SelectField label="CoinGate environment" options={ENVIRONMENT_OPTIONS} {...field('coingate_environment')} />
            </div>
            <div className={styles.inlineActions}>
              <Button variant="secondary" loading={testingCoingate} onClick={() => void testCoingate()}>
                Test Connection
              </Button>
              <span className={styles.hint}>{testsSaved}</span>
            </div>
          </section>

          <section className={styles.section} aria-labelledby="settings-paypal">
            <h2 id="settings-paypal" className={styles.sectionTitle}>
              PayPal
            </h2>
            <Notice tone="info" live="none">
              <p>
                {paypalConfigured
                  ? `Payments go to PayPal (${saved.paypal_environment}) with the saved client ID and secret.`
                  : site.payments_sandbox
                    ? 'No client ID and secret are saved: payments go to the local payment sandbox. Saving both sends them to PayPal.'
                    : 'No client ID and secret are saved: PayPal checkout is not set up.'}
              </p>
            </Notice>
            <div className={styles.grid}>
              <TextField label="PayPal client ID" autoComplete="off" spellCheck={false} maxLength={200} {...field('paypal_client_id')} />
              <SecretField
                label="PayPal client secret"
                name="paypal_client_secret"
                value={draft.paypal_client_secret}
                stored={stored('paypal_client_secret')}
                error={errors.paypal_client_secret}
                onChange={(value) => change({ paypal_client_secret: value })}
              />
              <SelectField label="PayPal environment" options={ENVIRONMENT_OPTIONS} {...field('paypal_environment')} />
              <TextField
                label="PayPal webhook ID"
                autoComplete="off"
                spellCheck={false}
                maxLength={100}
                hint="Optional: verifies PayPal's payment notifications."
                {...field('paypal_webhook_id')}
              />
            </div>
          </section>

          <section className={styles.section} aria-labelledby="settings-email">
            <h2 id="settings-email" className={styles.sectionTitle}>
              Email
            </h2>
            <div className={styles.grid}>
              <TextField label="SMTP host" autoComplete="off" spellCheck={false} placeholder="smtp.example.com" maxLength={253} {...field('smtp_host')} />
              <TextField label="SMTP port" type="number" inputMode="numeric" min={1} max={65535} step={1} {...field('smtp_port')} />
              <TextField label="SMTP username" autoComplete="off" spellCheck={false} maxLength={200} {...field('smtp_username')} />
              <SecretField
                label="SMTP password"
                name="smtp_password"
                value={draft.smtp_password}
                stored={stored('smtp_password')}
                error={errors.smtp_password}
                onChange={(value) => change({ smtp_password: value })}
              />
              <TextField label="From email" type="email" autoComplete="off" placeholder="shop@example.com" maxLength={254} {...field('smtp_from_email')} />
              <TextField label="From name" autoComplete="off" maxLength={80} {...field('smtp_from_name')} />
              <Checkbox
                className={styles.fullRow}
                label="Use TLS/SSL"
                name="smtp_use_tls"
                checked={draft.smtp_use_tls}
                onChange={(event) => change({ smtp_use_tls: event.target.checked })}
              />
            </div>
            <div className={styles.inlineActions}>
              <Button variant="secondary" loading={sendingEmail} onClick={() => void sendTestEmail()}>
                Send Test Email
              </Button>
              <span className={styles.hint}>{testsSaved}</span>
            </div>
          </section>
        </div>

        <SitePreview
          siteName={draft.site_name}
          logoUrl={draft.logo_url}
          primary={draft.primary_color}
          secondary={draft.secondary_color}
          font={draft.font_family}
        />
      </div>

      <div className={styles.actionBar}>
        {dirty && <span className={styles.unsaved}>Unsaved changes</span>}
        <Button variant="secondary" loading={resetting} disabled={saving} onClick={() => void reset()}>
          Reset
        </Button>
        <Button type="submit" loading={saving} disabled={uploadingLogo}>
          {saving ? 'Saving...' : 'Save Changes'}
        </Button>
      </div>
    </form>
  );
}
