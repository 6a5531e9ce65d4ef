import { isTwoFactorChallenge, type AuthResponse, type TwoFactorChallenge } from '@store/contracts';
import { Button, PasswordField, TextField } from '@store/ui';
import { type FormEvent, useState } from 'react';
import toast from 'react-hot-toast';
import { useShell } from '../binding.tsx';
import { form as formClassName } from './auth-card.css.ts';
import { loginFailureMessage } from './login-failure.ts';
import { TwoFactorStep } from './two-factor-step.tsx';

type LoginErrors = Partial<Record<'username' | 'password', string>>;

// The messages of the contract's LoginBodySchema, checked here without loading its validator into the
// first load (the login screen is the admin's first screen); the API checks the schema itself.
function checkLogin(username: string, password: string): LoginErrors {
  const errors: LoginErrors = {};
  if (!username) errors.username = 'Enter your email or username';
  if (!password) errors.password = 'Enter your password';
  return errors;
}

export interface LoginFormProps {
  /** Called once the session is stored, to go where the person was heading. */
  onSignedIn: (auth: AuthResponse) => void;
  /** The login field's hint, e.g. 'you@example.com or admin'. */
  placeholder: string;
}

/**
 * One field for an email or a username and a password with a show/hide toggle (spec: login); for staff
 * with two-factor sign-in, the code next (TwoFactorStep). Empty
 * fields show the schema's messages at the fields, not the browser's bubble. A wrong password answers
 * 401, which the 401 handling leaves alone on the login screen: the typed username stays.
 */
export function LoginForm({ onSignedIn, placeholder }: LoginFormProps) {
  const { api, session } = useShell();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<LoginErrors>({});
  const [busy, setBusy] = useState(false);
  const [challenge, setChallenge] = useState<TwoFactorChallenge | null>(null);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const login = username.trim();
    const found = checkLogin(login, password);
    setErrors(found);
    if (found.username || found.password) return;
    setBusy(true);
    try {
      const auth = await api.login({ body: { username: login, password } });
      // Staff with two-factor sign-in: the password opened no session yet, the code is asked for next.
      if (isTwoFactorChallenge(auth)) {
        setChallenge(auth);
        setPassword('');
        setBusy(false);
        return;
      }
      session.getState().signIn(auth);
      toast.success('Successfully logged in!');
      onSignedIn(auth);
    } catch (error) {
      toast.error(loginFailureMessage(error));
      setBusy(false);
    }
  };

  if (challenge) return <TwoFactorStep challenge={challenge} onSignedIn={onSignedIn} onRestart={() => setChallenge(null)} />;

  return (
    <form className={formClassName} onSubmit={(event) => void submit(event)} aria-label="Sign in" noValidate>
      <TextField
        label="Email or Username"
        name="username"
        type="text"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        placeholder={placeholder}
        required
        value={username}
        error={errors.username}
        onChange={(event) => {
          setUsername(event.target.value);
          setErrors((current) => ({ ...current, username: undefined }));
        }}
      />
      <PasswordField
        label="Password"
        name="password"
        autoComplete="current-password"
        required
        value={password}
        error={errors.password}
        onChange={(event) => {
          setPassword(event.target.value);
          setErrors((current) => ({ ...current, password: undefined }));
        }}
      />
      <Button type="submit" size="lg" fullWidth loading={busy}>
        {busy ? 'Signing In…' : 'Sign In'}
      </Button>
    </form>
  );
}
