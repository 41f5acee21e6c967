import { Injectable, Logger } from '@nestjs/common';
import { createTransport, type Transporter } from 'nodemailer';
import { Config } from '../../config/config.js';

/**
 * Sends a customer their portal sign-in code. The one place the portal sends
 * mail: without SMTP_URL `available` is false and the portal does not offer
 * sign-in by email. Sending is over SMTP with nodemailer, straight from the
 * API process (a failed send is logged; the customer asks for another code).
 */
@Injectable()
export class CustomerCodeMailer {
  private readonly logger = new Logger('PortalMail');
  private readonly transport: Transporter | null;
  private readonly from: string;

  constructor(config: Config) {
    this.transport = config.SMTP_URL ? createTransport(config.SMTP_URL) : null;
    this.from = config.SMTP_FROM;
  }

  get available(): boolean {
    return this.transport !== null;
  }

  /** Sends `code` to `to`; never rejects (the caller does not wait for it). */
  async send(to: string, appName: string, code: string): Promise<void> {
    if (!this.transport) return;
    try {
      await this.transport.sendMail({
        from: this.from,
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
