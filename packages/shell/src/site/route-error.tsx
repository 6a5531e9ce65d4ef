import { ApiError } from '@store/contracts';
import { Button, MessagePage, buttonClassName } from '@store/ui';
import { useQueryErrorResetBoundary } from '@tanstack/react-query';
import { Link, useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useShell } from '../binding.tsx';
import { usePageTitle } from './use-page-title.ts';

/** A whole-page failure: the server's `detail` when it gave one, and a way to try again. */
export function RouteError({ error }: ErrorComponentProps) {
  const router = useRouter();
  const { homeLinks } = useShell();
  const queryErrorResetBoundary = useQueryErrorResetBoundary();
  usePageTitle('Something went wrong');

  // Lets queries that failed inside this route run again when the route reloads.
  useEffect(() => {
    queryErrorResetBoundary.reset();
  }, [queryErrorResetBoundary]);

  const message = error instanceof ApiError ? error.detail : 'An unexpected error occurred. Please try again.';
  return (
    <MessagePage
      title="Something went wrong"
      actions={
        <>
          <Button onClick={() => void router.invalidate()}>Try again</Button>
          <Link to="/" className={buttonClassName({ variant: 'secondary' })}>
            {homeLinks.error}
          </Link>
        </>
      }
    >
      <p>{message}</p>
    </MessagePage>
  );
}
