import { ApiError, ERROR_CODE, PasswordChangeBodySchema, validate } from '@store/contracts';
import { Button, PasswordField } from '@store/ui';
import type { FormEvent } from 'react';
import toast from 'react-hot-toast';
import { api } from '../../lib/api.ts';
import { authFailureMessage } from './auth-errors.ts';
import { authFormClassName } from '@store/shell';
import { type FieldErrors, useCheckedForm } from './use-checked-form.ts';
import * as styles from './change-password-form.css.ts';
import { PASSWORDS_DO_NOT_MATCH } from './register-form.tsx';

export interface PasswordChangeValues {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

export type PasswordChangeErrors = FieldErrors<PasswordChangeValues>;

export const PASSWORD_CHANGE_MESSAGES = {
  failed: 'Password change failed',
  network: 'Password change error',
} as const;

/** The contract's fields in the form's names. */
const FORM_FIELD = { current_password: 'currentPassword', new_password: 'newPassword' } as const;

/**
 * The rules of a password change: the contract's `PasswordChangeBodySchema` (the API checks the same),
 * and the confirmation matching the new password, as registration does.
 */
export function checkPasswordChange(values: PasswordChangeValues): PasswordChangeErrors {
  const errors: PasswordChangeErrors = {};
  const result = validate(PasswordChangeBodySchema, { current_password: values.currentPassword, new_password: values.newPassword });
  if (!result.ok) {
    for (const { field, message } of result.errors) {
      if (field === 'current_password' || field === 'new_password') errors[FORM_FIELD[field]] ??= message;
    }
  }
  if (values.confirmPassword !== values.newPassword) errors.confirmPassword = PASSWORDS_DO_NOT_MATCH;
  return errors;
}

const FIELD_ORDER: (keyof PasswordChangeValues)[] = ['currentPassword', 'newPassword', 'confirmPassword'];
const EMPTY: PasswordChangeValues = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** Which field a refusal is about: a wrong current password, or a new one too common to allow. */
function refusedField(error: unknown): keyof PasswordChangeValues | null {
  if (!(error instanceof ApiError) || error.status !== 400) return null;
  if (error.code === ERROR_CODE.invalid_current_password) return 'currentPassword';
  if (error.code === ERROR_CODE.password_too_common) return 'newPassword';
  return null;
}

/**
 * The account's password change: the current password, the new one and its confirmation. The server
 * answers with a sentence for the shopper either way; on success the fields are emptied.
 */
export function ChangePasswordForm({ username }: { username: string }) {
  const { values, setValues, errors, busy, setBusy, change, showInvalid, refuse, show } = useCheckedForm(EMPTY, checkPasswordChange, FIELD_ORDER);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const form = event.currentTarget;
    const found = refuse(form);
    if (found) {
      // As on registration (spec section 8), the two password rules are also announced as toasts.
      if (found.newPassword) toast.error(found.newPassword);
      if (found.confirmPassword) toast.error(found.confirmPassword);
      return;
    }
    setBusy(true);
    try {
      const { message } = await api.changePassword({
        body: { current_password: values.currentPassword, new_password: values.newPassword },
      });
      toast.success(message);
      setValues(EMPTY);
    } catch (error) {
      const message = authFailureMessage(error, PASSWORD_CHANGE_MESSAGES);
      toast.error(message);
      const field = refusedField(error);
      if (field) {
        show({ [field]: message }, form);
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className={`${authFormClassName} ${styles.form}`} onSubmit={(event) => void submit(event)} aria-label="Change password">
      {/* Tells password managers whose password this is, so they update the right entry. */}
      <input type="text" name="username" autoComplete="username" value={username} readOnly hidden />
      <PasswordField
        label="Current Password"
        name="currentPassword"
        autoComplete="current-password"
        required
        value={values.currentPassword}
        error={errors.currentPassword}
        onInvalid={showInvalid}
        onChange={change('currentPassword')}
      />
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
      <Button type="submit" loading={busy} className={styles.submit}>
        {busy ? 'Changing Password…' : 'Change Password'}
      </Button>
    </form>
  );
}
