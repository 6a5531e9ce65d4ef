import type { SecondFactorBody, TwoFactorSetup, TwoFactorStatus } from '@store/contracts';
import { TWO_FACTOR } from '@store/contracts';
import { Button, CopyButton, Notice, PasswordField, Skeleton, TextField, withDetail } from '@store/ui';
import { usePageTitle } from '@store/shell';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent, type ReactNode } from 'react';
import toast from 'react-hot-toast';
import { api } from '../../lib/api.ts';
import * as layout from '../layout/admin-layout.css.ts';
import { formatAdminDate } from '../site/format.ts';
import { saveFile } from '../site/save-file.ts';
import { useErrorToast } from '../site/use-error-toast.ts';
import { twoFactorStatusQueryOptions } from './queries.ts';
import * as styles from './security.css.ts';

const CODE_PATTERN = new RegExp(`^[0-9]{${TWO_FACTOR.digits}}$`);

/** What was typed in a "code or recovery code" field, as the API takes it: 6 digits are a code, anything else a recovery code. */
export function secondFactorOf(typed: string): SecondFactorBody {
  const compact = typed.replace(/\s/g, '');
  return CODE_PATTERN.test(compact) ? { code: compact } : { recovery_code: typed.trim() };
}

/** The base32 secret in groups of four, easier to type into an app by hand. */
export const groupSecret = (secret: string) => secret.replace(/(.{4})/g, '$1 ').trim();

/**
 * /admin/security: the staff member's two-factor sign-in (docs/decisions/030-two-factor-sign-in.md): set
 * it up with a QR code or the key typed in, confirmed by a code; the ten recovery codes shown once, to copy
 * or download; new recovery codes; turning it off. Every change asks for the password again, so a session
 * left open is not enough to change how the account signs in.
 */
export function SecurityPage() {
  usePageTitle('Security');
  const status = useQuery(twoFactorStatusQueryOptions());
  useErrorToast(status.isError, status.errorUpdatedAt, 'Error loading your sign-in settings');
  // Recovery codes just made: shown until the staff member says they saved them.
  const [codes, setCodes] = useState<string[] | null>(null);

  return (
    <div className={layout.stack}>
      <div className={layout.pageHeader}>
        <div>
          <h1 className={layout.pageTitle}>Security</h1>
          <p className={layout.pageSubtitle}>How you sign in to the admin.</p>
        </div>
      </div>
      {codes ? (
        <RecoveryCodesPanel codes={codes} onDone={() => setCodes(null)} />
      ) : status.data ? (
        status.data.enabled ? (
          <EnabledPanel status={status.data} onNewCodes={setCodes} />
        ) : (
          <EnrolPanel required={status.data.required} onEnabled={setCodes} />
        )
      ) : status.isError ? (
        <section className={layout.panel} role="alert">
          <h2 className={layout.sectionTitle}>Your sign-in settings could not be loaded</h2>
          <Button variant="secondary" loading={status.isFetching} onClick={() => void status.refetch()}>
            Try again
          </Button>
        </section>
      ) : (
        <div aria-busy="true" aria-label="Loading your sign-in settings">
          <Skeleton width="100%" height="200px" radius="16px" />
        </div>
      )}
    </div>
  );
}

function useStatusChanged() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: twoFactorStatusQueryOptions().queryKey });
}

