import { createHash } from 'node:crypto';
import { type Money, formatMoney, fromMinorUnits, toMinorUnits } from './money.ts';
import type { Breakdown, PurchaseUnit, SandboxOrder } from './state.ts';

export const APPROVAL_TITLE = 'PayPal Sandbox — approve payment';

const STYLE = `
:root { color-scheme: light; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #1a1a1a; background: #f3f5f8; }
body { margin: 0; padding: 2rem 1rem; }
main { max-width: 28rem; margin: 0 auto; background: #fff; border-radius: 12px; box-shadow: 0 1px 4px rgb(0 0 0 / 12%); padding: 1.5rem; }
.banner { margin: -1.5rem -1.5rem 1.25rem; padding: .6rem 1rem; border-radius: 12px 12px 0 0; background: #fff4ce; color: #5c4400; border-bottom: 1px solid #f0d675; font-size: .9rem; text-align: center; }
h1 { font-size: 1.35rem; margin: 0 0 .75rem; }
h2 { font-size: 1rem; margin: 1.25rem 0 .5rem; }
.payee, .note { margin: 0 0 .75rem; }
.muted { color: #555; font-size: .9rem; }
table { width: 100%; border-collapse: collapse; font-size: .95rem; }
th, td { text-align: left; padding: .4rem .25rem; border-bottom: 1px solid #e4e7eb; }
th { font-weight: 600; color: #444; }
.num { text-align: right; white-space: nowrap; }
.summary { margin: .75rem 0 0; font-size: .95rem; }
.summary div { display: flex; justify-content: space-between; gap: 1rem; padding: .25rem .25rem; }
.summary dt { color: #444; }
.summary dd { margin: 0; white-space: nowrap; }
.summary .total { font-size: 1.1rem; margin: .5rem 0 1.5rem; padding-top: .5rem; border-top: 1px solid #e4e7eb; }
.summary .total dt { color: inherit; font-weight: 600; }
.actions { display: flex; gap: .75rem; }
.actions form { flex: 1; margin: 0; }
button { width: 100%; padding: .75rem 1rem; font: inherit; font-weight: 600; border-radius: 999px; cursor: pointer; }
button:focus-visible, a:focus-visible { outline: 3px solid #1a56db; outline-offset: 2px; }
.approve { background: #0070ba; border: 1px solid #0070ba; color: #fff; }
.approve:hover { background: #005ea6; }
.cancel { background: #fff; border: 1px solid #6b7280; color: #1a1a1a; }
.cancel:hover { background: #f3f4f6; }
.visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
`;

/** The CSP source of the one inline style: the pages need no other inline code (and carry no script at all). */
const STYLE_SOURCE = `'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`;

/** Escapes text for HTML content and double- or single-quoted attributes. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/**
 * The pages' own policy, replacing the host's: no script, the inline style by hash, and forms that may only
 * post here, then redirect to the store's return and cancel addresses (browsers check form redirects too).
 */
export function contentSecurityPolicy(addresses?: { return_url?: string; cancel_url?: string }): string {
  const origins = new Set<string>();
  for (const url of [addresses?.return_url, addresses?.cancel_url]) {
    if (url !== undefined) origins.add(new URL(url).origin);
  }
  const formAction = ["'self'", ...origins].join(' ');
  return `default-src 'none'; style-src ${STYLE_SOURCE}; img-src 'self' data:; form-action ${formAction}; base-uri 'none'; frame-ancestors 'none'`;
}

/**
 * The pages' icon, inline (the CSP allows `data:` images): without one the browser asks for /favicon.ico,
 * which a standalone sandbox does not serve, and logs a 404 on every approval.
 */
export const SANDBOX_ICON = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><circle cx="16" cy="16" r="16" fill="#003087"/><text x="16" y="22" font-family="Arial" font-size="18" font-weight="700" fill="#fff" text-anchor="middle">P</text></svg>',
)}`;

export function page(title: string, content: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<link rel="icon" href="${SANDBOX_ICON}">
<style>${STYLE}</style>
</head>
<body>
<main>
<p class="banner" role="note"><strong>SANDBOX</strong> — no real money</p>
${content}
</main>
</body>
</html>
`;
}

/** Who the buyer pays: the brand name the store sent, else the merchant's e-mail. */
function payeeName(order: SandboxOrder): string {
  return order.experience.brand_name ?? order.purchaseUnits[0]?.payee.email_address ?? 'Sandbox merchant';
}

/** The order's total; every purchase unit has the same currency (PayPal refuses mixed ones). */
export function orderTotal(order: SandboxOrder): Money {
  const currency = order.purchaseUnits[0]?.amount.currency_code ?? 'USD';
  const units = order.purchaseUnits.reduce((sum, unit) => sum + toMinorUnits(unit.amount.value, currency), 0n);
  return { currency_code: currency, value: fromMinorUnits(units, currency) };
}

/** The breakdown lines PayPal shows under the items, in its order, with the sign each adds to the amount. */
const BREAKDOWN_LINES = [
  ['item_total', 'Item total', 1],
  ['discount', 'Discount', -1],
  ['shipping', 'Shipping', 1],
  ['shipping_discount', 'Shipping discount', -1],
  ['handling', 'Handling', 1],
  ['insurance', 'Insurance', 1],
  ['tax_total', 'Tax', 1],
] as const satisfies readonly (readonly [keyof Breakdown, string, 1 | -1])[];

