import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { createTransport, type Transporter } from 'nodemailer';
import { DataSource } from 'typeorm';
import { API_RUNTIME, type ApiRuntime } from '../runtime';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

/**
 * Sends mail through nodemailer to SMTP_URL. Every mail is also written to the `outbox` table
 * first; without SMTP_URL it stays there and is logged, so the flows work on one machine.
 */
@Injectable()
export class MailService {
  private readonly logger = new Logger('Mail');
  private readonly transport?: Transporter;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(API_RUNTIME) private readonly runtime: ApiRuntime,
  ) {
    const { smtpUrl } = runtime.config.mail;
    if (smtpUrl) this.transport = createTransport(smtpUrl);
  }

  async send(mail: Mail): Promise<void> {
    const [row] = (await this.dataSource.query(
      `INSERT INTO outbox (to_address, subject, text_body) VALUES ($1, $2, $3) RETURNING id`,
      [mail.to, mail.subject, mail.text],
    )) as { id: string }[];
    if (!this.transport) {
      this.logger.log(`Outbox (no SMTP_URL): to ${mail.to}: ${mail.subject}\n${mail.text}`);
      return;
    }
    try {
      await this.transport.sendMail({ from: this.runtime.config.mail.from, to: mail.to, subject: mail.subject, text: mail.text });
      await this.dataSource.query(`UPDATE outbox SET sent_at = now() WHERE id = $1`, [row!.id]);
    } catch (error) {
      // The person asking is told the same either way; the operator sees why in the log and the outbox.
      const message = error instanceof Error ? error.message : String(error);
      this.logger.error(`Could not send mail ${row!.id} to ${mail.to}: ${message}`);
      await this.dataSource.query(`UPDATE outbox SET error = $2 WHERE id = $1`, [row!.id, message.slice(0, 1000)]);
    }
  }
}
