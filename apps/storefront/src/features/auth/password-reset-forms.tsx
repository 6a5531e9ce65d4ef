import { ApiError, ERROR_CODE, PasswordResetBodySchema, PasswordResetRequestBodySchema, validate } from '@store/contracts';
import { authFormClassName, authLinkClassName } from '@store/shell';
import { Button, PasswordField, TextField } from '@store/ui';
import { Link } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import toast from 'react-hot-toast';
import { api } from '../../lib/api.ts';
import { authFailureMessage } from './auth-errors.ts';
import { PASSWORDS_DO_NOT_MATCH } from './register-form.tsx';
import { type FieldErrors, useCheckedForm } from './use-checked-form.ts';

export const FORGOT_PASSWORD_MESSAGES = { failed: 'Could not send the link', network: 'Could not reach the shop' } as const;
export const RESET_PASSWORD_MESSAGES = { failed: 'Could not set the password', network: 'Could not reach the shop' } as const;

interface ForgotValues {
  email: string;
}

function checkForgot(values: ForgotValues): FieldErrors<ForgotValues> {
  const result = validate(PasswordResetRequestBodySchema, { email: values.email.trim() });
  return result.ok ? {} : { email: result.errors[0]?.message ?? 'Enter a valid email address' };
}

/**
 * "Forgot password?": the account's email. The shop answers the same whether an account has it or not,
 * so the form shows that answer in its place, whatever the email.
 */
export function ForgotPasswordForm() {
  const { values, errors, busy, setBusy, change, showInvalid, refuse } = useCheckedForm<ForgotValues>({ email: '' }, checkForgot, [
    'email',
  ]);
  const [answer, setAnswer] = useState<string | null>(null);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy || refuse(event.currentTarget)) return;
    setBusy(true);
    try {
      const { message } = await api.requestPasswordReset({ body: { email: values.email.trim() } });
      setAnswer(message);
    } catch (error) {
      toast.error(authFailureMessage(error, FORGOT_PASSWORD_MESSAGES));
    } finally {
      setBusy(false);
    }
  };

  if (answer) {
    return (
      <p role="status" aria-live="polite">
        {answer}
      </p>
    );
  }
  return (
    <form className={authFormClassName} onSubmit={(event) => void submit(event)} aria-label="Forgot password">
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
      <Button type="submit" loading={busy}>
        {busy ? 'Sending…' : 'Send Reset Link'}
      </Button>
    </form>
  );
}

interface ResetValues {
  newPassword: string;
  confirmPassword: string;
}

/** The new password, by the contract's rule (the API checks the same), and its confirmation. */
function checkReset(token: string) {
  return (values: ResetValues): FieldErrors<ResetValues> => {
    const errors: FieldErrors<ResetValues> = {};
    const result = validate(PasswordResetBodySchema, { token, new_password: values.newPassword });
    if (!result.ok) {
      const problem = result.errors.find((error) => error.field === 'new_password');
      if (problem) errors.newPassword = problem.message;
    }
    if (values.confirmPassword !== values.newPassword) errors.confirmPassword = PASSWORDS_DO_NOT_MATCH;
    return errors;
  };
}

/** The link's token is unknown, used or expired: a new link is the way on. */
const isDeadLink = (error: unknown) => error instanceof ApiError && error.code === ERROR_CODE.invalid_reset_link;

/** Sets a new password with a mailed link's token; `onDone` runs once it is set (every session is over then). */
export function ResetPasswordForm({ token, onDone }: { token: string; onDone: () => void }) {
  const { values, errors, busy, setBusy, change, showInvalid, refuse, show } = useCheckedForm<ResetValues>(
    { newPassword: '', confirmPassword: '' },
    checkReset(token),
    ['newPassword', 'confirmPassword'],
  );
  const [dead, setDead] = useState<string | null>(null);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const form = event.currentTarget;
    const found = refuse(form);
    if (found) {
      if (found.newPassword) toast.error(found.newPassword);
      if (found.confirmPassword) toast.error(found.confirmPassword);
      return;
    }
    setBusy(true);
    try {
      const { message } = await api.resetPassword({ body: { token, new_password: values.newPassword } });
      toast.success(message);
      onDone();
    } catch (error) {
      const message = authFailureMessage(error, RESET_PASSWORD_MESSAGES);
      toast.error(message);
      if (isDeadLink(error)) setDead(message);
      else if (error instanceof ApiError && error.code === ERROR_CODE.password_too_common) show({ newPassword: message }, form);
    } finally {
      setBusy(false);
    }
  };

  if (dead) {
    return (
      <p role="alert">
        {dead}{' '}
        <Link to="/forgot-password" className={authLinkClassName}>
          Send a new link
        </Link>
      </p>
    );
  }
  return (
    <form className={authFormClassName} onSubmit={(event) => void submit(event)} aria-label="Set a new password">
      <PasswordField
        label="New Password"
        name="newPassword"
        autoComplete="new-password"
        required
        hint="At least 6 characters"
        value={values.newPassword}
        error={errors.newPassword}
        onInvalid={showInvalid}
        onChange={change('newPassword')}
      />
      <PasswordField
        label="Confirm New Password"
        name="confirmPassword"
        autoComplete="new-password"
        required
        value={values.confirmPassword}
        error={errors.confirmPassword}
        onInvalid={showInvalid}
        onChange={change('confirmPassword')}
      />
      <Button type="submit" loading={busy}>
        {busy ? 'Setting Password…' : 'Set New Password'}
      </Button>
    </form>
  );
}
