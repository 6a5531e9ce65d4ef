import { createFileRoute } from '@tanstack/react-router';
import { NotFound } from '@store/shell';

// Any other address under /admin: behind the guard (a visitor sees the login, not what exists), inside the shell.
export const Route = createFileRoute('/_authed/$')({
  component: NotFound,
});
