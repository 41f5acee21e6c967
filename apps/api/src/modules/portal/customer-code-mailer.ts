import { Injectable, Logger } from '@nestjs/common';
import { MailService } from '../mail/mail.service.js';

/**
 * Sends a customer their portal sign-in code through the service's mail
 * (SMTP_URL, MAIL_FROM): without SMTP_URL `available` is false and the portal
 * does not offer sign-in by email. Sent straight from the API process, not
 * queued: a code is worth minutes, and a customer whose mail failed asks for
 * another (the failure is logged, without the address or the code).
 */
@Injectable()
export class CustomerCodeMailer {
  private readonly logger = new Logger('PortalMail');

  constructor(private readonly mail: MailService) {}

  get available(): boolean {
    return this.mail.enabled;
  }

  /** Sends `code` to `to`; never rejects (the caller does not wait for it). */
  async send(to: string, appName: string, code: string): Promise<void> {
    if (!this.mail.enabled) return;
    try {
      await this.mail.send({
        to,
        subject: `Your ${appName} sign-in code`,
        text:
          `Your code to sign in to ${appName}'s customer page: ${code}\n\n` +
          `It works once, for 10 minutes. If you did not ask for it, ignore this email.\n`,
      });
    } catch (err) {
      this.logger.warn(`could not send a portal sign-in code: ${(err as Error).message}`);
    }
  }
}
