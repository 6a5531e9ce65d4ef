import type { SiteSettings } from '@store/contracts';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import type SMTPPool from 'nodemailer/lib/smtp-pool';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import { AppError } from '../errors.ts';
import { vetSmtpHost, type ResolveAll, type VettedSmtpHost } from './smtp-host-guard.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** SMTP is usable once a host and a sender address are set. */
export function smtpConfigured(settings: SiteSettings): boolean {
  return settings.smtp_host !== '' && settings.smtp_from_email !== '';
}

function assertConfigured(settings: SiteSettings): void {
  if (!smtpConfigured(settings)) {
    throw new AppError('conflict', 'SMTP is not configured: set the SMTP host and the from email first', 'smtp_not_configured');
  }
}

interface Timeouts {
  connectionTimeout: number;
  greetingTimeout: number;
  socketTimeout: number;
}

/** The admin waits for the test email's answer: a host that never answers fails in seconds. */
const TEST_TIMEOUTS: Timeouts = { connectionTimeout: 5_000, greetingTimeout: 5_000, socketTimeout: 10_000 };
const RECEIPT_TIMEOUTS: Timeouts = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

/**
 * The connection options for the stored SMTP settings, to the vetted address with the configured name
 * kept for TLS. "TLS/SSL" means implicit TLS on port 465 and required STARTTLS on any other port;
 * without it the connection stays plain.
 */
function connectionOptions(settings: SiteSettings, host: VettedSmtpHost, timeouts: Timeouts): SMTPTransport.Options {
  const implicitTls = settings.smtp_use_tls && settings.smtp_port === 465;
  return {
    host: host.address,
    port: settings.smtp_port,
    secure: implicitTls,
    requireTLS: settings.smtp_use_tls && !implicitTls,
    ignoreTLS: !settings.smtp_use_tls,
    ...(host.servername ? { tls: { servername: host.servername } } : {}),
    ...(settings.smtp_username ? { auth: { user: settings.smtp_username, pass: settings.smtp_password } } : {}),
    // The messages are built here from text: nothing in them may make nodemailer read files or URLs.
    disableFileAccess: true,
    disableUrlAccess: true,
    ...timeouts,
  };
}

const envelopeOf = (settings: SiteSettings, message: MailMessage) => ({
  from: { name: settings.smtp_from_name, address: settings.smtp_from_email },
  to: message.to,
  subject: message.subject,
  text: message.text,
  html: message.html,
});

/** What failed, in a few fixed words per nodemailer error code: the remote server's own text is never repeated. */
const FAILURE_REASONS: Record<string, string> = {
  EDNS: 'the SMTP host name could not be resolved',
  ECONNECTION: 'could not connect to the mail server',
  ESOCKET: 'could not connect to the mail server',
  ETIMEDOUT: 'the mail server timed out',
  EPROTOCOL: 'the server did not answer as a mail server',
  ETLS: 'TLS with the mail server failed',
  EREQUIRETLS: 'TLS with the mail server failed',
  EAUTH: 'authentication failed',
  ENOAUTH: 'authentication failed',
  EMESSAGE: 'the mail server refused the message',
  ESTREAM: 'the message could not be sent',
  EMAXLIMIT: 'the mail server closed the connection',
};

const errorField = (error: unknown, field: string): unknown =>
  typeof error === 'object' && error !== null ? (error as Record<string, unknown>)[field] : undefined;

/** A short fixed sentence for a failed send, fit for an answer or the outbox row. */
export function describeSmtpFailure(error: unknown): string {
  if (error instanceof AppError) return error.detail;
  const code = errorField(error, 'code');
  if (code === 'EENVELOPE') {
    const field = errorField(error, 'command');
    const command = typeof field === 'string' ? field : '';
    if (command.startsWith('MAIL')) return 'the mail server refused the sender';
    if (command.startsWith('RCPT')) return 'the mail server refused the recipient';
    return 'the mail server refused the sender or the recipient';
  }
  return (typeof code === 'string' && FAILURE_REASONS[code]) || 'the mail server did not accept the message';
}

/** The error's codes (nodemailer's and the SMTP reply's) without its text, for the outbox row. */
export function failureCodes(error: unknown): string {
  const codes = [errorField(error, 'code'), errorField(error, 'responseCode')].filter(
    (value) => typeof value === 'string' || typeof value === 'number',
  );
  return codes.length > 0 ? ` (${codes.join(' ')})` : '';
}

/**
 * Sends the admin's test email on a connection of its own (a fresh check of the settings, never a pooled
 * connection), with short timeouts. A refused host is an AppError; any other failure is nodemailer's.
 */
