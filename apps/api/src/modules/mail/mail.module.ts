import { Module } from '@nestjs/common';
import { MailService } from './mail.service.js';

/** Mail through the operator's SMTP server (SMTP_URL, MAIL_FROM): order emails, one-time codes. */
@Module({ providers: [MailService], exports: [MailService] })
export class MailModule {}
