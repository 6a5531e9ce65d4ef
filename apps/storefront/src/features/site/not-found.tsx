import { MessagePage, buttonClassName } from '@store/ui';
import { Link } from '@tanstack/react-router';

/** Shown for any address that matches no route. */
export function NotFound() {
  return (
    <MessagePage
      eyebrow="404"
      title="Page not found"
      actions={
        <Link to="/" className={buttonClassName()}>
          Back to home
        </Link>
      }
    >
      <p>The page you are looking for does not exist or has moved.</p>
    </MessagePage>
  );
}
