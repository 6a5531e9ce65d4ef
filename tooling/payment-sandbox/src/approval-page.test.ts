import { describe, expect, it } from 'vitest';
import { SANDBOX_ICON } from './approval-html.ts';
import { withQuery } from './approval-routes.ts';
import { CANCEL_URL, RETURN_URL, accessToken, build, createOrder, orderBody, postCapture, pressApprove } from './test-helpers.ts';

async function sandboxWithOrder(body: unknown = orderBody()) {
  const sandbox = await build();
  const token = await accessToken(sandbox.app);
  return { ...sandbox, token, orderId: await createOrder(sandbox.app, token, body) };
}

describe('the approval page GET /checkoutnow?token=<order id>', () => {
  it('shows the sandbox banner, the payee, each item with quantity and price, the total and two forms', async () => {
    const { app, orderId } = await sandboxWithOrder();
    const response = await app.inject({ method: 'GET', url: `/sandbox/checkoutnow?token=${orderId}` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    const html = response.body;
    expect(html).toContain('<title>PayPal Sandbox — approve payment</title>');
    expect(html).toContain('SANDBOX</strong> — no real money');
    expect(html).toContain('Pay <strong>Digital Store</strong>');
    expect(html).toContain('Digital Store order 1001');
    expect(html).toContain('<tr><td>Writer Pro licence</td><td class="num">2</td><td class="num">$19.99</td></tr>');
    expect(html).toContain('<tr><td>Prompting e-book</td><td class="num">1</td><td class="num">$9.99</td></tr>');
    expect(html).toContain('<div class="total"><dt>Total</dt><dd><strong>$49.97</strong></dd></div>');
    expect(html).toContain(`<form method="post" action="/sandbox/checkoutnow/${orderId}/approve">`);
    expect(html).toContain(`<form method="post" action="/sandbox/checkoutnow/${orderId}/cancel">`);
    expect(html).toMatch(
      /<button type="submit" class="approve" aria-label="Approve payment of \$49\.97 to Digital Store">Approve<\/button>/,
    );
    expect(html).toMatch(/<button type="submit" class="cancel" aria-label="Cancel and return to Digital Store">Cancel<\/button>/);
  });

  it('shows the breakdown the store sent: item total, the discount as a minus amount, then the total', async () => {
    // What the store sends for a $59.99 licence bought with a $12.00 discount code (apps/api payment-service).
    const body = orderBody({
      unit: {
        amount: {
          currency_code: 'USD',
          value: '47.99',
          breakdown: { item_total: { currency_code: 'USD', value: '59.99' }, discount: { currency_code: 'USD', value: '12.00' } },
        },
        items: [{ name: 'Writer Pro licence', quantity: '1', unit_amount: { currency_code: 'USD', value: '59.99' } }],
      },
    });
    const { app, orderId } = await sandboxWithOrder(body);
    const html = (await app.inject({ method: 'GET', url: `/sandbox/checkoutnow?token=${orderId}` })).body;
    expect(html).toContain('<tr><td>Writer Pro licence</td><td class="num">1</td><td class="num">$59.99</td></tr>');
    const summary = /<dl class="summary">\n([\s\S]*?)\n<\/dl>/.exec(html)?.[1];
    expect(summary?.split('\n')).toEqual([
      '<div><dt>Item total</dt><dd>$59.99</dd></div>',
      '<div><dt>Discount</dt><dd>\u2212$12.00</dd></div>',
      '<div class="total"><dt>Total</dt><dd><strong>$47.99</strong></dd></div>',
    ]);
    expect(html).toContain('aria-label="Approve payment of $47.99 to Digital Store"');
  });

  it('shows no discount line when the breakdown has none', async () => {
    const { app, orderId } = await sandboxWithOrder();
    const html = (await app.inject({ method: 'GET', url: `/sandbox/checkoutnow?token=${orderId}` })).body;
    expect(html).not.toContain('Discount');
    const summary = /<dl class="summary">\n([\s\S]*?)\n<\/dl>/.exec(html)?.[1];
    expect(summary?.split('\n')).toEqual([
      '<div><dt>Item total</dt><dd>$49.97</dd></div>',
      '<div class="total"><dt>Total</dt><dd><strong>$49.97</strong></dd></div>',
    ]);
  });

  it('shows shipping, handling and tax when the breakdown has them, each unit apart and one total', async () => {
    const usd = (value: string) => ({ currency_code: 'USD', value });
    const body = orderBody({
      body: {
        purchase_units: [
          {
            reference_id: 'a',
            description: 'First',
            amount: { ...usd('13.00'), breakdown: { item_total: usd('10.00'), shipping: usd('1.00'), handling: usd('0.50'), tax_total: usd('1.50') } },
            items: [{ name: 'Boxed set', quantity: '1', unit_amount: usd('10.00') }],
          },
          { reference_id: 'b', amount: usd('2.00') },
        ],
      },
    });
    const { app, orderId } = await sandboxWithOrder(body);
    const html = (await app.inject({ method: 'GET', url: `/sandbox/checkoutnow?token=${orderId}` })).body;
    const lists = [...html.matchAll(/<dl class="summary">\n([\s\S]*?)\n<\/dl>/g)].map((match) => match[1]?.split('\n'));
    expect(lists).toEqual([
      [
        '<div><dt>Item total</dt><dd>$10.00</dd></div>',
        '<div><dt>Shipping</dt><dd>$1.00</dd></div>',
        '<div><dt>Handling</dt><dd>$0.50</dd></div>',
        '<div><dt>Tax</dt><dd>$1.50</dd></div>',
      ],
      ['<div><dt>Amount</dt><dd>$2.00</dd></div>'],
      ['<div class="total"><dt>Total</dt><dd><strong>$15.00</strong></dd></div>'],
    ]);
    expect(html).toContain('<h2 id="unit-1">Purchase 2</h2>');
  });

  it('names its own icon, which its CSP allows, so the browser asks for no /favicon.ico', async () => {
    const { app, orderId } = await sandboxWithOrder();
    const response = await app.inject({ method: 'GET', url: `/sandbox/checkoutnow?token=${orderId}` });
    expect(response.body).toContain(`<link rel="icon" href="${SANDBOX_ICON}">`);
    expect(SANDBOX_ICON).toMatch(/^data:image\/svg\+xml,/);
    expect(String(response.headers['content-security-policy'])).toMatch(/img-src [^;]*data:/);
  });

  it('carries no script and a CSP that allows no script, only its own style and forms', async () => {
    const { app, orderId } = await sandboxWithOrder();
    const response = await app.inject({ method: 'GET', url: `/sandbox/checkoutnow?token=${orderId}` });
    expect(response.body).not.toMatch(/<script|\son[a-z]+=|javascript:/i);
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("default-src 'none'");
    expect(csp).toMatch(/style-src 'sha256-[A-Za-z0-9+/]+=*'/);
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).toContain("form-action 'self' https://shop.test");
  });

  it('escapes every value taken from the order', async () => {
    const hostile = '<script>alert("x")</script>';
    const body = orderBody({
      unit: {
        description: `Tom & Jerry's <b>order</b>`,
        amount: { currency_code: 'USD', value: '5.00', breakdown: { item_total: { currency_code: 'USD', value: '5.00' } } },
        items: [{ name: hostile, quantity: '1', unit_amount: { currency_code: 'USD', value: '5.00' } }],
      },
      body: {
        payment_source: { paypal: { experience_context: { brand_name: '"><img src=x onerror=alert(1)>', return_url: RETURN_URL } } },
      },
    });
    const { app, orderId } = await sandboxWithOrder(body);
    const html = (await app.inject({ method: 'GET', url: `/sandbox/checkoutnow?token=${orderId}` })).body;
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<img');
    expect(html).not.toContain('<b>');
    expect(html).toContain('<tr><td>&#60;script&#62;alert(&#34;x&#34;)&#60;/script&#62;</td>');
    expect(html).toContain('Tom &#38; Jerry&#39;s &#60;b&#62;order&#60;/b&#62;');
    expect(html).toContain('&#34;&#62;&#60;img src=x onerror=alert(1)&#62;');
  });

  it('answers an unknown token, or none, with a 404 page', async () => {
    const { app } = await build();
    for (const url of ['/sandbox/checkoutnow?token=NOSUCHORDER', '/sandbox/checkoutnow']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.body).toContain('Order not found');
    }
  });

  it('says a captured order is already paid and offers only a link back', async () => {
    const { app, token, orderId, state } = await sandboxWithOrder();
    await pressApprove(app, orderId);
    expect((await postCapture(app, token, orderId)).statusCode).toBe(201);
    const html = (await app.inject({ method: 'GET', url: `/sandbox/checkoutnow?token=${orderId}` })).body;
    expect(html).toContain('Payment already completed');
    expect(html).not.toContain('<form');
    const payerId = state.orders.get(orderId)?.payer?.payer_id ?? 'missing';
    expect(html).toContain(`<a href="${RETURN_URL}?token=${orderId}&#38;PayerID=${payerId}">Return to Digital Store</a>`);
  });
});