export async function sendTestMail(
  settings: SiteSettings,
  allowPrivateHosts: boolean,
  message: MailMessage,
  resolve?: ResolveAll,
): Promise<void> {
  assertConfigured(settings);
  const host = await vetSmtpHost(settings.smtp_host, allowPrivateHosts, resolve);
  const transport = nodemailer.createTransport(connectionOptions(settings, host, TEST_TIMEOUTS));
  try {
    await transport.sendMail(envelopeOf(settings, message));
  } finally {
    transport.close();
  }
}

/** Simultaneous connections to the mail server; receipts are sent this many at a time. */
export const MAIL_CONNECTIONS = 8;
/** A vetted address is looked up again after this long, so a changed DNS record is followed. */
const REVET_AFTER_MS = 60_000;

interface PooledTransport {
  key: string;
  address: string;
  vettedAt: number;
  transport: Transporter<SMTPPool.SentMessageInfo, SMTPPool.Options>;
  /** Batches sending through it now; a replaced transport is closed when the last one ends. */
  users: number;
  retired: boolean;
}

/** A pooled transport lent to one batch of sends; release it when the batch is done. */
export interface MailLease {
  send: (message: MailMessage) => Promise<void>;
  release: () => void;
}

/**
 * The pooled SMTP connections of one app, reused across messages: built for the stored settings and
 * the vetted address, and rebuilt when either changes. A replaced pool finishes its messages first.
 */
export class MailTransportPool {
  #current: PooledTransport | null = null;
  #building: { key: string; promise: Promise<PooledTransport> } | null = null;
  #closed = false;

  constructor(
    private readonly allowPrivateHosts: boolean,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Lends the pool for the settings; throws when SMTP is not configured or the host is refused. */
  async lease(settings: SiteSettings): Promise<MailLease> {
    assertConfigured(settings);
    const pooled = await this.#transportFor(settings);
    pooled.users += 1;
    let released = false;
    return {
      send: async (message) => {
        await pooled.transport.sendMail(envelopeOf(settings, message));
      },
      release: () => {
        if (released) return;
        released = true;
        pooled.users -= 1;
        if (pooled.retired && pooled.users === 0) pooled.transport.close();
      },
    };
  }

  /** Closes the connections; busy ones after their current message. */
  close(): void {
    this.#closed = true;
    if (this.#current) this.#retire(this.#current);
    this.#current = null;
  }

  async #transportFor(settings: SiteSettings): Promise<PooledTransport> {
    if (this.#closed) throw new Error('The mail transport is closed');
    const key = JSON.stringify([
      settings.smtp_host,
      settings.smtp_port,
      settings.smtp_use_tls,
      settings.smtp_username,
      settings.smtp_password,
    ]);
    const current = this.#current;
    if (current && current.key === key && Date.now() - current.vettedAt < REVET_AFTER_MS) return current;
    // Concurrent sends after a change share one look-up and one new pool.
    if (this.#building?.key === key) return this.#building.promise;
    const promise = this.#build(settings, key).finally(() => {
      if (this.#building?.promise === promise) this.#building = null;
    });
    this.#building = { key, promise };
    return promise;
  }

  async #build(settings: SiteSettings, key: string): Promise<PooledTransport> {
    let host: VettedSmtpHost;
    try {
      host = await vetSmtpHost(settings.smtp_host, this.allowPrivateHosts);
    } catch (error) {
      // The host now resolves somewhere refused (or nowhere): its open connections are not used again.
      if (this.#current?.key === key) {
        this.#retire(this.#current);
        this.#current = null;
      }
      throw error;
    }
    const current = this.#current;
    if (current && current.key === key && current.address === host.address) {
      current.vettedAt = Date.now();
      return current;
    }
    const transport = nodemailer.createTransport({
      ...connectionOptions(settings, host, RECEIPT_TIMEOUTS),
      pool: true,
      maxConnections: MAIL_CONNECTIONS,
      maxMessages: 100,
    });
    transport.on('error', (error) => this.log.warn({ err: error }, 'SMTP pool error'));
    const pooled: PooledTransport = { key, address: host.address, vettedAt: Date.now(), transport, users: 0, retired: false };
    if (this.#closed) {
      transport.close();
      throw new Error('The mail transport is closed');
    }
    if (current) this.#retire(current);
    this.#current = pooled;
    return pooled;
  }

  #retire(pooled: PooledTransport): void {
    pooled.retired = true;
    if (pooled.users === 0) pooled.transport.close();
  }
}
