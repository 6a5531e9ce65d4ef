import type { FastifyInstance } from 'fastify';
import { toDollars, type DiscountCode } from '@store/contracts';
import { recordAuditChange } from '../audit/audit-trail.ts';
import { badRequest } from '../errors.ts';
import type { RouteHandlers } from '../http/register-routes.ts';
import { mergeLines } from '../orders/stock.ts';
import { buyerOf, createCode, evaluateCode, listCodes, listUses, presentCode, setCodeDisabled, updateCode } from './discount-repository.ts';

/** What the audit trail keeps of a code: its rules, not its running figures (uses, discount given). */
const AUDITED_FIELDS = [
  'code',
  'kind',
  'value',
  'min_order',
  'starts_at',
  'ends_at',
  'max_uses',
  'max_uses_per_buyer',
  'product_ids',
  'categories',
  'disabled',
] as const satisfies readonly (keyof DiscountCode)[];
const auditedFields = (code: DiscountCode) => Object.fromEntries(AUDITED_FIELDS.map((field) => [field, code[field]]));

/** Discount codes: the cart's preview and staff's codes (docs/decisions/028-discount-codes.md). */
export function discountHandlers(
  app: FastifyInstance,
): Pick<
  RouteHandlers,
  | 'previewDiscount'
  | 'adminListDiscounts'
  | 'adminCreateDiscount'
  | 'adminUpdateDiscount'
  | 'adminSetDiscountDisabled'
  | 'adminListDiscountUses'
> {
  const codeById = async (id: string): Promise<DiscountCode | null> => {
    const row = await app.db.selectFrom('discount_codes').selectAll().where('id', '=', id).executeTakeFirst();
    return row ? presentCode(app.db, row) : null;
  };

  return {
    // Priced from the catalogue like an order; the per-buyer limit needs the account, or the guest's email when given.
    // A code nobody can use now answers as an unknown one, to staff too (their admin shows why: decision 036).
    previewDiscount: async ({ body, caller }) => {
      const lines = mergeLines(body.items);
      const products = await app.db
        .selectFrom('products')
        .select(['id', 'price_cents'])
        .where(
          'id',
          'in',
          lines.map((line) => line.product_id),
        )
        .where('archived_at', 'is', null)
        .execute();
      const priced = lines.map((line) => {
        const product = products.find((row) => row.id === line.product_id);
        if (!product) throw badRequest(`Unknown product: ${line.product_id}`, 'unknown_product');
        return { product_id: line.product_id, unit_price_cents: product.price_cents, quantity: line.quantity };
      });
      const email = caller?.email ?? body.email;
      const buyer = email ? buyerOf(caller?.id ?? null, email) : null;
      const applied = await evaluateCode(app.db, body.code, priced, buyer);
      const subtotalCents = priced.reduce((sum, line) => sum + line.unit_price_cents * line.quantity, 0);
      return {
        code: applied.code,
        amount: toDollars(applied.amountCents),
        subtotal: toDollars(subtotalCents),
        total: toDollars(subtotalCents - applied.amountCents),
      };
    },

    adminListDiscounts: ({ query }) => listCodes(app.db, query),

    adminCreateDiscount: async ({ body, caller, request }) => {
      const created = await createCode(app.db, body, caller.id);
      recordAuditChange(request, { targetId: created.id, targetLabel: created.code, before: null, after: auditedFields(created) });
      request.log.info({ discountId: created.id, code: created.code, by: caller.id }, 'discount code created');
      return created;
    },

    adminUpdateDiscount: async ({ params, body, caller, request }) => {
      const before = await codeById(params.id);
      const updated = await updateCode(app.db, params.id, body);
      recordAuditChange(request, { targetLabel: updated.code, before: before && auditedFields(before), after: auditedFields(updated) });
      request.log.info({ discountId: params.id, by: caller.id }, 'discount code changed');
      return updated;
    },

    adminSetDiscountDisabled: async ({ params, body, caller, request }) => {
      const before = await codeById(params.id);
      const changed = await setCodeDisabled(app.db, params.id, body.disabled);
      recordAuditChange(request, { targetLabel: changed.code, before: before && auditedFields(before), after: auditedFields(changed) });
      request.log.info({ discountId: params.id, disabled: body.disabled, by: caller.id }, 'discount code disabled flag set');
      return changed;
    },

    adminListDiscountUses: ({ params, query }) => listUses(app.db, params.id, query),
  };
}
