import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { expect, test } from './support/fixtures.ts';

/** A mail server on loopback that keeps every message it is given, undoing quoted-printable soft breaks. */
async function startMailbox(): Promise<{ port: number; messages: string[]; close: () => Promise<void> }> {
  const messages: string[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    // On close, the store's idle pooled connection is cut after this long rather than the default 30 s.
    closeTimeout: 200,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        messages.push(
          Buffer.concat(chunks)
            .toString('utf8')
            .replace(/=\r?\n/g, '')
            .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
        );
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.server.address() as AddressInfo).port,
    messages,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

test('a shopper who forgot the password gets a link by mail, sets a new one and signs in with it', async ({ page, api }) => {
  const mailbox = await startMailbox();
  const admin = await api.loginAdmin();
  const authorization = { Authorization: `Bearer ${admin.access_token}` };
  const settings = (answer: { smtp_host: string; smtp_port: number }) =>
    api.request.put('/api/admin/settings', { data: answer, headers: authorization });
  const before = (await (await api.request.get('/api/admin/settings', { headers: authorization })).json()) as {
    smtp_host: string;
    smtp_port: number;
  };
  try {
    expect(
      (
        await api.request.put('/api/admin/settings', {
          data: { smtp_host: '127.0.0.1', smtp_port: mailbox.port, smtp_use_tls: false, smtp_from_email: 'shop@example.com' },
          headers: authorization,
        })
      ).status(),
    ).toBe(200);
    const shopper = await api.registerUser();

    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expect(page).toHaveURL('/forgot-password');
    await page.getByRole('textbox', { name: 'Email' }).fill(shopper.user.email);
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await expect(page.getByText('a link to set a new password is on its way')).toBeVisible();

    await expect.poll(() => mailbox.messages.filter((message) => message.includes(shopper.user.email)).length).toBe(1);
    const mail = mailbox.messages.find((message) => message.includes(shopper.user.email))!;
    const link = /https?:\/\/[^\s"<>]+\/reset-password\?token=[A-Za-z0-9_-]{43}/.exec(mail)?.[0];
    expect(link, 'the mail carries the reset link').toBeTruthy();

    await page.goto(link!);
    await page.getByLabel('New Password', { exact: true }).fill('a-fresh-password-9');
    await page.getByLabel('Confirm New Password').fill('a-fresh-password-9');
    await page.getByRole('button', { name: 'Set New Password' }).click();

    await expect(page).toHaveURL('/login');
    await page.getByRole('textbox', { name: 'Email or Username' }).fill(shopper.user.username);
    await page.getByLabel('Password', { exact: true }).fill('a-fresh-password-9');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('banner').getByRole('button', { name: shopper.user.username })).toBeVisible();
  } finally {
    await settings({ smtp_host: before.smtp_host, smtp_port: before.smtp_port });
    await mailbox.close();
  }
});