/** One `<div><dt><dd>` pair: the HTML spec allows a div around each name-value group of a definition list. */
function summaryLine(label: string, amount: string, className?: string): string {
  const classHtml = className === undefined ? '' : ` class="${className}"`;
  return `<div${classHtml}><dt>${escapeHtml(label)}</dt><dd>${amount}</dd></div>`;
}

/** The lines of the unit's breakdown that the store sent; a discount shows as a minus amount. */
function breakdownLinesHtml(unit: Pick<PurchaseUnit, 'amount'>): string[] {
  const breakdown = unit.amount.breakdown ?? {};
  return BREAKDOWN_LINES.flatMap(([part, label, sign]) => {
    const money = breakdown[part];
    if (money === undefined) return [];
    // U+2212 MINUS SIGN: screen readers say "minus", where a hyphen is often read as nothing.
    const amount = `${sign < 0 ? '\u2212' : ''}${formatMoney(money)}`;
    return [summaryLine(label, escapeHtml(amount))];
  });
}

function itemsTableHtml(unit: PurchaseUnit, heading: string | undefined): string {
  const rows = (unit.items ?? [])
    .map(
      (item) =>
        `<tr><td>${escapeHtml(item.name)}</td><td class="num">${escapeHtml(item.quantity)}</td><td class="num">${escapeHtml(formatMoney(item.unit_amount))}</td></tr>`,
    )
    .join('\n');
  return `<table>
<caption class="visually-hidden">Items${heading === undefined ? '' : ` of ${escapeHtml(heading)}`}</caption>
<thead><tr><th scope="col">Item</th><th scope="col" class="num">Qty</th><th scope="col" class="num">Unit price</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>`;
}

/**
 * What is bought and what it adds up to, as PayPal shows it: each unit's items, then its breakdown (item
 * total, discount, ...), then the order's total. A single unit's breakdown and the total form one list.
 */
function purchaseSummaryHtml(order: SandboxOrder): string {
  const single = order.purchaseUnits.length === 1;
  const totalLine = summaryLine('Total', `<strong>${escapeHtml(formatMoney(orderTotal(order)))}</strong>`, 'total');
  const units = order.purchaseUnits.map((unit, index) => {
    const heading = unit.description ?? (single ? undefined : `Purchase ${index + 1}`);
    const headingHtml = heading === undefined ? '' : `<h2 id="unit-${index}">${escapeHtml(heading)}</h2>\n`;
    const hasItems = unit.items !== undefined && unit.items.length > 0;
    const lines = breakdownLinesHtml(unit);
    // Without items or a breakdown, the unit's amount is all there is to show of it.
    if (!hasItems && lines.length === 0 && !single) lines.push(summaryLine('Amount', escapeHtml(formatMoney(unit.amount))));
    if (single) lines.push(totalLine);
    const list = lines.length === 0 ? '' : `\n<dl class="summary">\n${lines.join('\n')}\n</dl>`;
    return `${headingHtml}${hasItems ? itemsTableHtml(unit, heading) : ''}${list}`;
  });
  if (!single) units.push(`<dl class="summary">\n${totalLine}\n</dl>`);
  return units.join('\n');
}

/** The buyer's approval page: what is bought from whom, its breakdown and total, and the two choices as plain forms. */
export function approvalPageHtml(order: SandboxOrder, actions: { approve: string; cancel: string }): string {
  const total = formatMoney(orderTotal(order));
  const payee = payeeName(order);
  return page(
    APPROVAL_TITLE,
    `<h1>Approve payment</h1>
<p class="payee">Pay <strong>${escapeHtml(payee)}</strong><br><span class="muted">Order ${escapeHtml(order.id)}</span></p>
${purchaseSummaryHtml(order)}
<div class="actions">
<form method="post" action="${escapeHtml(actions.approve)}"><button type="submit" class="approve" aria-label="${escapeHtml(`Approve payment of ${total} to ${payee}`)}">Approve</button></form>
<form method="post" action="${escapeHtml(actions.cancel)}"><button type="submit" class="cancel" aria-label="${escapeHtml(`Cancel and return to ${payee}`)}">Cancel</button></form>
</div>`,
  );
}

/** A captured order: nothing left to approve, only a way back to the store. */
export function alreadyCapturedHtml(order: SandboxOrder, back: string | undefined): string {
  const payee = payeeName(order);
  const link = back === undefined ? '' : `<p><a href="${escapeHtml(back)}">Return to ${escapeHtml(payee)}</a></p>`;
  return page(
    APPROVAL_TITLE,
    `<h1>Payment already completed</h1>
<p class="note">This order (${escapeHtml(order.id)}) was already paid: ${escapeHtml(formatMoney(orderTotal(order)))} to ${escapeHtml(payee)}.</p>
${link}`,
  );
}

/** After a choice when the order named no address to go back to. */
export function outcomeHtml(heading: string, text: string): string {
  return page(APPROVAL_TITLE, `<h1>${escapeHtml(heading)}</h1>\n<p class="note">${escapeHtml(text)}</p>`);
}

export function notFoundHtml(): string {
  return page(
    'PayPal Sandbox — order not found',
    '<h1>Order not found</h1>\n<p class="note">This sandbox knows no order with that token.</p>',
  );
}
