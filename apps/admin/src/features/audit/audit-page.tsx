import { AUDIT_AREAS, auditTargetName, type AuditAction, type AuditArea } from '@store/contracts';
import { Button, Pagination, SelectField, TextField, type SelectOption, type SelectOptionGroup } from '@store/ui';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { useDebouncedSearch, usePageTitle } from '@store/shell';
import * as layout from '../layout/admin-layout.css.ts';
import { shortId } from '../site/format.ts';
import { useErrorToast } from '../site/use-error-toast.ts';
import { AuditTable } from './audit-table.tsx';
import * as styles from './audit.css.ts';
import { AUDIT_PAGE_SIZE, adminAuditQueryOptions } from './queries.ts';
import { auditQuery, isDay, type AuditResult, type AuditSearch } from './search.ts';

const route = getRouteApi('/_authed/audit');

const RESULT_OPTIONS = [
  { value: '', label: 'Any result' },
  { value: 'done', label: 'Done' },
  { value: 'refused', label: 'Refused or failed' },
];

export const AUDIT_LOAD_FAILED = 'Error loading the audit trail';

const AREA_VALUE = 'area:';

/**
 * The action filter: every action in words under its area (docs/decisions/049-audit-labels.md), each area led by
 * an option for all of its actions. Values are the API's filters; staff only read the words.
 */
export function actionFilterOptions(actions: readonly AuditAction[], selected: string | undefined): (SelectOption | SelectOptionGroup)[] {
  const groups = AUDIT_AREAS.map((area) => ({ area, actions: actions.filter((action) => action.area === area) }))
    .filter((group) => group.actions.length > 0)
    .map(({ area, actions: inArea }) => ({
      group: area,
      options: [{ value: `${AREA_VALUE}${area}`, label: `All in ${area}` }, ...inArea.map(({ value, label }) => ({ value, label }))],
    }));
  // An action in the address the list does not name (an old link): kept selected, without showing its name.
  const unknown =
    selected && !actions.some((action) => action.value === selected) ? [{ value: selected, label: 'An action no longer offered' }] : [];
  return [{ value: '', label: 'All actions' }, ...unknown, ...groups];
}

/**
 * /admin/audit: every change staff made (docs/decisions/029-audit-trail.md), newest first, 100 at a time,
 * filtered through the address by who, what, when and the result; each entry opens to what it changed.
 * Read only: the API offers no way to edit or remove an entry.
 */
export function AuditPage() {
  usePageTitle('Audit');
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const page = search.page ?? 1;

  const audit = useQuery(adminAuditQueryOptions(auditQuery(search, AUDIT_PAGE_SIZE)));
  useErrorToast(audit.isError, audit.errorUpdatedAt, AUDIT_LOAD_FAILED);
  const entries = audit.isError ? [] : (audit.data?.entries ?? []);
  const total = audit.isError ? 0 : (audit.data?.total ?? 0);
  const actionOptions = actionFilterOptions(audit.data?.actions ?? [], search.action);

  const filter = (changes: Partial<AuditSearch>) =>
    void navigate({ search: (previous) => ({ ...previous, ...changes, page: undefined }), replace: true });
  const actorBox = useDebouncedSearch(search.actor ?? '', (text) => filter({ actor: text.trim() || undefined }));
  const setDay = (field: 'from' | 'to', value: string) => filter({ [field]: isDay(value) ? value : undefined });
  const setPage = (next: number) => void navigate({ search: (previous) => ({ ...previous, page: next > 1 ? next : undefined }) });

  return (
    <div className={layout.stack}>
      <div className={layout.pageHeader}>
        <div>
          <h1 className={layout.pageTitle}>Audit</h1>
          <p className={layout.pageSubtitle} aria-live="polite">
            {audit.data && !audit.isError ? `${total} ${total === 1 ? 'entry' : 'entries'}` : '\u00a0'}
          </p>
        </div>
      </div>

      <form
        role="search"
        aria-label="Filter the audit trail"
        className={styles.filters}
        onSubmit={(event) => {
          event.preventDefault();
          actorBox.flush();
        }}
      >
        <TextField
          label="Staff member"
          placeholder="Username"
          maxLength={32}
          value={actorBox.draft}
          onChange={(event) => actorBox.setDraft(event.target.value)}
        />
        <SelectField
          label="Action"
          className={styles.actionFilter}
          options={actionOptions}
          value={search.action ?? (search.area ? `${AREA_VALUE}${search.area}` : '')}
          onChange={(event) => {
            const value = event.target.value;
            const area = value.startsWith(AREA_VALUE) ? (value.slice(AREA_VALUE.length) as AuditArea) : undefined;
            filter({ action: area || !value ? undefined : value, area });
          }}
        />
        <TextField label="From" type="date" value={search.from ?? ''} onChange={(event) => setDay('from', event.target.value)} />
        <TextField label="To" type="date" value={search.to ?? ''} onChange={(event) => setDay('to', event.target.value)} />
        <SelectField
          label="Result"
          options={RESULT_OPTIONS}
          value={search.result ?? ''}
          onChange={(event) => filter({ result: (event.target.value || undefined) as AuditResult | undefined })}
        />
      </form>

      {search.target_type && (
        <p className={styles.targetFilter}>
          <span>
            History of {(auditTargetName(search.target_type) ?? '').toLowerCase()}
            {search.target_id ? ` ${shortId(search.target_id)}` : ''}
          </span>
          <Button size="sm" variant="secondary" onClick={() => filter({ target_type: undefined, target_id: undefined })}>
            Show every target
          </Button>
        </p>
      )}

      <div>
        <AuditTable entries={entries} loading={audit.isPending} busy={audit.isPlaceholderData} />
        <Pagination page={page} pageSize={AUDIT_PAGE_SIZE} total={total} onPageChange={setPage} labels={{ navigation: 'Audit pages' }} />
      </div>
    </div>
  );
}
