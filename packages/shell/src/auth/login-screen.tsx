import type { AuthResponse } from '@store/contracts';
import { useEffect, type ReactNode } from 'react';
import { markLoginPageShown } from '../session/unauthorized.ts';
import { usePageTitle } from '../site/use-page-title.ts';
import { AuthCard, type AuthCardProps } from './auth-card.tsx';
import { LoginForm } from './login-form.tsx';

export interface LoginScreenProps extends Pick<AuthCardProps, 'icon' | 'title' | 'subtitle' | 'backdrop'> {
  /** The tab's title, e.g. 'Login'. */
  pageTitle: string;
  /** The login field's hint. */
  placeholder: string;
  /** The line under the form: the shop's link to registration, the admin's way back to the shop. */
  footer: ReactNode;
  onSignedIn: (auth: AuthResponse) => void;
}

/** The login screen of both apps: the card, the form, and the 401 handling held off while it shows. */
export function LoginScreen({ pageTitle, placeholder, onSignedIn, ...card }: LoginScreenProps) {
  usePageTitle(pageTitle);
  // A wrong password answers 401, which otherwise sends the person to the login screen again (and drops `redirect`).
  useEffect(() => markLoginPageShown(), []);
  return (
    <AuthCard {...card}>
      <LoginForm placeholder={placeholder} onSignedIn={onSignedIn} />
    </AuthCard>
  );
}
