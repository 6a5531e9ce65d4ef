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
 * the unique keys here keep one row. Both are kept per PayPal account: a plan made at the sandbox does not exist
 * at live PayPal, so a store switched to another account makes its products and plans again there.
 */

export type PaypalPlanRow = Selectable<PaypalPlansTable>;

/** The store's currency: every price is in US dollars. */
const CURRENCY = 'USD';

/** Which PayPal account an id was made at: its API address (sandbox or live) and the client id. */
export function paypalAccountOf(endpoint: PayPalEndpoint): string {
  return `${endpoint.baseUrl} ${endpoint.clientId}`;
}

function findPlan(db: Kysely<Database>, account: string, productId: string, terms: PlanTerms) {
  return db
    .selectFrom('paypal_plans')
    .selectAll()
    .where('paypal_account', '=', account)
    .where('product_id', '=', productId)
    .where('price_cents', '=', terms.priceCents)
    .where('currency', '=', terms.currency)
    .where('billing_interval', '=', terms.interval)
    .where('trial_days', '=', terms.trialDays)
    .executeTakeFirst();
}

async function catalogProductOf(app: FastifyInstance, endpoint: PayPalEndpoint, product: ProductRow): Promise<string> {
  const account = paypalAccountOf(endpoint);
  const storedProduct = () =>
    app.db
      .selectFrom('paypal_catalog_products')
      .select('paypal_product_id')
      .where('paypal_account', '=', account)
      .where('product_id', '=', product.id)
      .executeTakeFirst();
  const stored = await storedProduct();
  if (stored) return stored.paypal_product_id;
  const created = await createCatalogProduct(app.paypal, endpoint, product, `catalog-product-${product.id}`);
  await app.db
    .insertInto('paypal_catalog_products')
    .values({ paypal_account: account, product_id: product.id, paypal_product_id: created.id })
    .onConflict((oc) => oc.columns(['paypal_account', 'product_id']).doNothing())
    .execute();
  const row = await storedProduct();
  if (!row) throw new Error(`The PayPal product of product ${product.id} was not stored`);
  return row.paypal_product_id;
}

/** The PayPal plan of the product's current terms, made at PayPal the first time they are subscribed to. */
export async function planFor(app: FastifyInstance, endpoint: PayPalEndpoint, product: ProductRow & { billing_interval: BillingInterval }): Promise<PaypalPlanRow> {
  const terms: PlanTerms = { priceCents: product.price_cents, currency: CURRENCY, interval: product.billing_interval, trialDays: product.trial_days };
  const account = paypalAccountOf(endpoint);
  const stored = await findPlan(app.db, account, product.id, terms);
  if (stored) return stored;
  const paypalProductId = await catalogProductOf(app, endpoint, product);
  const requestId = `plan-${product.id}-${terms.priceCents}-${terms.currency}-${terms.interval}-${terms.trialDays}`;
  const interval = terms.interval === 'year' ? 'yearly' : 'monthly';
  const created = await createPlan(app.paypal, endpoint, { paypalProductId, name: `${product.title} (${interval})`, terms }, requestId);
  await app.db
    .insertInto('paypal_plans')
    .values({
      paypal_account: account,
      product_id: product.id,
      price_cents: terms.priceCents,
      currency: terms.currency,
      billing_interval: terms.interval,
      trial_days: terms.trialDays,
      paypal_plan_id: created.id,
    })
    .onConflict((oc) => oc.doNothing())
    .execute();
  const row = await findPlan(app.db, account, product.id, terms);
  if (!row) throw new Error(`The plan of product ${product.id} was not stored`);
  return row;
}
