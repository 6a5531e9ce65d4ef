import { LIMITS, type PackageItem, type PackageItemInput, type ProductInput, type ProductType } from '@store/contracts';
import type { Kysely, Transaction } from 'kysely';
import { insertProduct } from '../catalog/product-repository.ts';
import type { Database, ProductRow } from '../db/schema.ts';
import { badRequest, conflict } from '../errors.ts';

/*
 * Packages (docs/decisions/038-packages.md): a product of type `package` sells its members together at its
 * own price. It keeps no stock of its own: it can sell what its members' unsold units allow.
 */

/** The types a package cannot contain, and a member cannot become. */
const NOT_A_MEMBER: ReadonlySet<string> = new Set<ProductType>(['package', 'subscription']);

/** A package's member as the catalogue and the order reads it now. */
export interface CurrentMember {
  package_id: string;
  product_id: string;
  quantity: number;
  title: string;
  stock_quantity: number;
  delivery: 'download' | 'license_key';
  /** Archived members cannot happen (deletion is refused), but a package never sells what is not on sale. */
  archived: boolean;
}

/** What a package can sell now: the least over its members of floor(unsold units / units in one package). */
export function packageStock(members: readonly Pick<CurrentMember, 'quantity' | 'stock_quantity' | 'archived'>[]): number {
  if (members.length === 0) return 0;
  return Math.min(...members.map((member) => (member.archived ? 0 : Math.floor(member.stock_quantity / member.quantity))));
}

/** The current members of the given packages, in their order, in one query. */
export async function currentMembers(db: Kysely<Database>, packageIds: readonly string[]): Promise<Map<string, CurrentMember[]>> {
  const byPackage = new Map<string, CurrentMember[]>();
  if (packageIds.length === 0) return byPackage;
  const rows = await db
    .selectFrom('package_items as pi')
    .innerJoin('products as p', 'p.id', 'pi.product_id')
    .select(['pi.package_id', 'pi.product_id', 'pi.quantity', 'p.title', 'p.stock_quantity', 'p.delivery', 'p.archived_at'])
    .where('pi.package_id', 'in', [...new Set(packageIds)])
    .orderBy('pi.package_id')
    .orderBy('pi.position')
    .execute();
  for (const { archived_at, ...row } of rows) {
    byPackage.set(row.package_id, [...(byPackage.get(row.package_id) ?? []), { ...row, archived: archived_at !== null }]);
  }
  return byPackage;
}

/** What a product answer adds for a package: its members and its derived stock. */
export interface PackageFacts {
  package_items: PackageItem[];
}

/**
 * Rows as the catalogue answers them: a package gets its members and the stock they allow, other products
 * an empty member list. Answers the member ids too, so a cached answer is dropped when a member's stock moves.
 */
export async function withPackages<R extends { id: string; product_type: string; stock_quantity: number }>(
  db: Kysely<Database>,
  rows: readonly R[],
): Promise<{ rows: (R & PackageFacts)[]; memberIds: string[] }> {
  const members = await currentMembers(
    db,
    rows.filter((row) => row.product_type === 'package').map((row) => row.id),
  );
  const memberIds = [...new Set([...members.values()].flat().map((member) => member.product_id))];
  return {
    memberIds,
    rows: rows.map((row) => {
      if (row.product_type !== 'package') return { ...row, package_items: [] };
      const own = members.get(row.id) ?? [];
      return {
        ...row,
        stock_quantity: packageStock(own),
        package_items: own.map(({ product_id, quantity, title }) => ({ product_id, quantity, title })),
      };
    }),
  };
}

/** The members staff's input sets, checked against the rules the schema cannot say; undefined keeps them. */
function checkShape(productId: string | null, input: ProductInput): readonly PackageItemInput[] | undefined {
  const items = input.package_items;
  if (input.product_type !== 'package') {
    if (items && items.length > 0) {
      throw badRequest('Only a product of type package has package_items: leave them out or empty', 'package_items_invalid');
    }
    return items;
  }
  if (!items) return undefined;
  if (items.length < LIMITS.packageMinItems || items.length > LIMITS.packageMaxItems) {
    throw badRequest(
      `A package has from ${LIMITS.packageMinItems} to ${LIMITS.packageMaxItems} members; this one has ${items.length}`,
      'package_items_invalid',
    );
  }
  const ids = items.map((item) => item.product_id.toLowerCase());
  const repeated = ids.find((id, index) => ids.indexOf(id) !== index);
  if (repeated) throw badRequest(`Product ${repeated} is in the package more than once: set its quantity instead`, 'package_items_invalid');
  if (productId && ids.includes(productId.toLowerCase())) throw badRequest('A package cannot contain itself', 'package_items_invalid');
  // One package must fit in one order, whose cap counts the members' units (docs/decisions/038-packages.md).
  const units = items.reduce((sum, item) => sum + item.quantity, 0);
  if (units > LIMITS.orderMaxUnits) {
    throw badRequest(
      `A package delivers at most ${LIMITS.orderMaxUnits} units in all, what one order may hold; these members add up to ${units}`,
      'package_items_invalid',
    );
  }
  return items.map((item) => ({ product_id: item.product_id.toLowerCase(), quantity: item.quantity }));
}

