import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WEBHOOK_SECRET_PREFIX } from '@store/contracts';
import { expectNoAxeViolations } from '@store/playwright-config';
import { expect, test, uniqueName } from './support/fixtures.ts';

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/**
 * The test's own receiver on loopback: it keeps every request and answers 200. The e2e store allows private
 * webhook addresses (WEBHOOK_ALLOW_PRIVATE_HOSTS in tooling/playwright's store environment); the API's own tests
 * cover the refusal.
 */
async function startReceiver() {
  const received: Received[] = [];
  const server = createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body });
      response.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks/store`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        // The store's fetch keeps its connection alive: close it too, or close() waits for it.
        server.closeAllConnections();
      }),
  };
}

test('staff add a webhook endpoint, keep its secret, send it a test event and see the delivery', async ({ page, signInAsAdmin }) => {
  // Two axe runs and a receiver the store calls back: more than the default on a loaded machine.
  test.slow();
  const receiver = await startReceiver();
  try {
    await signInAsAdmin();
    const description = uniqueName('CRM ');

    await page.goto('/admin/');
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Webhooks' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Webhooks' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'How webhooks work' })).toBeVisible();

    // Refused as the API would refuse it: no address, no event.
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add endpoint' });
    await dialog.getByRole('button', { name: 'Add endpoint' }).click();
    await expect(dialog.getByText('Enter the address the store sends events to')).toBeVisible();
    await expect(dialog.getByText('Choose at least one event')).toBeVisible();
    await expectNoAxeViolations(page, 'the Add endpoint form with its messages');

    await dialog.getByLabel('Address').fill(receiver.url);
    await dialog.getByLabel('Description').fill(description);
    await dialog.getByRole('checkbox', { name: /\(order\.paid\)/ }).check();
    await dialog.getByRole('button', { name: 'Add endpoint' }).click();

    await expect(dialog).toBeHidden();
    // The secret, once: read from the screen as staff would copy it.
    const panel = page.getByRole('region', { name: `Signing secret of ${description}` });
    const field = panel.getByLabel('Signing secret');
    await expect(field).toBeFocused();
    const secret = await field.inputValue();
    expect(secret.startsWith(WEBHOOK_SECRET_PREFIX)).toBe(true);
    await panel.getByRole('button', { name: 'Done' }).click();
    await expect(panel).toBeHidden();
    await expect(page.locator('body')).not.toContainText(secret);

    const row = page.getByRole('table', { name: 'Webhook endpoints' }).getByRole('row').filter({ hasText: description });
    await expect(row).toContainText(receiver.url);
    await expect(row).toContainText('order.paid');
    await expect(row).toContainText('On');

    // Send test: the receiver gets a signed webhook.test event, and the toast says it answered 200.
    await row.getByRole('button', { name: `Send test to ${description}` }).click();
    await expect(page.getByText('Test event delivered: the endpoint answered 200')).toBeVisible();
    expect(receiver.received).toHaveLength(1);
    const [request] = receiver.received;
    if (!request) throw new Error('The receiver got nothing');
    const event = JSON.parse(request.body) as { id: string; type: string };
    expect(event.type).toBe('webhook.test');
    expect(request.headers['webhook-id']).toBe(event.id);
    const timestamp = String(request.headers['webhook-timestamp']);
    const expected = createHmac('sha256', Buffer.from(secret.slice(WEBHOOK_SECRET_PREFIX.length), 'base64'))
      .update(`${event.id}.${timestamp}.${request.body}`)
      .digest('base64');
    expect(String(request.headers['webhook-signature']).split(' ')).toContain(`v1,${expected}`);

    // The delivery, listed with the receiver's answer.
    await row.getByRole('button', { name: `Deliveries to ${description}` }).click();
    const deliveries = page.getByRole('region', { name: `Deliveries to ${description}` });
    const delivery = deliveries.getByRole('row').filter({ hasText: event.id });
    await expect(delivery).toContainText('webhook.test');
    await expect(delivery).toContainText('Delivered');
    await expect(delivery).toContainText('HTTP 200');
    await expectNoAxeViolations(page, 'the Webhooks screen with an endpoint and its deliveries');

    // Resend: the same event id again, the receiver's second copy.
    await delivery.getByRole('button', { name: /^Resend/ }).click();
    await expect(page.getByText('Resent event delivered: the endpoint answered 200')).toBeVisible();
    expect(receiver.received.map((entry) => entry.headers['webhook-id'])).toEqual([event.id, event.id]);

    // Removed behind a confirmation: the store's shared data is left as found.
    await row.getByRole('button', { name: `Remove ${description}` }).click();
    const confirm = page.getByRole('dialog', { name: `Remove ${description}?` });
    await confirm.getByRole('button', { name: 'Remove endpoint' }).click();
    await expect(page.getByText(`Endpoint ${description} removed`)).toBeVisible();
    await expect(row).toHaveCount(0);
  } finally {
    await receiver.close();
  }
});
