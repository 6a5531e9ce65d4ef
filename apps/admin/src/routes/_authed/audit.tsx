import { createFileRoute } from '@tanstack/react-router';
import { AuditPage } from '../../features/audit/audit-page.tsx';
import { validateAuditSearch } from '../../features/audit/search.ts';

export const Route = createFileRoute('/_authed/audit')({
  validateSearch: validateAuditSearch,
  component: AuditPage,
});
