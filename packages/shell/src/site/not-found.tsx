import { MessagePage, buttonClassName } from '@store/ui';
import { Link } from '@tanstack/react-router';
import { useShell } from '../binding.tsx';
import { usePageTitle } from './use-page-title.ts';

/** Shown for any address that matches no route. */
export function NotFound() {
  const { homeLinks } = useShell();
  usePageTitle('Page not found');
  return (
    <MessagePage
      eyebrow="404"
      title="Page not found"
      actions={
        <Link to="/" className={buttonClassName()}>
          {homeLinks.notFound}
        </Link>
      }
    >
      <p>The page you are looking for does not exist or has moved.</p>
    </MessagePage>
  );
}
