import type {
  KyselyPlugin,
  OperationNode,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from 'kysely';

/** A write to `products` this process made: the stock (or review figures) of some products, or anything else. */
export type ProductWrite = { kind: 'stock'; productIds: readonly string[] } | { kind: 'product' };

/**
 * Columns a stock movement sets, and the review figures (docs/decisions/027-reviews.md): no list's membership
 * or order depends on them, so a write of these alone changes only the answers that show the product. A write
 * that sets any other column changes the catalogue itself.
 */
const STOCK_COLUMNS = new Set(['stock_quantity', 'updated_at', 'rating_tenths', 'reviews_count']);

type Node = OperationNode & Record<string, unknown>;

function nameOf(node: unknown): string | undefined {
  const table = node as { kind?: string; table?: { identifier?: { name?: string } } } | undefined;
  return table?.kind === 'TableNode' ? table.table?.identifier?.name : undefined;
}

/** The product ids a WHERE pins `id` to (`id = x` or `id in (...)`, possibly ANDed with more), or null. */
function pinnedIds(where: unknown): string[] | null {
  const node = where as Node | undefined;
  if (!node) return null;
  if (node.kind === 'AndNode') return pinnedIds(node.left) ?? pinnedIds(node.right);
  if (node.kind !== 'BinaryOperationNode') return null;
  const left = node.leftOperand as { kind?: string; column?: { column?: { name?: string } } };
  const operator = (node.operator as { operator?: string }).operator;
  const right = node.rightOperand as { kind?: string; value?: unknown; values?: unknown[] };
  const column =
    left.kind === 'ReferenceNode' || left.kind === 'ColumnNode'
      ? (left.column?.column?.name ?? (left as { column?: { name?: string } }).column?.name)
      : undefined;
  if (column !== 'id') return null;
  if (operator === '=' && right.kind === 'ValueNode' && typeof right.value === 'string') return [right.value];
  if (operator === 'in' && right.kind === 'PrimitiveValueListNode' && right.values?.every((value) => typeof value === 'string'))
    return right.values;
  return null;
}

/** What a query writes to `products`, or undefined when it does not (reads, other tables). */
export function productWriteOf(node: RootOperationNode): ProductWrite | undefined {
  const query = node as Node;
  switch (query.kind) {
    case 'InsertQueryNode':
      return nameOf(query.into) === 'products' ? { kind: 'product' } : undefined;
    case 'DeleteQueryNode': {
      const froms = (query.from as { froms?: unknown[] } | undefined)?.froms ?? [];
      return froms.some((from) => nameOf(from) === 'products') ? { kind: 'product' } : undefined;
    }
    case 'UpdateQueryNode': {
      if (nameOf(query.table) !== 'products') return undefined;
      const columns = ((query.updates as { column?: { column?: { name?: string } } }[] | undefined) ?? []).map(
        (update) => update.column?.column?.name,
      );
      const stockOnly = columns.length > 0 && columns.every((column) => column !== undefined && STOCK_COLUMNS.has(column));
      const ids = stockOnly ? pinnedIds((query.where as { where?: unknown } | undefined)?.where) : null;
      return ids ? { kind: 'stock', productIds: ids } : { kind: 'product' };
    }
    case 'RawNode': {
      // Raw SQL is not parsed: one that writes to products counts as a change to the catalogue.
      const text = ((query.sqlFragments as string[] | undefined) ?? []).join(' ');
      return /\b(insert\s+into|update|delete\s+from|truncate)\s+products\b/i.test(text) ? { kind: 'product' } : undefined;
    }
    default:
      return undefined;
  }
}

/**
 * Sees this process's writes to `products` as they execute, so its own catalogue answers are dropped at
 * once: a write's answer is sent after its commit, and the next read on this instance must show it. The
 * database's notification (catalog-feed.ts) comes after the commit too, for every instance, and covers a
 * read that slipped in between the write and its commit.
 */
export class ProductWriteWatcher implements KyselyPlugin {
  readonly #pending = new WeakMap<object, ProductWrite>();
  readonly #listeners = new Set<(write: ProductWrite) => void>();

  /** A write to `products` made where this plugin cannot see it (inside a database function), told by its caller. */
  announce(write: ProductWrite): void {
    for (const listener of this.#listeners) listener(write);
  }

  onWrite(listener: (write: ProductWrite) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    const write = productWriteOf(args.node);
    if (write) this.#pending.set(args.queryId, write);
    return args.node;
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    const write = this.#pending.get(args.queryId);
    if (write) {
      this.#pending.delete(args.queryId);
      this.announce(write);
    }
    return args.result;
  }
}
