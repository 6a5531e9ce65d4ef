import { FONT_FAMILIES, PROVIDER_ENVIRONMENTS, SECRET_MASK, type SiteInfo, type SiteSettings } from '@store/contracts';
import { Badge, Button, Checkbox, Logo, Notice, SelectField, TextField, resolveAssetUrl, withDetail } from '@store/ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useId, useState, type ChangeEvent } from 'react';
import toast from 'react-hot-toast';
import { env } from '../../env.ts';
import { api } from '../../lib/api.ts';
import { useSchemaForm } from '../forms/use-schema-form.ts';
import { IMAGE_ACCEPT, checkImageFile, useImageUpload } from '../products/upload-image.ts';
import { siteInfoQueryOptions } from '../site/queries.ts';
import { useSiteInfo } from '@store/shell';
import { ColourSettings } from './colour-settings.tsx';
import { adminSettingsQueryOptions } from './queries.ts';
import { SecretField } from './secret-field.tsx';
import { SETTINGS_FORM, isChanged, isHexColor, siteInfoAfterSave, toDraft, type SettingsDraft, type SettingsField } from './settings-draft.ts';
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
  const form = useSchemaForm(SETTINGS_FORM, () => toDraft(initial));
  const { field, watch, setValue, clearErrors, setError, getFieldState, formState } = form;
  const [resetting, setResetting] = useState(false);
  const [logoProblem, setLogoProblem] = useState<string | null>(null);
  const logo = useImageUpload();
  const logoInputId = useId();

  // Every value, as the preview, the secrets' hints and "Unsaved changes" follow each keystroke.
  const draft = watch();
  const dirty = isChanged(draft, saved);
  const errorOf = (key: SettingsField) => getFieldState(key, formState).error?.message;

  /** Sets fields from a control that is not a plain input (presets, secrets, the logo); their messages go. */
  const change = (patch: Partial<SettingsDraft>) => {
    for (const [key, value] of Object.entries(patch) as [keyof SettingsDraft, SettingsDraft[keyof SettingsDraft]][]) {
      setValue(key, value, { shouldDirty: true });
      clearErrors(key);
    }
  };

  const save = useMutation({
    mutationFn: (settings: SiteSettings) => api.adminUpdateSettings({ body: settings }),
    onSuccess: (answer) => {
      queryClient.setQueryData(adminSettingsQueryOptions().queryKey, answer);
      // The root applies the site information: the whole admin takes the new colours, font and name at once.
      // Set from the answer rather than refetched: no second request, and the header agrees at once.
      queryClient.setQueryData<SiteInfo>(siteInfoQueryOptions().queryKey, (previous) => siteInfoAfterSave(answer, previous));
      setSaved(answer);
      form.reset(toDraft(answer));
      toast.success('Settings saved successfully!');
    },
    // The form keeps what was typed.
    onError: (failure) => toast.error(withDetail('Error saving settings', failure)),
  });

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
    try {
      change({ logo_url: await logo.upload(file) });
      toast.success('Logo uploaded successfully!');
    } catch (failure) {
      toast.error(withDetail('Error uploading logo', failure));
    }
  };

  const testCoingate = useMutation({
    mutationFn: () => api.adminTestCoingate(),
    onSuccess: (result) => {
      if (result.status === 'success') toast.success('CoinGate API connection successful!');
      else toast.error(`CoinGate API error: ${result.message}`);
    },
    onError: (failure) => toast.error(withDetail('Failed to test CoinGate API', failure)),
  });

  const testEmail = useMutation({
    mutationFn: (address: string) => api.adminTestEmail({ body: { test_email: address } }),
    onSuccess: () => toast.success('Test email sent successfully!'),
    onError: (failure) => toast.error(withDetail('Failed to send test email', failure)),
  });

  const sendTestEmail = () => {
    const address = window.prompt('Enter the email address to send a test email to')?.trim();
    if (address) testEmail.mutate(address);
  };

  const stored = (key: 'coingate_api_key' | 'paypal_client_secret' | 'smtp_password') => saved[key] === SECRET_MASK;
  const testsSaved = dirty ? 'Tests the saved settings: save your changes first.' : 'Tests the saved settings.';
  const paypalConfigured = saved.paypal_client_id !== '' && saved.paypal_client_secret === SECRET_MASK;

  return (
    <form
      ref={form.formRef}
      noValidate
      className={styles.page}
      aria-label="Site settings"
      onSubmit={form.submitWith(save, { onRefused: () => toast.error('Check the highlighted settings') })}
    >
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
                  disabled={logo.pending > 0}
                  aria-invalid={logoProblem || errorOf('logo_url') ? true : undefined}
                  aria-describedby={`${logoInputId}-hint`}
                  onChange={(event) => void uploadLogo(event)}
                />
                <span id={`${logoInputId}-hint`} className={styles.hint}>
                  {logo.pending > 0 ? 'Uploading…' : 'PNG, JPEG, GIF or WebP, up to 5 MB. Shown in the header once you save.'}
                </span>
                {(logoProblem ?? errorOf('logo_url')) && (
                  <span role="alert" className={styles.error}>
                    {logoProblem ?? errorOf('logo_url')}
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
              errors={{ primary_color: errorOf('primary_color'), secondary_color: errorOf('secondary_color') }}
              onChange={change}
              onCheck={(key, value) => (isHexColor(value) ? clearErrors(key) : setError(key, { type: 'format', message: 'Enter a colour as #rrggbb' }))}
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
                  <input type="radio" value={font} {...form.input('font_family')} />
                  {font}
                </label>
              ))}
            </fieldset>
            <fieldset className={styles.choices}>
              <legend className={styles.legend}>Theme</legend>
              <label className={styles.choice}>
                <input type="radio" value="dark" {...form.input('theme')} />
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
                error={errorOf('coingate_api_key')}
                onChange={(value) => change({ coingate_api_key: value })}
              />
              <SelectField label="CoinGate environment" options={ENVIRONMENT_OPTIONS} {...field('coingate_environment')} />
            </div>
            <div className={styles.inlineActions}>
              <Button variant="secondary" loading={testCoingate.isPending} onClick={() => testCoingate.mutate()}>
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
                error={errorOf('paypal_client_secret')}
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
                error={errorOf('smtp_password')}
                onChange={(value) => change({ smtp_password: value })}
              />
              <TextField label="From email" type="email" autoComplete="off" placeholder="shop@example.com" maxLength={254} {...field('smtp_from_email')} />
              <TextField label="From name" autoComplete="off" maxLength={80} {...field('smtp_from_name')} />
              <Checkbox className={styles.fullRow} label="Use TLS/SSL" {...field('smtp_use_tls')} />
            </div>
            <div className={styles.inlineActions}>
              <Button variant="secondary" loading={testEmail.isPending} onClick={sendTestEmail}>
                Send Test Email
              </Button>
              <span className={styles.hint}>{testsSaved}</span>
            </div>
          </section>

          <section className={styles.section} aria-labelledby="settings-security">
            <h2 id="settings-security" className={styles.sectionTitle}>
              Security
            </h2>
            <Checkbox label="Require two-factor sign-in for every admin account" {...field('require_staff_two_factor')} />
            <p className={styles.hint}>
              Staff without it can only set it up (under Security) until they do. Set it up for your own account first:{' '}
              <Link to="/security">Security</Link>.
            </p>
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
        <Button variant="secondary" loading={resetting} disabled={save.isPending} onClick={() => void reset()}>
          Reset
        </Button>
        <Button type="submit" loading={save.isPending} disabled={logo.pending > 0}>
          {save.isPending ? 'Saving...' : 'Save Changes'}
        </Button>
      </div>
    </form>
  );
}