function EnrolPanel({ required, onEnabled }: { required: boolean; onEnabled: (codes: string[]) => void }) {
  const statusChanged = useStatusChanged();
  // Asked once, before the setup starts, and sent again with the code that turns it on.
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string | undefined>();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const setup = useMutation({
    mutationFn: () => api.twoFactorSetup({ body: { password } }),
    onError: (failure) => toast.error(withDetail('Could not start the setup', failure)),
  });
  const enable = useMutation({
    mutationFn: (typed: string) => api.twoFactorEnable({ body: { password, code: typed } }),
    onSuccess: async (answer) => {
      toast.success('Two-factor sign-in is on');
      onEnabled(answer.recovery_codes);
      await statusChanged();
    },
    onError: (failure) => toast.error(withDetail('Could not turn on two-factor sign-in', failure)),
  });

  const start = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!password) {
      setPasswordError('Enter your password');
      return;
    }
    setup.mutate();
  };

  const confirm = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const typed = code.replace(/\s/g, '');
    if (!CODE_PATTERN.test(typed)) {
      setError(`Enter the ${TWO_FACTOR.digits}-digit code your app shows`);
      return;
    }
    enable.mutate(typed);
  };

  return (
    <section className={layout.panel} aria-labelledby="two-factor-title">
      <div className={layout.panelHeader}>
        <h2 id="two-factor-title" className={layout.sectionTitle}>
          Two-factor sign-in is off
        </h2>
      </div>
      <div className={layout.stack}>
        {required && (
          <Notice tone="warning" title="Required by the store">
            <p>Every admin account must sign in with a code from an authenticator app. Set it up to use the admin.</p>
          </Notice>
        )}
        <p className={layout.muted}>
          With two-factor sign-in, signing in takes your password and a code from an authenticator app on your phone (Google Authenticator,
          Microsoft Authenticator, 1Password, Authy…), so a stolen password alone does not open the admin. Setting it up asks for your
          password first.
        </p>
        {setup.data ? (
          <SetupSteps setup={setup.data}>
            <form className={styles.form} onSubmit={confirm} aria-label="Confirm two-factor sign-in" noValidate>
              <TextField
                label="Code from your app"
                name="code"
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={TWO_FACTOR.digits + 2}
                value={code}
                error={error}
                onChange={(event) => {
                  setCode(event.target.value);
                  setError(undefined);
                }}
              />
              <div className={styles.row}>
                <Button type="submit" loading={enable.isPending}>
                  Turn on two-factor sign-in
                </Button>
                <Button variant="ghost" disabled={setup.isPending || enable.isPending} onClick={() => setup.mutate()}>
                  Start again with a new key
                </Button>
              </div>
            </form>
          </SetupSteps>
        ) : (
          <form className={styles.form} onSubmit={start} aria-label="Set up two-factor sign-in" noValidate>
            <PasswordField
              label="Password"
              name="password"
              autoComplete="current-password"
              value={password}
              error={passwordError}
              onChange={(event) => {
                setPassword(event.target.value);
                setPasswordError(undefined);
              }}
            />
            <div>
              <Button type="submit" loading={setup.isPending}>
                Set up two-factor sign-in
              </Button>
            </div>
          </form>
        )}
      </div>
    </section>
  );
}

function SetupSteps({ setup, children }: { setup: TwoFactorSetup; children: ReactNode }) {
  return (
    <ol className={layout.stack}>
      <li>
        <p>Scan this QR code with your authenticator app.</p>
        <img className={styles.qrCode} src={setup.qr_code} alt="QR code to scan with your authenticator app" width={240} height={240} />
      </li>
      <li>
        <p>
          Cannot scan it? Add an account in the app by hand: {setup.issuer} ({setup.account}), time-based, with this key:
        </p>
        <div className={styles.row}>
          <code id="two-factor-secret" className={styles.secret} aria-label="Secret key" data-secret={setup.secret}>
            {groupSecret(setup.secret)}
          </code>
          <CopyButton text={setup.secret} label="Copy key" aria-describedby="two-factor-secret" />
        </div>
      </li>
      <li>
        <p>Enter the {TWO_FACTOR.digits}-digit code the app shows now.</p>
        {children}
      </li>
    </ol>
  );
}

