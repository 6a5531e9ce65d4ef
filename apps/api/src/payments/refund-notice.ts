import { formatUsd, toDollars } from '@store/contracts';
import type { Transaction } from 'kysely';
import type { Database, OrderRow } from '../db/schema.ts';
import { escapeHtml } from '../orders/receipt.ts';
import type { DataCipher } from '../security/data-encryption.ts';
import { readSettings } from '../settings/settings-repository.ts';

/** Why the money went back, in words for the buyer. */
export type RefundReason = 'unavailable' | 'not_payable' | 'duplicate' | 'amount_mismatch' | 'discount_used_up';

const REASONS: Record<RefundReason, string> = {
  unavailable: 'the items were no longer available when your payment arrived',
  not_payable: 'the order had already been closed when your payment arrived',
  duplicate: 'the order had already been paid',
  amount_mismatch: 'the amount paid did not match the order',
  discount_used_up: 'its discount code had been used up by other orders by the time your payment arrived',
};

/** Queues the mail telling a buyer their payment was refunded in full, in the transaction that records the refund. */
export async function enqueueRefundNotice(trx: Transaction<Database>, cipher: DataCipher, order: OrderRow, amountCents: number, reason: RefundReason): Promise<void> {
  const settings = await readSettings(trx, cipher);
  const shortId = order.id.slice(-8);
  const amount = formatUsd(toDollars(amountCents));
  const sentence = `We could not complete your order #${shortId} at ${settings.site_name} because ${REASONS[reason]}, so your payment of ${amount} was refunded in full to your PayPal account.`;
  await trx
    .insertInto('mail_outbox')
    .values({
      kind: 'refund',
      order_id: order.id,
      recipient: order.invoice_email,
      subject: `Your payment for order #${shortId} was refunded — ${settings.site_name}`,
      text_body: `${sentence}\n\nPayPal usually shows the refund within a few days. We are sorry for the trouble.`,
      html_body: `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#111"><h1 style="font-size:20px">Your payment was refunded</h1><p>${escapeHtml(sentence)}</p><p>PayPal usually shows the refund within a few days. We are sorry for the trouble.</p></body></html>`,
      last_error: null,
      sent_at: null,
    })
    .execute();
}
