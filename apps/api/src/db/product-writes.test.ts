import { DummyDriver, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { productWriteOf, type ProductWrite } from './product-writes.ts';
import type { Database } from './schema.ts';

const db = new Kysely<Database>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (kysely) => new PostgresIntrospector(kysely),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
});

const writeOf = (query: { toOperationNode: () => unknown }): ProductWrite | undefined => productWriteOf(query.toOperationNode() as never);

describe('productWriteOf', () => {
  it('names the products of a stock-only update pinned by id', () => {
    expect(
      writeOf(
        db
          .updateTable('products')
          .set({ stock_quantity: sql`stock_quantity - ${1}` })
          .where('id', '=', 'p1'),
      ),
    ).toEqual({ kind: 'stock', productIds: ['p1'] });
    expect(
      writeOf(
        db
          .updateTable('products')
          .set({ stock_quantity: 3, updated_at: sql`now()` })
          .where('id', 'in', ['p1', 'p2'])
          .where('delivery', '=', 'download'),
      ),
    ).toEqual({ kind: 'stock', productIds: ['p1', 'p2'] });
  });

  it("names the product whose review figures alone change: no list's membership or order depends on them", () => {
    expect(
      writeOf(
        db
          .updateTable('products')
          .set({ rating_tenths: 42, reviews_count: 11 })
          .where('id', '=', 'p1')
          .where((eb) => eb.or([eb('rating_tenths', 'is distinct from', 42), eb('reviews_count', '!=', 11)])),
      ),
    ).toEqual({ kind: 'stock', productIds: ['p1'] });
    expect(writeOf(db.updateTable('products').set({ rating_tenths: 42, title: 'Renamed' }).where('id', '=', 'p1'))).toEqual({
      kind: 'product',
    });
  });

  it('counts every other write to products as a catalogue change', () => {
    expect(writeOf(db.updateTable('products').set({ stock_quantity: 1 }))).toEqual({ kind: 'product' });
    expect(writeOf(db.updateTable('products').set({ stock_quantity: 1, delivery: 'license_key' }).where('id', '=', 'p1'))).toEqual({
      kind: 'product',
    });
    expect(writeOf(db.updateTable('products').set({ title: 'x' }).where('id', '=', 'p1'))).toEqual({ kind: 'product' });
    expect(writeOf(db.updateTable('products').set({ stock_quantity: 1 }).where('category', '=', 'software'))).toEqual({ kind: 'product' });
    expect(writeOf(db.insertInto('products').values({ title: 'x' } as never))).toEqual({ kind: 'product' });
    expect(writeOf(db.deleteFrom('products').where('id', '=', 'p1'))).toEqual({ kind: 'product' });
    expect(writeOf(sql`UPDATE products SET title = 'x'`)).toEqual({ kind: 'product' });
  });

  it('ignores reads and writes to other tables', () => {
    expect(writeOf(db.selectFrom('products').selectAll())).toBeUndefined();
    expect(writeOf(db.updateTable('orders').set({ status: 'paid' } as never))).toBeUndefined();
    expect(writeOf(db.insertInto('license_keys').values({} as never))).toBeUndefined();
    expect(writeOf(sql`SELECT * FROM products`)).toBeUndefined();
  });
});
