import { ApiError, type AuthResponse, ERROR_CODE, RegisterBodySchema, validate } from '@store/contracts';
import { Button, PasswordField, TextField } from '@store/ui';
import type { FormEvent } from 'react';
import toast from 'react-hot-toast';
import { api } from '../../lib/api.ts';
import { sessionStore } from '../session/session-store.ts';
import { authFailureMessage } from './auth-errors.ts';
import { authFormClassName } from '@store/shell';
import { type FieldErrors, useCheckedForm } from './use-checked-form.ts';

export interface RegisterValues {
  username: string;
  email: string;
  password: string;
  confirmPassword: string;
}

export type RegisterErrors = FieldErrors<RegisterValues>;

export const PASSWORDS_DO_NOT_MATCH = 'Passwords do not match';

/**
 * The registration rules: the contract's `RegisterBodySchema` (so the form and the API agree), a
 * plainer message for an empty username or email, and the confirmation matching the password.
 */
export function checkRegistration(values: RegisterValues): RegisterErrors {
  const errors: RegisterErrors = {};
  const result = validate(RegisterBodySchema, { username: values.username.trim(), email: values.email.trim(), password: values.password });
  if (!result.ok) {
    for (const { field, message } of result.errors) {
      if (field === 'username' || field === 'email' || field === 'password') errors[field] ??= message;
    }
  }
  if (!values.username.trim()) errors.username = 'Username is required';
  if (!values.email.trim()) errors.email = 'Email is required';
  if (values.confirmPassword !== values.password) errors.confirmPassword = PASSWORDS_DO_NOT_MATCH;
  return errors;
}

const FIELD_ORDER: (keyof RegisterValues)[] = ['username', 'email', 'password', 'confirmPassword'];
const EMPTY: RegisterValues = { username: '', email: '', password: '', confirmPassword: '' };

/** Which field a 409 answer is about (`username_taken`, `email_taken`), to show its detail there too. */
function clashField(error: unknown): keyof RegisterValues | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  if (error.code === ERROR_CODE.username_taken) return 'username';
  if (error.code === ERROR_CODE.email_taken) return 'email';
  return null;
}

export interface RegisterFormProps {
  onRegistered: (auth: AuthResponse) => void;
}

/** Registration (spec: register): username, email, password and its confirmation. */
export function RegisterForm({ onRegistered }: RegisterFormProps) {
  const { values, errors, busy, setBusy, change, showInvalid, refuse, show } = useCheckedForm(EMPTY, checkRegistration, FIELD_ORDER);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const form = event.currentTarget;
    const found = refuse(form);
    if (found) {
      // Spec section 8 also announces the two password rules as toasts.
      if (found.password) toast.error(found.password);
      if (found.confirmPassword) toast.error(found.confirmPassword);
      return;
    }
    setBusy(true);
    try {
      const auth = await api.register({
        body: { username: values.username.trim(), email: values.email.trim(), password: values.password },
      });
      sessionStore.getState().signIn(auth);
      toast.success('Successfully registered!');
      onRegistered(auth);
    } catch (error) {
      const message = authFailureMessage(error, { failed: 'Registration failed', network: 'Registration error' });
      toast.error(message);
      const field = clashField(error);
      if (field) {
        show({ [field]: message }, form);
      }
      setBusy(false);
    }
  };

  return (
    <form className={authFormClassName} onSubmit={(event) => void submit(event)} aria-label="Create account">
      <TextField
        label="Username"
        name="username"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        required
        maxLength={32}
        hint="3-32 letters, digits, dots, dashes or underscores"
        value={values.username}
        error={errors.username}
        onInvalid={showInvalid}
        onChange={change('username')}
      />
      <TextField
        label="Email"
        name="email"
        type="email"
        autoComplete="email"
        placeholder="you@example.com"
        required
        value={values.email}
        error={errors.email}
        onInvalid={showInvalid}
        onChange={change('email')}
      />
      <PasswordField
        label="Password"
        name="password"
        autoComplete="new-password"
        required
        hint="At least 6 characters"
        value={values.password}
        error={errors.password}
        onInvalid={showInvalid}
        onChange={change('password')}
      />
      <PasswordField
        label="Confirm Password"
        name="confirmPassword"
        autoComplete="new-password"
        required
        value={values.confirmPassword}
        error={errors.confirmPassword}
        onInvalid={showInvalid}
        onChange={change('confirmPassword')}
      />
      <Button type="submit" size="lg" fullWidth loading={busy}>
        {busy ? 'Creating Account…' : 'Create Account'}
      </Button>
    </form>
  );
}
