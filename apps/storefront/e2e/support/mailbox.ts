import type { AddressInfo } from 'node:net';
import type { StoreApi } from '@store/playwright-config';
import { SMTPServer } from 'smtp-server';
import { expect } from './fixtures.ts';

export interface Mailbox {
  port: number;
  /** Every message received, quoted-printable soft breaks and escapes undone. */
  messages: string[];
  /** The newest link to `path` (e.g. `/verify-email`) mailed to `email`, once one has arrived. */
  link: (email: string, path: string) => Promise<string>;
  close: () => Promise<void>;
}

/** A mail server on loopback that keeps every message it is given. */
export async function startMailbox(): Promise<Mailbox> {
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
  const linksTo = (email: string, path: string) =>
    messages
      .filter((message) => message.includes(email))
      .map((message) => new RegExp(`https?://[^\\s"<>]+${path}\\?token=[A-Za-z0-9_-]{43}`).exec(message)?.[0])
      .filter((link): link is string => link !== undefined);
  return {
    port: (server.server.address() as AddressInfo).port,
    messages,
    link: async (email, path) => {
      await expect.poll(() => linksTo(email, path).length, { message: `a mail to ${email} with a ${path} link` }).toBeGreaterThan(0);
      return linksTo(email, path).at(-1)!;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** Points the store's mail at `mailbox` for the length of `run`, then back to what it was. */
export async function withMailbox(api: StoreApi, run: (mailbox: Mailbox) => Promise<void>): Promise<void> {
  const mailbox = await startMailbox();
  const admin = await api.loginAdmin();
  const headers = { Authorization: `Bearer ${admin.access_token}` };
  const before = (await (await api.request.get('/api/admin/settings', { headers })).json()) as { smtp_host: string; smtp_port: number };
  try {
    const set = await api.request.put('/api/admin/settings', {
      data: { smtp_host: '127.0.0.1', smtp_port: mailbox.port, smtp_use_tls: false, smtp_from_email: 'shop@example.com' },
      headers,
    });
    expect(set.status()).toBe(200);
    await run(mailbox);
  } finally {
    await api.request.put('/api/admin/settings', { data: { smtp_host: before.smtp_host, smtp_port: before.smtp_port }, headers });
    await mailbox.close();
  }
}
