import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors.ts';
import { recordAuditChange } from '../audit/audit-trail.ts';
import type { RouteHandlers } from '../http/register-routes.ts';
import { readSettings } from '../settings/settings-repository.ts';
import { describeSmtpFailure, sendTestMail } from './mailer.ts';
import { registerOutbox } from './outbox.ts';

export function mailHandlers(app: FastifyInstance): Pick<RouteHandlers, 'adminTestEmail'> {
  registerOutbox(app);
  return {
    adminTestEmail: async ({ body, caller, request }) => {
      const settings = await readSettings(app.db, app.dataCipher);
      recordAuditChange(request, { targetType: 'settings', after: { sent_to: body.test_email, smtp_host: settings.smtp_host } });
      try {
        await sendTestMail(settings, app.config.smtpAllowPrivateHosts, {
          to: body.test_email,
          subject: `Test email from ${settings.site_name}`,
          text: `This is a test message from ${settings.site_name}. Your SMTP settings work.`,
          html: `<p>This is a test message. Your SMTP settings work.</p>`,
        });
      } catch (error) {
        request.log.warn(
          { userId: caller.id, err: error, smtpHost: settings.smtp_host, smtpPort: settings.smtp_port },
          'test email failed',
        );
        if (error instanceof AppError) throw error;
        // The remote server's words stay in the log: repeated here, they would make this a port scanner's banner grabber.
        throw new AppError('bad_gateway', `The test email was not sent: ${describeSmtpFailure(error)}.`, 'smtp_failed');
      }
      request.log.info({ userId: caller.id }, 'test email sent');
      return { message: `Test email sent to ${body.test_email}` };
    },
  };
}
