import { formatUsd, toDollars, type ReceiptState } from '@store/contracts';
import type { FastifyInstance } from 'fastify';
import type { Insertable, Kysely, Transaction } from 'kysely';
import type { Database, MailOutboxTable, OrderItemRow, OrderRow } from '../db/schema.ts';
import { fallbackOrigin } from '../http/shop-origin.ts';
import { smtpConfigured } from '../mail/mailer.ts';
import type { DataCipher } from '../security/data-encryption.ts';
import { readSettings } from '../settings/settings-repository.ts';
import { lineMembers, type LineMember } from '../packages/package-lines.ts';
import { openLicenseKey } from './license-keys.ts';

export const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);

/**
 * A receipt not sent within this many days of the delivery is dropped (SMTP was not set up meanwhile): the goods
 * have been on the order page all along, and a month-old receipt surprises more than it helps
 * (docs/decisions/011-mail-outbox.md). Sent later than an hour, it says it is late.
 */
export const RECEIPT_SEND_DAYS = 30;

/** Where the buyer sees the order and its goods: the account page, or the guest page with its access token. */
export function orderPageUrl(app: FastifyInstance, order: Pick<OrderRow, 'id' | 'user_id' | 'origin'>): string {
  // The kept origin only while the allow-list still has it (docs/decisions/034-links-only-to-the-shop.md).
  const base = fallbackOrigin(app, order.origin);
  return order.user_id ? `${base}/account` : `${base}/order-success/${order.id}?token=${app.sign('order-access', order.id)}`;
}

/**
 * The receipt of a delivered order, as its row in the outbox. The delivery inserts it in its own
 * transaction (in the statement that completes the order): if the transaction commits, the mail will be
 * sent (and retried), and if it rolls back, no mail exists. Only the order's id, buyer, origin, total
 * and discount are used.
 */
