import type { BillingInterval } from '@store/contracts';
import type { FastifyInstance } from 'fastify';
import type { Selectable } from 'kysely';
import type { Database, PaypalPlansTable, ProductRow } from '../db/schema.ts';
import type { PayPalEndpoint } from '../payments/paypal-endpoint.ts';
import { createCatalogProduct, createPlan, type PlanTerms } from './paypal-billing.ts';
import type { Kysely } from 'kysely';

/*
 * One PayPal catalog product per store product, and one plan per product and terms (price, currency,
 * interval, trial days), made lazily at the first subscribe to those terms. A price change therefore makes
 * a new plan for new subscribers; existing subscribers keep the plan (and price) they approved. The calls
 * carry request ids derived from the terms, so two first subscribes at once make one plan at PayPal, and
 * the unique keys here keep one row.
 */

export type PaypalPlanRow = Selectable<PaypalPlansTable>;

/** The store's currency: every price is in US dollars. */
const CURRENCY = 'USD';

function findPlan(db: Kysely<Database>, productId: string, terms: PlanTerms) {
  return db
    .selectFrom('paypal_plans')
    .selectAll()
    .where('product_id', '=', productId)
    .where('price_cents', '=', terms.priceCents)
    .where('currency', '=', terms.currency)
    .where('billing_interval', '=', terms.interval)
    .where('trial_days', '=', terms.trialDays)
    .executeTakeFirst();
}

async function catalogProductOf(app: FastifyInstance, endpoint: PayPalEndpoint, product: ProductRow): Promise<string> {
  const stored = await app.db.selectFrom('paypal_catalog_products').select('paypal_product_id').where('product_id', '=', product.id).executeTakeFirst();
  if (stored) return stored.paypal_product_id;
  const created = await createCatalogProduct(app.paypal, endpoint, product, `catalog-product-${product.id}`);
  await app.db
    .insertInto('paypal_catalog_products')
    .values({ product_id: product.id, paypal_product_id: created.id })
    .onConflict((oc) => oc.column('product_id').doNothing())
    .execute();
  const row = await app.db.selectFrom('paypal_catalog_products').select('paypal_product_id').where('product_id', '=', product.id).executeTakeFirstOrThrow();
  return row.paypal_product_id;
}

/** The PayPal plan of the product's current terms, made at PayPal the first time they are subscribed to. */
export async function planFor(app: FastifyInstance, endpoint: PayPalEndpoint, product: ProductRow & { billing_interval: BillingInterval }): Promise<PaypalPlanRow> {
  const terms: PlanTerms = { priceCents: product.price_cents, currency: CURRENCY, interval: product.billing_interval, trialDays: product.trial_days };
  const stored = await findPlan(app.db, product.id, terms);
  if (stored) return stored;
  const paypalProductId = await catalogProductOf(app, endpoint, product);
  const requestId = `plan-${product.id}-${terms.priceCents}-${terms.currency}-${terms.interval}-${terms.trialDays}`;
  const interval = terms.interval === 'year' ? 'yearly' : 'monthly';
  const created = await createPlan(app.paypal, endpoint, { paypalProductId, name: `${product.title} (${interval})`, terms }, requestId);
  await app.db
    .insertInto('paypal_plans')
    .values({
      product_id: product.id,
      price_cents: terms.priceCents,
      currency: terms.currency,
      billing_interval: terms.interval,
      trial_days: terms.trialDays,
      paypal_plan_id: created.id,
    })
    .onConflict((oc) => oc.doNothing())
    .execute();
  const row = await findPlan(app.db, product.id, terms);
  if (!row) throw new Error(`The plan of product ${product.id} was not stored`);
  return row;
}