/**
 * The members are live products that are neither packages nor subscriptions, read FOR SHARE: a member
 * cannot become a package or a subscription, or be deleted, while this write is under way (those lock
 * the row FOR UPDATE and then look for the packages that contain it).
 */
async function checkMembers(trx: Transaction<Database>, items: readonly PackageItemInput[]): Promise<void> {
  const ids = items.map((item) => item.product_id);
  const rows = await trx
    .selectFrom('products')
    .select(['id', 'title', 'product_type'])
    .where('id', 'in', ids)
    .where('archived_at', 'is', null)
    .orderBy('id')
    .forShare()
    .execute();
  const found = new Map(rows.map((row) => [row.id, row]));
  for (const id of ids) {
    const member = found.get(id);
    if (!member) throw badRequest(`Package member ${id} is not a product on sale`, 'package_member_invalid');
    if (NOT_A_MEMBER.has(member.product_type)) {
      throw badRequest(`"${member.title}" is a ${member.product_type}: a package cannot contain one`, 'package_member_invalid');
    }
  }
}

/** The title of a package that contains `productId`, if any. */
async function containingPackage(trx: Transaction<Database>, productId: string): Promise<string | undefined> {
  const row = await trx
    .selectFrom('package_items as pi')
    .innerJoin('products as p', 'p.id', 'pi.package_id')
    .select('p.title')
    .where('pi.product_id', '=', productId)
    // A deleted package's members are free again: it sells nothing, and its orders keep what they were sold.
    .where('p.archived_at', 'is', null)
    .orderBy('p.title')
    .executeTakeFirst();
  return row?.title;
}

/**
 * A product some package contains stays what it is: it cannot become a package or a subscription (the
 * package would then hold one), and it cannot be deleted (the package would sell nothing). The caller holds
 * the product's row FOR UPDATE, so no package takes it in meanwhile.
 */
export async function refuseIfInPackage(trx: Transaction<Database>, productId: string, change: 'type' | 'delete', type?: string): Promise<void> {
  if (change === 'type' && !NOT_A_MEMBER.has(type ?? '')) return;
  const container = await containingPackage(trx, productId);
  if (!container) return;
  throw conflict(
    change === 'delete'
      ? `This product is in the package "${container}": take it out of the package (or delete the package) first`
      : `This product is in the package "${container}": a package cannot contain a ${type}, so take it out of the package first`,
    'product_in_package',
  );
}

/**
 * Checks a product's package members and writes them, inside the product write's transaction (`productId`
 * null before the product exists: call `writePackageItems` once it does). Answers the members to write, or
 * undefined to keep them. A package must end with 2 to 20 members: a product becoming a package names them.
 */
export async function checkPackageItems(
  trx: Transaction<Database>,
  productId: string | null,
  input: ProductInput,
): Promise<readonly PackageItemInput[] | undefined> {
  const items = checkShape(productId, input);
  // A product that is not (or no longer) a package has no members.
  if (input.product_type !== 'package') return [];
  if (items) {
    await checkMembers(trx, items);
    return items;
  }
  const kept = productId ? await trx.selectFrom('package_items').select('product_id').where('package_id', '=', productId).execute() : [];
  if (kept.length < LIMITS.packageMinItems) {
    throw badRequest(`A package has from ${LIMITS.packageMinItems} to ${LIMITS.packageMaxItems} members: set package_items`, 'package_items_invalid');
  }
  return undefined;
}

/** Replaces a product's members (none for a product that is not a package). */
export async function writePackageItems(trx: Transaction<Database>, productId: string, items: readonly PackageItemInput[]): Promise<void> {
  await trx.deleteFrom('package_items').where('package_id', '=', productId).execute();
  if (items.length === 0) return;
  await trx
    .insertInto('package_items')
    .values(items.map((item, position) => ({ package_id: productId, product_id: item.product_id, quantity: item.quantity, position })))
    .execute();
}

/**
 * Staff's product creation, and the demo's: the members checked (a package's), the product added, its
 * members written, in the caller's transaction.
 */
export async function createProduct(
  trx: Transaction<Database>,
  input: ProductInput,
  options?: Parameters<typeof insertProduct>[2],
): Promise<ProductRow> {
  const members = await checkPackageItems(trx, null, input);
  const row = await insertProduct(trx, input, options);
  await writePackageItems(trx, row.id, members ?? []);
  return row;
}

/**
 * A package delivers its products' keys and files, never its own: staff's key paste and file upload to a
 * package are refused, so nothing is added that no buyer would receive.
 */
export async function refuseOwnGoods(db: Kysely<Database>, productId: string, goods: 'keys' | 'files'): Promise<void> {
  const product = await db.selectFrom('products').select('product_type').where('id', '=', productId).executeTakeFirst();
  if (product?.product_type !== 'package') return;
  throw conflict(`A package delivers the ${goods} of its products: add them to those products instead`, 'conflict');
}
