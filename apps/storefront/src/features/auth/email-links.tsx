import { ApiError, ERROR_CODE, MagicLinkRequestBodySchema, validate, type AuthResponse, type LinkRequestAnswer, type VerifyEmailResponse } from '@store/contracts';
import { authFormClassName, authLinkClassName, useSiteInfo } from '@store/shell';
import { Button, Notice, TextField } from '@store/ui';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { type FormEvent, useEffect, useState } from 'react';
import toast from 'react-hot-toast';
import { api } from '../../lib/api.ts';
import { orderKeys } from '../orders/queries.ts';
import { selectUser, sessionStore, useSession } from '../session/session-store.ts';
import { authFailureMessage } from './auth-errors.ts';
import { type FieldErrors, useCheckedForm } from './use-checked-form.ts';

export const VERIFY_EMAIL_MESSAGES = { failed: 'Could not verify the email', network: 'Could not reach the shop' } as const;
export const SEND_LINK_MESSAGES = { failed: 'Could not send the link', network: 'Could not reach the shop' } as const;
export const SIGN_IN_LINK_MESSAGES = { failed: 'Could not sign in', network: 'Could not reach the shop' } as const;

/**
 * The account page's reminder while the email is unverified: orders paid as a guest with the email join
 * the account only once it is (docs/decisions/024), and a new link is one click away. It says a link was
 * mailed only when the shop can send email (docs/decisions/048); otherwise it says what to do instead.
 */
export function VerifyEmailNotice({ email }: { email: string }) {
  const mailAvailable = useSiteInfo().mail_available;
  const [busy, setBusy] = useState(false);
  const [answer, setAnswer] = useState<LinkRequestAnswer | null>(null);

  const send = async () => {
    if (busy) return;
    setBusy(true);
    try {
      const sent = await api.requestEmailVerification();
      setAnswer(sent);
      if (sent.mailed) toast.success(sent.message);
      else toast.error(sent.message);
    } catch (error) {
      // Verified meanwhile (in another tab): the account as the server has it now.
      if (error instanceof ApiError && error.code === ERROR_CODE.email_already_verified) void sessionStore.getState().refreshUser();
      toast.error(authFailureMessage(error, SEND_LINK_MESSAGES));
    } finally {
      setBusy(false);
    }
  };

  const canMail = answer ? answer.mailed : mailAvailable;
  return (
    <Notice tone="warning" live="none" title="Verify your email">
      {canMail ? (
        <p>
          We mailed a link to {email}. Open it to confirm the address is yours: orders you paid as a guest with this email then appear
          here.
        </p>
      ) : (
        <p>{NO_MAIL_NOTICE}</p>
      )}
      {answer ? (
        <p role="status">{answer.message}</p>
      ) : (
        canMail && (
          <p>
            <Button variant="secondary" size="sm" loading={busy} onClick={() => void send()}>
              Send a new link
            </Button>
          </p>
        )
      )}
    </Notice>
  );
}

/** The reminder's words while the shop cannot send email: no link went out, and what the shopper can do. */
export const NO_MAIL_NOTICE =
  'This shop cannot send email right now, so no link to confirm your address could be mailed. Your account works as it is; ' +
  'orders you paid as a guest with this email join it once the address is confirmed. Ask the shop’s staff for help, or come back later.';

type Attempt<T> = { state: 'working' } | { state: 'done'; answer: T } | { state: 'failed'; error: unknown };

/**
 * Spends a mailed link's token once per page, even when React runs an effect twice (a link works once):
 * the call is kept by token, and every render of the page reads the same answer.
 */
const spent = new Map<string, Promise<unknown>>();
function useSpendOnce<T>(token: string, spend: (token: string) => Promise<T>, enabled = true): Attempt<T> | null {
  const [attempt, setAttempt] = useState<Attempt<T> | null>(null);
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    setAttempt({ state: 'working' });
    let call = spent.get(token) as Promise<T> | undefined;
    if (!call) {
      call = spend(token);
      spent.set(token, call);
    }
    call.then(
      (answer) => live && setAttempt({ state: 'done', answer }),
      (error: unknown) => live && setAttempt({ state: 'failed', error }),
    );
    return () => {
      live = false;
    };
  }, [token, spend, enabled]);
  return attempt;
}

