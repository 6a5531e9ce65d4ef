import type { AuthResponse } from '@store/contracts';
import { Button, PasswordField, TextField } from '@store/ui';
import { type FormEvent, useState } from 'react';
import toast from 'react-hot-toast';
import { api } from '../../lib/api.ts';
import { sessionStore } from '../session/session.ts';
import * as styles from './auth-card.css.ts';
import { loginFailureMessage } from './login-failure.ts';

type LoginErrors = Partial<Record<'username' | 'password', string>>;

function checkLogin(username: string, password: string): LoginErrors {
  const errors: LoginErrors = {};
  // The messages of the contract's LoginBodySchema, checked here without loading its validator.
  if (!username) errors.username = 'Enter your email or username';
  if (!password) errors.password = 'Enter your password';
  return errors;
}

export interface LoginFormProps {
  /** Called once the session is stored, to go where the admin was heading. */
  onSignedIn: (auth: AuthResponse) => void;
}

/**
 * One field for an email or a username and a password with a show/hide toggle (spec: login). A wrong
 * password answers 401, which the app's 401 handling leaves alone on this screen: the typed username stays.
 */
export function LoginForm({ onSignedIn }: LoginFormProps) {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<LoginErrors>({});
  const [busy, setBusy] = useState(false);

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
      sessionStore.getState().signIn(auth);
      toast.success('Successfully logged in!');
      onSignedIn(auth);
    } catch (error) {
      toast.error(loginFailureMessage(error));
      setBusy(false);
    }
  };

  return (
    <form className={styles.form} onSubmit={(event) => void submit(event)} aria-label="Sign in" noValidate>
      <TextField
        label="Email or Username"
        name="username"
        type="text"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        placeholder="admin or you@example.com"
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
