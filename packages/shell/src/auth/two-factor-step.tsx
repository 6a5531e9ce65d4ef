import { ApiError, ERROR_CODE, TWO_FACTOR, type AuthResponse, type TwoFactorChallenge } from '@store/contracts';
import { Button, TextField } from '@store/ui';
import { type FormEvent, useState } from 'react';
import toast from 'react-hot-toast';
import { useShell } from '../binding.tsx';
import { form as formClassName, subtitle } from './auth-card.css.ts';
import { loginFailureMessage } from './login-failure.ts';

export interface TwoFactorStepProps {
  challenge: TwoFactorChallenge;
  /** The session is stored: go on as after a password sign-in. */
  onSignedIn: (auth: AuthResponse) => void;
  /** The second step ended (expired, too many wrong codes) or the person went back: the password again. */
  onRestart: () => void;
}

const CODE_PATTERN = new RegExp(`^[0-9]{${TWO_FACTOR.digits}}$`);

/**
 * The sign-in's second step for an account with two-factor sign-in (docs/decisions/030): the code the
 * authenticator app shows, or one recovery code. A wrong code keeps the step; a step the server ended
 * goes back to the password.
 */
export function TwoFactorStep({ challenge, onSignedIn, onRestart }: TwoFactorStepProps) {
  const { api, session } = useShell();
  const [useRecovery, setUseRecovery] = useState(false);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const entered = useRecovery ? value.trim() : value.replace(/\s/g, '');
    if (useRecovery ? entered === '' : !CODE_PATTERN.test(entered)) {
      setError(useRecovery ? 'Enter one of your recovery codes' : `Enter the ${TWO_FACTOR.digits}-digit code from your authenticator app`);
      return;
    }
    setBusy(true);
    try {
      const factor = useRecovery ? { recovery_code: entered } : { code: entered };
      const auth = await api.loginTwoFactor({ body: { token: challenge.two_factor_token, ...factor } });
      session.getState().signIn(auth);
      toast.success('Successfully logged in!');
      onSignedIn(auth);
    } catch (caught) {
      toast.error(loginFailureMessage(caught));
      setBusy(false);
      setValue('');
      if (caught instanceof ApiError && caught.code === ERROR_CODE.two_factor_token_invalid) onRestart();
    }
  };

  const toggle = () => {
    setUseRecovery((current) => !current);
    setValue('');
    setError(undefined);
  };

  return (
    <form className={formClassName} onSubmit={(event) => void submit(event)} aria-label="Two-factor sign-in" noValidate>
      <p className={subtitle}>
        {useRecovery
          ? 'Enter one of the recovery codes you saved when you set up two-factor sign-in. Each works once.'
          : 'Open your authenticator app and enter the code it shows for this store.'}
      </p>
      {useRecovery ? (
        <TextField
          key="recovery"
          label="Recovery code"
          name="recovery_code"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          autoFocus
          placeholder="xxxxx-xxxxx"
          value={value}
          error={error}
          onChange={(event) => {
            setValue(event.target.value);
            setError(undefined);
          }}
        />
      ) : (
        <TextField
          key="code"
          label="Two-factor code"
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          autoFocus
          maxLength={TWO_FACTOR.digits + 2}
          placeholder="123456"
          value={value}
          error={error}
          onChange={(event) => {
            setValue(event.target.value);
            setError(undefined);
          }}
        />
      )}
      <Button type="submit" size="lg" fullWidth loading={busy}>
        {busy ? 'Verifying…' : 'Verify'}
      </Button>
      <Button type="button" variant="ghost" onClick={toggle}>
        {useRecovery ? 'Use the code from your app instead' : 'Use a recovery code instead'}
      </Button>
      <Button type="button" variant="ghost" onClick={onRestart}>
        Back to sign in
      </Button>
    </form>
  );
}