const verifyEmail = (token: string) => api.verifyEmail({ body: { token } });

/** Opens a verification link: verifies the email, says how many guest orders joined, and shows the account as it is now. */
export function VerifyEmailResult({ token }: { token: string }) {
  const user = useSession(selectUser);
  const queryClient = useQueryClient();
  const attempt = useSpendOnce<VerifyEmailResponse>(token, verifyEmail);

  const done = attempt?.state === 'done';
  useEffect(() => {
    if (!done) return;
    void sessionStore.getState().refreshUser();
    void queryClient.invalidateQueries({ queryKey: orderKeys.all });
  }, [done, queryClient]);

  if (!attempt || attempt.state === 'working') return <p role="status">Verifying your email…</p>;
  if (attempt.state === 'failed') {
    return (
      <p role="alert">
        {authFailureMessage(attempt.error, VERIFY_EMAIL_MESSAGES)}{' '}
        <Link to="/account" className={authLinkClassName}>
          {user ? 'Send a new link from your account' : 'Sign in to send a new link'}
        </Link>
      </p>
    );
  }
  return (
    <div className={authFormClassName}>
      <p role="status">{attempt.answer.message}</p>
      <Link to={user ? '/account' : '/login'} className={authLinkClassName}>
        {user ? 'Go to your account' : 'Sign in to your account'}
      </Link>
    </div>
  );
}

interface EmailValues {
  email: string;
}

function checkEmail(values: EmailValues): FieldErrors<EmailValues> {
  const result = validate(MagicLinkRequestBodySchema, { email: values.email.trim() });
  return result.ok ? {} : { email: result.errors[0]?.message ?? 'Enter a valid email address' };
}

/** "Email me a sign-in link": the shop answers the same whether an account has the email or not, in the form's place. */
export function SignInLinkRequestForm() {
  const { values, errors, busy, setBusy, change, showInvalid, refuse } = useCheckedForm<EmailValues>({ email: '' }, checkEmail, ['email']);
  const [answer, setAnswer] = useState<string | null>(null);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy || refuse(event.currentTarget)) return;
    setBusy(true);
    try {
      const { message } = await api.requestMagicLink({ body: { email: values.email.trim() } });
      setAnswer(message);
    } catch (error) {
      toast.error(authFailureMessage(error, SEND_LINK_MESSAGES));
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
    <form className={authFormClassName} onSubmit={(event) => void submit(event)} aria-label="Email me a sign-in link">
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
        {busy ? 'Sending…' : 'Send Sign-in Link'}
      </Button>
    </form>
  );
}

const signInWith = (token: string) => api.signInWithMagicLink({ body: { token } });

/**
 * Opens a sign-in link. It signs in on a click rather than on its own: a mail scanner that opens links
 * ahead of the shopper must not spend the only one.
 */
export function SignInWithLink({ token, onSignedIn }: { token: string; onSignedIn: (auth: AuthResponse) => void }) {
  const [confirmed, setConfirmed] = useState(false);
  const attempt = useSpendOnce<AuthResponse>(token, signInWith, confirmed);

  const answer = attempt?.state === 'done' ? attempt.answer : null;
  useEffect(() => {
    if (!answer) return;
    sessionStore.getState().signIn(answer);
    toast.success(`Signed in as ${answer.user.username}`);
    onSignedIn(answer);
  }, [answer, onSignedIn]);

  if (attempt?.state === 'failed') {
    const dead = attempt.error instanceof ApiError && attempt.error.code === ERROR_CODE.invalid_sign_in_link;
    return (
      <p role="alert">
        {authFailureMessage(attempt.error, SIGN_IN_LINK_MESSAGES)}{' '}
        {dead && (
          <Link to="/sign-in-link" className={authLinkClassName}>
            Send a new link
          </Link>
        )}
      </p>
    );
  }
  return (
    <div className={authFormClassName}>
      <p>This link signs you in once. Continue on this device?</p>
      <Button loading={attempt?.state === 'working'} onClick={() => setConfirmed(true)}>
        Sign In
      </Button>
    </div>
  );
}
