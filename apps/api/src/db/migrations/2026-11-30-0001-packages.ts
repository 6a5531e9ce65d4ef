import { sql, type Kysely } from 'kysely';

/**
 * Packages (docs/decisions/038-packages.md).
 *
 * - `package_items`: a package's members, each with its units in one package. A package keeps no stock of its
 *   own: what it can sell is read from its members' unsold units. `ON DELETE RESTRICT` on both sides: a
 *   product is never deleted (it is archived), and a member cannot be archived while a package contains it.
 * - `order_item_members`: what a package line was sold as, copied when the order is placed, so a later
 *   change of the package changes neither what the order holds nor what it delivers. The line's keys and
 *   files stay on the line itself (`license_keys.order_item_id`, `order_item_files`): their product tells
 *   the member.
 * - A product typed `package` before this was a label on one item: it becomes `single`, so it keeps selling
 *   from its own stock as it did (a package without members would sell nothing).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('package_items')
    .addColumn('package_id', 'uuid', (col) => col.notNull().references('products.id').onDelete('restrict'))
    .addColumn('product_id', 'uuid', (col) => col.notNull().references('products.id').onDelete('restrict'))
    .addColumn('position', 'integer', (col) => col.notNull())
    .addColumn('quantity', 'integer', (col) => col.notNull().check(sql`quantity BETWEEN 1 AND 100`))
    .addPrimaryKeyConstraint('package_items_pkey', ['package_id', 'product_id'])
    .addCheckConstraint('package_items_not_itself', sql`package_id <> product_id`)
    .execute();
  // Which packages contain a product: the delete and type-change checks, and the cache's member lists.
  await db.schema.createIndex('package_items_product_idx').on('package_items').column('product_id').execute();

  await db.schema
    .createTable('order_item_members')
    .addColumn('order_item_id', 'uuid', (col) => col.notNull().references('order_items.id').onDelete('cascade'))
    .addColumn('product_id', 'uuid', (col) => col.notNull().references('products.id'))
    .addColumn('position', 'integer', (col) => col.notNull())
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('quantity', 'integer', (col) => col.notNull().check(sql`quantity >= 1`))
    .addColumn('delivery', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('order_item_members_pkey', ['order_item_id', 'product_id'])
    .execute();
  // The holds of other checkouts are summed by member product.
  await db.schema.createIndex('order_item_members_product_idx').on('order_item_members').column('product_id').execute();

  await sql`UPDATE products SET product_type = 'single' WHERE product_type = 'package'`.execute(db);
}
