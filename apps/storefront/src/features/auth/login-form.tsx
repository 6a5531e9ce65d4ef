import { type AuthResponse, LoginBodySchema, validate } from '@store/contracts';
import { Button, PasswordField, TextField } from '@store/ui';
import { type FormEvent, type InvalidEvent, useState } from 'react';
import toast from 'react-hot-toast';
import { api } from '../../lib/api.ts';
import { sessionStore } from '../session/session-store.ts';
import { authFailureMessage } from './auth-errors.ts';
import { authFormClassName } from './auth-card.tsx';

type LoginField = 'username' | 'password';
type LoginErrors = Partial<Record<LoginField, string>>;

function checkLogin(username: string, password: string): { ok: true } | { ok: false; errors: LoginErrors } {
  const result = validate(LoginBodySchema, { username, password });
  if (result.ok) return { ok: true };
  const errors: LoginErrors = {};
  for (const { field, message } of result.errors) {
    if (field === 'username' || field === 'password') errors[field] ??= message;
  }
  return { ok: false, errors };
}

export interface LoginFormProps {
  /** Called once the session is stored, e.g. to go where the shopper was heading. */
  onSignedIn: (auth: AuthResponse) => void;
}

/**
 * Sign-in with one field for an email or a username and a password (spec: login). Required fields are
 * checked by the browser (`required`) and by the contract's schema, whose messages show at the fields.
 */
export function LoginForm({ onSignedIn }: LoginFormProps) {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<LoginErrors>({});
  const [busy, setBusy] = useState(false);

  // The browser refused the submit (an empty required field): show our messages instead of its bubble.
  const showInvalid = (event: InvalidEvent<HTMLInputElement>) => {
    event.preventDefault();
    const check = checkLogin(username.trim(), password);
    if (!check.ok) setErrors(check.errors);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const login = username.trim();
    const check = checkLogin(login, password);
    if (!check.ok) {
      setErrors(check.errors);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const auth = await api.login({ body: { username: login, password } });
      sessionStore.getState().signIn(auth);
      toast.success('Successfully logged in!');
      onSignedIn(auth);
    } catch (error) {
      toast.error(authFailureMessage(error, { failed: 'Login failed', network: 'Login error' }));
      setBusy(false);
    }
  };

  return (
    <form className={authFormClassName} onSubmit={(event) => void submit(event)} aria-label="Sign in">
      <TextField
        label="Email or Username"
        name="username"
        type="text"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        placeholder="you@example.com or admin"
        required
        value={username}
        error={errors.username}
        onInvalid={showInvalid}
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
        onInvalid={showInvalid}
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
