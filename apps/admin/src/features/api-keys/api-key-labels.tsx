import { API_KEY_SCOPES, API_KEY_STATUSES, labelOf, type ApiKeyStatus } from '@store/contracts';
import { Badge } from '@store/ui';

/** Where a key stands, as the server judges it (`status`: revoked, expired, suspended or active), in its tone; `title` says since when. */
export function ApiKeyStatusBadge({ status, title }: { status: ApiKeyStatus; title?: string }) {
  const entry = API_KEY_STATUSES.find((candidate) => candidate.value === status);
  return (
    <Badge tone={entry?.tone ?? 'gray'} title={title}>
      {entry?.label ?? status}
    </Badge>
  );
}

/** A scope in words, as the contract names it ('Read orders, subscriptions, exports and sales figures'). */
export const scopeLabel = (scope: string) => labelOf(API_KEY_SCOPES, scope);
