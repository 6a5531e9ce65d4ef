import { dictionary } from '@zxcvbn-ts/language-common';
import { badRequest } from '../errors.ts';

/** zxcvbn-ts's list of the most common passwords (about 49,000), lower-cased, built on first use. */
let common: Set<string> | undefined;

export function isCommonPassword(password: string): boolean {
  common ??= new Set(dictionary['passwords-common'].map((entry) => entry.toLowerCase()));
  return common.has(password.toLowerCase());
}

/**
 * Rules beyond the contract's length (the spec's minimum of 6 stays): not one of the passwords attackers
 * try first, and not the account's own name or email.
 */
export function checkNewPassword(password: string, account: { username: string; email: string }): void {
  if (isCommonPassword(password)) {
    throw badRequest('This password is too common and would be guessed quickly. Please choose another one.', 'password_too_common');
  }
  const lowered = password.toLowerCase();
  if (lowered === account.username.toLowerCase() || lowered === account.email.toLowerCase()) {
    throw badRequest('The password must not be your username or email.', 'password_too_common');
  }
}
