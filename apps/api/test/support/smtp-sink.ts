// A real SMTP server for the specs (the `smtp-server` package): it receives what the worker sends, refuses
// recipients a spec names, and decodes each message's text enough to check its content.
import { createHmac, hkdfSync } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import smtp from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  from: string;
  /** The whole message, quoted-printable undone. */
  raw: string;
  user: string | null;
}

export class SmtpSink {
  readonly mails: ReceivedMail[] = [];
  /** RCPT TO attempts per address, refused ones too. */
  readonly attempts = new Map<string, number>();
  private readonly refused = new Map<string, string>();
  private readonly server: InstanceType<typeof smtp.SMTPServer>;

  constructor() {
    this.server = new smtp.SMTPServer({
      disabledCommands: ['STARTTLS'],
      authOptional: true,
      logger: false,
      onAuth: (auth, _session, callback) => callback(null, { user: auth.username }),
      onRcptTo: (address, _session, callback) => {
        const to = address.address.toLowerCase();
        this.attempts.set(to, (this.attempts.get(to) ?? 0) + 1);
        const reason = this.refused.get(to);
        if (!reason) return callback();
        const error = Object.assign(new Error(reason), { responseCode: 550 });
        return callback(error);
      },
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          this.mails.push({
            to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            raw: undoQuotedPrintable(Buffer.concat(chunks).toString('utf8')),
            user: typeof session.user === 'string' ? session.user : null,
          });
          callback();
        });
      },
    });
  }

  async listen(): Promise<number> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', () => resolve()));
    return (this.server.server.address() as AddressInfo).port;
  }

  refuse(address: string, reason: string): void {
    this.refused.set(address.toLowerCase(), reason);
  }

  mailsTo(address: string): ReceivedMail[] {
    return this.mails.filter((mail) => mail.to.includes(address.toLowerCase()));
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

function undoQuotedPrintable(text: string): string {
  return text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/**
 * An order page token built as docs/decisions/store-delivery.md describes it (not with the API's code): the
 * order id's 16 bytes, the expiry in seconds (uint32, big-endian), and 12 bytes of HMAC-SHA256 over both under
 * HKDF-SHA256(MASTER_KEY, no salt, "latchkey-order-link-v1"), in base64url.
 */
export function orderToken(masterKeyBase64: string, orderId: string, expiresSeconds: number): string {
  const key = Buffer.from(
    hkdfSync('sha256', Buffer.from(masterKeyBase64, 'base64'), Buffer.alloc(0), 'latchkey-order-link-v1', 32),
  );
  const signed = Buffer.alloc(20);
  Buffer.from(orderId.replace(/-/g, ''), 'hex').copy(signed, 0);
  signed.writeUInt32BE(expiresSeconds, 16);
  const mac = createHmac('sha256', key).update(signed).digest().subarray(0, 12);
  return Buffer.concat([signed, mac]).toString('base64url');
}
