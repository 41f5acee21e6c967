import { Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { createTransport } from 'nodemailer';
import { Config } from '../../config/config.js';

/** One message; `html` is optional, `text` is what every client can show. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/** Refused or not delivered to the SMTP server; `message` is safe to store and show (no credentials). */
export class MailError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MailError';
  }
}

/** Time to connect, to get the server's greeting, and of silence mid-exchange. */
const SMTP_TIMEOUT_MS = 30_000;
/** The longest error kept: the server's answer is enough to act on. */
const ERROR_MAX = 500;

type Transport = ReturnType<typeof createTransport>;

/**
 * Sends mail through SMTP_URL with MAIL_FROM as the sender. Without
 * SMTP_URL `enabled` is false and `send` refuses: callers decide before
 * (an order's email is `off`). Nothing here logs a message, an address or
 * the URL: a mail may carry keys or codes, the URL a password.
 */
@Injectable()
export class MailService implements OnApplicationShutdown {
  readonly enabled: boolean;
  private readonly transport: Transport | null;
  /** The URL's user and password as written and decoded, scrubbed from any error shown. */
  private readonly secrets: string[];

  constructor(config: Config) {
    this.enabled = config.SMTP_URL !== '';
    this.secrets = this.enabled ? credentialsOf(config.SMTP_URL) : [];
    this.transport = this.enabled
      ? createTransport(
          {
            url: config.SMTP_URL,
            connectionTimeout: SMTP_TIMEOUT_MS,
            greetingTimeout: SMTP_TIMEOUT_MS,
            socketTimeout: SMTP_TIMEOUT_MS,
            logger: false,
            debug: false,
          },
          { from: config.MAIL_FROM },
        )
      : null;
  }

  /** Resolves once the SMTP server has accepted the message; throws MailError otherwise. */
  async send(message: MailMessage): Promise<void> {
    if (!this.transport) throw new MailError('Mail is off: the service has no SMTP_URL');
    try {
      await this.transport.sendMail({
        to: message.to,
        subject: message.subject,
        text: message.text,
        ...(message.html === undefined ? {} : { html: message.html }),
      });
    } catch (err) {
      throw new MailError(this.describe(err));
    }
  }

  onApplicationShutdown(): void {
    this.transport?.close();
  }

  /** The server's answer when there is one (`550 5.1.1 No such user`), else the error; without credentials. */
  private describe(err: unknown): string {
    const { response, message } = err as { response?: unknown; message?: unknown };
    let text = typeof response === 'string' && response !== '' ? response : String(message ?? err);
    for (const secret of this.secrets) text = text.split(secret).join('[redacted]');
    text = text.replace(/\s+/g, ' ').trim();
    return text.length > ERROR_MAX ? `${text.slice(0, ERROR_MAX - 1)}…` : text;
  }
}

function credentialsOf(smtpUrl: string): string[] {
  const url = URL.parse(smtpUrl);
  if (!url) return [];
  const parts = [url.username, url.password].filter((part) => part.length >= 3);
  return [...new Set([...parts, ...parts.map(safeDecode)])].sort((a, b) => b.length - a.length);
}

function safeDecode(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}
