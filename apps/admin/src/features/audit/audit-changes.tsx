import type { AuditEntry } from '@store/contracts';
import * as layout from '../layout/admin-layout.css.ts';
import * as styles from './audit.css.ts';
import { describeChange, fieldName, resultOf, targetKind } from './labels.ts';

/**
 * One entry opened: in full what its row cuts to fit (who, the target, the address, the result), what changed,
 * field by field, before and after, and how the request came (method, path, browser). Values are text nodes,
 * never HTML; a secret reads only as set or not.
 */
export function AuditChangesView({ entry, targetName }: { entry: AuditEntry; targetName: string | null }) {
  const fields = Object.entries(entry.changes ?? {});
  const result = resultOf(entry);
  const whole: [string, string][] = [
    ['Staff member', entry.actor_username ?? 'unknown'],
    ['Target', [targetKind(entry), targetName].filter(Boolean).join(' ')],
    ['Address', entry.ip ?? 'unknown'],
    ['Result', result.reason ? `${result.text}: ${result.reason}` : result.text],
  ];
  return (
    <div className={styles.details}>
      <dl className={styles.whole}>
        {whole.map(([term, value]) => (
          <div key={term}>
            <dt className={layout.muted}>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {fields.length === 0 ? (
        <p className={layout.muted}>
          {entry.status_code < 400 ? 'No field changes were recorded for this action.' : 'Nothing was changed.'}
        </p>
      ) : (
        <table className={styles.diff} aria-label="Changes">
          <thead>
            <tr>
              <th scope="col" className={styles.diffCell}>
                Field
              </th>
              <th scope="col" className={styles.diffCell}>
                Before
              </th>
              <th scope="col" className={styles.diffCell}>
                After
              </th>
            </tr>
          </thead>
          <tbody>
            {fields.map(([name, change]) => {
              const shown = describeChange(change);
              return (
                <tr key={name}>
                  <th scope="row" className={styles.diffCell}>
                    {fieldName(name)}
                    {shown.note && <span className={`${layout.muted} ${styles.stacked}`}>{shown.note}</span>}
                  </th>
                  <td className={styles.diffCell}>
                    <pre className={styles.value}>{shown.before}</pre>
                  </td>
                  <td className={styles.diffCell}>
                    <pre className={styles.value}>{shown.after}</pre>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      <p className={`${styles.meta} ${layout.muted}`}>
        <span className={layout.mono}>
          {entry.method} {entry.path}
        </span>
        <span>Browser: {entry.user_agent ?? 'unknown'}</span>
        <span className={layout.mono} title={entry.id}>
          Entry {entry.id.slice(-8)}
        </span>
      </p>
    </div>
  );
}