function RecoveryCodesPanel({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const text = `${codes.join('\n')}\n`;
  return (
    <section className={layout.panel} aria-labelledby="recovery-codes-title">
      <div className={layout.panelHeader}>
        <h2 id="recovery-codes-title" className={layout.sectionTitle}>
          Your recovery codes
        </h2>
      </div>
      <div className={layout.stack}>
        <Notice tone="warning" title="Save them now: they are shown only once">
          <p>Each code signs you in once if you lose your phone. Keep them somewhere safe, apart from your password.</p>
        </Notice>
        <ol className={styles.codes} aria-label="Recovery codes">
          {codes.map((code) => (
            <li key={code}>{code}</li>
          ))}
        </ol>
        <div className={styles.row}>
          <CopyButton text={text} label="Copy codes" size="md" />
          <Button variant="secondary" onClick={() => saveFile(new Blob([text], { type: 'text/plain' }), 'recovery-codes.txt')}>
            Download
          </Button>
          <Button onClick={onDone}>I have saved them</Button>
        </div>
      </div>
    </section>
  );
}

function EnabledPanel({ status, onNewCodes }: { status: TwoFactorStatus; onNewCodes: (codes: string[]) => void }) {
  const statusChanged = useStatusChanged();
  const [codesPassword, setCodesPassword] = useState('');
  const [factor, setFactor] = useState('');
  const [password, setPassword] = useState('');
  const [offFactor, setOffFactor] = useState('');

  const regenerate = useMutation({
    mutationFn: (input: { password: string; typed: string }) =>
      api.twoFactorRecoveryCodes({ body: { password: input.password, ...secondFactorOf(input.typed) } }),
    onSuccess: async (answer) => {
      setCodesPassword('');
      setFactor('');
      toast.success('New recovery codes made: the old ones no longer work');
      onNewCodes(answer.recovery_codes);
      await statusChanged();
    },
    onError: (failure) => toast.error(withDetail('Could not make new recovery codes', failure)),
  });
  const disable = useMutation({
    mutationFn: (input: { password: string; typed: string }) =>
      api.twoFactorDisable({ body: { password: input.password, ...secondFactorOf(input.typed) } }),
    onSuccess: async (answer) => {
      toast.success(answer.message);
      await statusChanged();
    },
    onError: (failure) => toast.error(withDetail('Could not turn off two-factor sign-in', failure)),
  });

  return (
    <>
      <section className={layout.panel} aria-labelledby="two-factor-title">
        <div className={layout.panelHeader}>
          <h2 id="two-factor-title" className={layout.sectionTitle}>
            Two-factor sign-in is on
          </h2>
        </div>
        <div className={layout.stack}>
          <p>
            {status.enabled_at ? `On since ${formatAdminDate(status.enabled_at)}. ` : ''}
            Signing in takes your password and a code from your authenticator app. Recovery codes left: {status.recovery_codes_left} of{' '}
            {TWO_FACTOR.recoveryCodes}.
          </p>
          {status.recovery_codes_left <= 3 && (
            <Notice tone="warning">
              <p>Few recovery codes are left: make new ones.</p>
            </Notice>
          )}
        </div>
      </section>

      <section className={layout.panel} aria-labelledby="recovery-title">
        <div className={layout.panelHeader}>
          <h2 id="recovery-title" className={layout.sectionTitle}>
            New recovery codes
          </h2>
        </div>
        <form
          className={styles.form}
          aria-label="New recovery codes"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (codesPassword && factor.trim()) regenerate.mutate({ password: codesPassword, typed: factor });
          }}
        >
          <p className={layout.muted}>Ten new codes replace the ones you have; the old ones stop working.</p>
          <PasswordField
            label="Password"
            name="codes_password"
            autoComplete="current-password"
            value={codesPassword}
            onChange={(event) => setCodesPassword(event.target.value)}
          />
          <TextField
            label="Code from your app or a recovery code"
            name="code"
            autoComplete="one-time-code"
            value={factor}
            onChange={(event) => setFactor(event.target.value)}
          />
          <div>
            <Button type="submit" variant="secondary" loading={regenerate.isPending} disabled={!codesPassword || !factor.trim()}>
              Make new recovery codes
            </Button>
          </div>
        </form>
      </section>

      <section className={layout.panel} aria-labelledby="disable-title">
        <div className={layout.panelHeader}>
          <h2 id="disable-title" className={layout.sectionTitle}>
            Turn off two-factor sign-in
          </h2>
        </div>
        {status.required ? (
          <p className={layout.muted}>The store requires two-factor sign-in for every admin account, so it cannot be turned off.</p>
        ) : (
          <form
            className={styles.form}
            aria-label="Turn off two-factor sign-in"
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              if (password && offFactor.trim()) disable.mutate({ password, typed: offFactor });
            }}
          >
            <PasswordField
              label="Password"
              name="password"
              autoComplete="current-password"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
            />
            <TextField
              label="Code from your app or a recovery code"
              name="off_code"
              autoComplete="one-time-code"
              value={offFactor}
              onChange={(event) => setOffFactor(event.target.value)}
            />
            <div>
              <Button type="submit" variant="danger" loading={disable.isPending} disabled={!password || !offFactor.trim()}>
                Turn off two-factor sign-in
              </Button>
            </div>
          </form>
        )}
      </section>
    </>
  );
}