describe('the approval page buttons', () => {
  it('approves the order and sends the buyer to return_url with token and PayerID', async () => {
    const { app, orderId, state } = await sandboxWithOrder();
    const response = await pressApprove(app, orderId);
    expect(response.statusCode).toBe(303);
    const order = state.orders.get(orderId);
    expect(order?.status).toBe('APPROVED');
    expect(order?.payer).toMatchObject({
      payer_id: expect.stringMatching(/^[A-Z0-9]{13}$/),
      email_address: 'sb-buyer@personal.example.com',
    });
    expect(response.headers.location).toBe(`${RETURN_URL}?token=${orderId}&PayerID=${order?.payer?.payer_id}`);
  });

  it('appends to a return_url that already has a query with &', async () => {
    const experience = { return_url: 'https://shop.test/return?order=1001#top', cancel_url: 'https://shop.test/cancel?order=1001' };
    const { app, orderId, state } = await sandboxWithOrder(
      orderBody({ body: { payment_source: { paypal: { experience_context: experience } } } }),
    );
    const approved = await pressApprove(app, orderId);
    expect(approved.headers.location).toBe(
      `https://shop.test/return?order=1001&token=${orderId}&PayerID=${state.orders.get(orderId)?.payer?.payer_id}#top`,
    );
    const cancelled = await app.inject({ method: 'POST', url: `/sandbox/checkoutnow/${orderId}/cancel` });
    expect(cancelled.headers.location).toBe(`https://shop.test/cancel?order=1001&token=${orderId}`);
  });

  it('keeps the same payer when the buyer approves twice', async () => {
    const { app, orderId } = await sandboxWithOrder();
    const first = await pressApprove(app, orderId);
    const second = await pressApprove(app, orderId);
    expect(second.headers.location).toBe(first.headers.location);
  });

  it('sends the buyer to cancel_url with the token on Cancel, leaving the order unapproved', async () => {
    const { app, orderId, state } = await sandboxWithOrder();
    const response = await app.inject({
      method: 'POST',
      url: `/sandbox/checkoutnow/${orderId}/cancel`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe(`${CANCEL_URL}?token=${orderId}`);
    expect(state.orders.get(orderId)?.status).toBe('PAYER_ACTION_REQUIRED');
  });

  it('does not approve a captured order again, showing its page instead', async () => {
    const { app, token, orderId, state } = await sandboxWithOrder();
    await pressApprove(app, orderId);
    await postCapture(app, token, orderId);
    const response = await pressApprove(app, orderId);
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe(`/sandbox/checkoutnow?token=${orderId}`);
    expect(state.orders.get(orderId)?.status).toBe('COMPLETED');
  });

  it('says the payment is approved when the order named no return_url', async () => {
    const body = orderBody({ body: { payment_source: { paypal: {} } } });
    const { app, orderId, state } = await sandboxWithOrder(body);
    const response = await pressApprove(app, orderId);
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('Payment approved');
    expect(state.orders.get(orderId)?.status).toBe('APPROVED');
  });

  it('answers buttons of an unknown order with a 404 page', async () => {
    const { app } = await build();
    const response = await pressApprove(app, 'NOSUCHORDER');
    expect(response.statusCode).toBe(404);
    expect(response.body).toContain('Order not found');
  });
});

describe('withQuery', () => {
  it('starts a query, extends one, and keeps the fragment last', () => {
    expect(withQuery('https://a.test/r', { token: 'T' })).toBe('https://a.test/r?token=T');
    expect(withQuery('https://a.test/r?x=1', { token: 'T' })).toBe('https://a.test/r?x=1&token=T');
    expect(withQuery('https://a.test/r?', { token: 'T' })).toBe('https://a.test/r?token=T');
    expect(withQuery('https://a.test/r#f', { token: 'T', PayerID: 'P' })).toBe('https://a.test/r?token=T&PayerID=P#f');
  });
});
