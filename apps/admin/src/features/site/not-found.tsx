import { MessagePage, buttonClassName } from '@store/ui';
import { Link } from '@tanstack/react-router';
import { usePageTitle } from './use-page-title.ts';

/** Shown for any admin address that matches no route (the screens of later issues included, until they land). */
export function NotFound() {
  usePageTitle('Page not found');
  return (
    <MessagePage
      eyebrow="404"
      title="Page not found"
      actions={
        <Link to="/" className={buttonClassName()}>
          Back to dashboard
        </Link>
      }
    >
      <p>The page you are looking for does not exist or has moved.</p>
    </MessagePage>
  );
}
