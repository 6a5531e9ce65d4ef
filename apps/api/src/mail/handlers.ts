import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors.ts';
import type { RouteHandlers } from '../http/register-routes.ts';
import { readSettings } from '../settings/settings-repository.ts';
import { sendMail } from './mailer.ts';

export function mailHandlers(app: FastifyInstance): RouteHandlers {
  return {
    adminTestEmail: async ({ body, caller, request }) => {
      const settings = await readSettings(app.db);
      try {
        await sendMail(settings, {
          to: body.test_email,
          subject: `Test email from ${settings.site_name}`,
          text: `This is a test message from ${settings.site_name}. Your SMTP settings work.`,
          html: `<p>This is a test message. Your SMTP settings work.</p>`,
        });
      } catch (error) {
        if (error instanceof AppError) throw error;
        const reason = error instanceof Error ? error.message : String(error);
        request.log.warn({ userId: caller.id, reason }, 'test email failed');
        throw new AppError('bad_gateway', `The mail server did not accept the message: ${reason}`, 'smtp_failed');
      }
      request.log.info({ userId: caller.id }, 'test email sent');
      return { message: `Test email sent to ${body.test_email}` };
    },
  };
}