export async function composeReceipt(
  app: FastifyInstance,
  trx: Transaction<Database>,
  order: Pick<OrderRow, 'id' | 'user_id' | 'origin' | 'total_cents' | 'invoice_email' | 'discount_code' | 'discount_cents'>,
  items: OrderItemRow[],
  /** The keys the delivery sold (when it knows them all), so they are not read again. */
  sold?: readonly { id: string; order_item_id: string | null; product_id: string; key_value: string; created_at: Date }[],
  /** The package lines' members, when the caller knows them (none for plain lines), so they are not read again. */
  knownMembers?: Map<string, LineMember[]>,
): Promise<Insertable<MailOutboxTable>> {
  const settings = await readSettings(app.db, app.dataCipher, trx);
  const keys = sold
    ? [...sold].sort((a, b) => a.created_at.getTime() - b.created_at.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
    : await trx
        .selectFrom('license_keys')
        .select(['id', 'created_at', 'order_item_id', 'product_id', 'key_value'])
        .where(
          'order_item_id',
          'in',
          items.map((item) => item.id),
        )
        .orderBy('created_at')
        .orderBy('id')
        .execute();
  const link = orderPageUrl(app, order);
  const shortId = order.id.slice(-8);
  const members =
    knownMembers ??
    (await lineMembers(
      trx,
      items.map((item) => item.id),
    ));
  const lines = items.map((item) => {
    const own = keys.filter((key) => key.order_item_id === item.id);
    const itemKeys = own.map((key) => openLicenseKey(app.dataCipher, key));
    // A package line's keys and files by member (docs/decisions/038-packages.md).
    const groups = (members.get(item.id) ?? []).map((member) => ({
      member,
      keys: own.filter((key) => key.product_id === member.product_id).map((key) => openLicenseKey(app.dataCipher, key)),
    }));
    return { item, itemKeys, groups };
  });

  const text = [
    `Thank you for your order #${shortId} at ${settings.site_name}.`,
    '',
    ...lines.flatMap(({ item, itemKeys, groups }) => [
      `${item.quantity} x ${item.title} — ${formatUsd(toDollars(item.unit_price_cents * item.quantity))}`,
      ...(groups.length > 0
        ? groups.flatMap(({ member, keys: memberKeys }) => [
            `   ${memberUnits(item.quantity, member)} x ${member.title}`,
            ...(member.delivery === 'license_key'
              ? memberKeys.map((key) => `      Licence key: ${key}`)
              : ['      Download: on your order page (link below)']),
          ])
        : item.delivery === 'license_key'
          ? itemKeys.map((key) => `   Licence key: ${key}`)
          : ['   Download: on your order page (link below)']),
    ]),
    '',
    ...(order.discount_code
      ? [
          `Subtotal: ${formatUsd(toDollars(order.total_cents + order.discount_cents))}`,
          `Discount (${order.discount_code}): −${formatUsd(toDollars(order.discount_cents))}`,
        ]
      : []),
    `Total: ${formatUsd(toDollars(order.total_cents))}`,
    '',
    `Your order page, with your keys and downloads: ${link}`,
  ].join('\n');

  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#111">
<h1 style="font-size:20px">Thank you for your order #${escapeHtml(shortId)}</h1>
<p>Your purchase at ${escapeHtml(settings.site_name)} is ready.</p>
<table cellpadding="6" style="border-collapse:collapse">
${lines
  .map(
    ({
      item,
      itemKeys,
      groups,
    }) => `<tr><td>${item.quantity} × ${escapeHtml(item.title)}</td><td>${formatUsd(toDollars(item.unit_price_cents * item.quantity))}</td></tr>
<tr><td colspan="2">${
      groups.length > 0
        ? groups
            .map(
              ({ member, keys: memberKeys }) =>
                `<strong>${memberUnits(item.quantity, member)} × ${escapeHtml(member.title)}</strong><br>${
                  member.delivery === 'license_key'
                    ? memberKeys.map((key) => `Licence key: <code>${escapeHtml(key)}</code>`).join('<br>')
                    : 'Download: on your order page'
                }`,
            )
            .join('<br>')
        : item.delivery === 'license_key'
          ? itemKeys.map((key) => `Licence key: <code>${escapeHtml(key)}</code>`).join('<br>')
          : 'Download: on your order page'
    }</td></tr>`,
  )
  .join('\n')}
${
  order.discount_code
    ? `<tr><td>Subtotal</td><td>${formatUsd(toDollars(order.total_cents + order.discount_cents))}</td></tr>
<tr><td>Discount (${escapeHtml(order.discount_code)})</td><td>−${formatUsd(toDollars(order.discount_cents))}</td></tr>
`
    : ''
}<tr><td><strong>Total</strong></td><td><strong>${formatUsd(toDollars(order.total_cents))}</strong></td></tr>
</table>
<p><a href="${escapeHtml(link)}">Open your order page</a> for your keys and downloads.</p>
</body></html>`;

  return {
    kind: 'receipt',
    order_id: order.id,
    recipient: order.invoice_email,
    subject: `Your order #${shortId} — ${settings.site_name}`,
    text_body: text,
    html_body: html,
    last_error: null,
    sent_at: null,
    send_before: new Date(Date.now() + RECEIPT_SEND_DAYS * 24 * 3600_000),
  };
}

/** A member's units on a package line of `quantity` packages. */
const memberUnits = (quantity: number, member: Pick<LineMember, 'quantity'>) => quantity * member.quantity;

const RECEIPT_RANK: Record<ReceiptState, number> = { not_sent: 0, queued: 1, sent: 2 };

/**
 * What became of each order's receipt (orders without one are left out): sent once the mail server took
 * it; queued while it waits for its first try or a retry; not sent when no mail server is configured (it
 * stays queued and goes out if one is set later) or every attempt failed. One query for a whole list.
 */
export async function receiptStates(db: Kysely<Database>, cipher: DataCipher, orderIds: string[]): Promise<Map<string, ReceiptState>> {
  const states = new Map<string, ReceiptState>();
  if (orderIds.length === 0) return states;
  const rows = await db
    .selectFrom('mail_outbox')
    .select(['order_id', 'status'])
    .where('kind', '=', 'receipt')
    .where('order_id', 'in', orderIds)
    .execute();
  if (rows.length === 0) return states;
  const canSend = smtpConfigured(await readSettings(db, cipher));
  for (const row of rows) {
    if (!row.order_id) continue;
    const state: ReceiptState = row.status === 'sent' ? 'sent' : row.status === 'pending' && canSend ? 'queued' : 'not_sent';
    const known = states.get(row.order_id);
    if (!known || RECEIPT_RANK[state] > RECEIPT_RANK[known]) states.set(row.order_id, state);
  }
  return states;
}
