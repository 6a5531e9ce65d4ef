import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
  /** The raw message with quoted-printable soft breaks and escapes undone, for searching its text. */
  decoded: string;
  /** When the message was accepted (performance.now() of this process). */
  at: number;
}

const decodeQuotedPrintable = (raw: string) =>
  raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

/** What the peer saw of its clients since the last reset. */
export interface SmtpPeerStats {
  /** Connections opened. */
  connections: number;
  /** The most messages in progress at once (from MAIL FROM to the end of DATA), over all connections. */
  maxInFlight: number;
}

export interface SmtpPeerOptions {
  /** Keep no copy of each message (a load test's peer), only count it and note when it came. */
  countOnly?: boolean;
}

export interface SmtpPeer {
  port: number;
  received: ReceivedMail[];
  stats: SmtpPeerStats;
  /** While set, every recipient is refused with this SMTP error. */
  refuse: (message: string | null) => void;
  /** Answers each message's DATA this much later, as a real server that stores or scans it. */
  slowDown: (ms: number) => void;
  resetStats: () => void;
  close: () => Promise<void>;
}

/** A real SMTP server on loopback that keeps what it receives (plain SMTP, no auth required). */
export async function startSmtpPeer({ countOnly = false }: SmtpPeerOptions = {}): Promise<SmtpPeer> {
  const received: ReceivedMail[] = [];
  const stats: SmtpPeerStats = { connections: 0, maxInFlight: 0 };
  const inFlight = new Set<string>();
  let refusal: string | null = null;
  let dataDelayMs = 0;
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    authOptional: true,
    logger: false,
    // On close, a client's idle pooled connection is cut after this long rather than the default 30 s.
    closeTimeout: 200,
    onConnect(_session, callback) {
      stats.connections += 1;
      callback();
    },
    onClose(session) {
      inFlight.delete(session.id);
    },
    onMailFrom(_address, session, callback) {
      inFlight.add(session.id);
      stats.maxInFlight = Math.max(stats.maxInFlight, inFlight.size);
      callback();
    },
    onRcptTo(_address, _session, callback) {
      if (refusal) {
        const error = Object.assign(new Error(refusal), { responseCode: 550 });
        return callback(error);
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = countOnly ? '' : Buffer.concat(chunks).toString('utf8');
        const accept = () => {
          inFlight.delete(session.id);
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            raw,
            decoded: countOnly ? '' : decodeQuotedPrintable(raw),
            at: performance.now(),
          });
          callback();
        };
        if (dataDelayMs > 0) setTimeout(accept, dataDelayMs);
        else accept();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    port,
    received,
    stats,
    refuse: (message) => (refusal = message),
    slowDown: (ms) => (dataDelayMs = ms),
    resetStats: () => {
      stats.connections = 0;
      stats.maxInFlight = inFlight.size;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
