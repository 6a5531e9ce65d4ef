import type { SiteSettings } from '@store/contracts';
import nodemailer, { type Transporter } from 'nodemailer';
import { AppError } from '../errors.ts';

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

/**
 * The transport for the stored SMTP settings. "TLS/SSL" means implicit TLS on port 465 and required
 * STARTTLS on any other port; without it the connection stays plain.
 */
function transportFor(settings: SiteSettings): Transporter {
  const implicitTls = settings.smtp_use_tls && settings.smtp_port === 465;
  return nodemailer.createTransport({
    host: settings.smtp_host,
    port: settings.smtp_port,
    secure: implicitTls,
    requireTLS: settings.smtp_use_tls && !implicitTls,
    ignoreTLS: !settings.smtp_use_tls,
    ...(settings.smtp_username ? { auth: { user: settings.smtp_username, pass: settings.smtp_password } } : {}),
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
}

/** Sends one message through the stored SMTP settings; the sender comes from the settings, never from a request. */
export async function sendMail(settings: SiteSettings, message: MailMessage): Promise<void> {
  if (!smtpConfigured(settings)) {
    throw new AppError('conflict', 'SMTP is not configured: set the SMTP host and the from email first', 'smtp_not_configured');
  }
  const transport = transportFor(settings);
  try {
    await transport.sendMail({
      from: { name: settings.smtp_from_name, address: settings.smtp_from_email },
      to: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html,
    });
  } finally {
    transport.close();
  }
}
