import { Module } from '@nestjs/common';
import { MailModule } from '../mail/mail.module.js';
import { OrderEmailSweeper } from './order-email-sweeper.js';
import { OrderEmailProcessor } from './order-email.processor.js';
import { OrderLinks } from './order-links.js';

/** The worker side of order emails: the sender and its sweeper. Never in the HTTP process. */
@Module({ imports: [MailModule], providers: [OrderEmailProcessor, OrderEmailSweeper, OrderLinks] })
export class OrderEmailWorkerModule {}
