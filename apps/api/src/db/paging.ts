import { LIMITS } from '@store/contracts';
import { sql, type SelectQueryBuilder } from 'kysely';

/** A list query's page: the contract's limit (default 50) and offset. */
export function pageOf(query: { limit?: number; offset?: number }): { limit: number; offset: number } {
  return { limit: query.limit ?? LIMITS.pageSize, offset: query.offset ?? 0 };
}

/** How many rows a filtered query matches, for the `total` of a paged list. */
export async function countRows<DB, TB extends keyof DB>(filtered: SelectQueryBuilder<DB, TB, object>): Promise<number> {
  const row = await filtered.select(sql<string>`count(*)`.as('total')).executeTakeFirstOrThrow();
  // Kysely cannot name the selection while the table is generic; the query always selects `total`.
  return Number((row as { total: string }).total);
}
