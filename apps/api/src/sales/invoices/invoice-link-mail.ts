import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { Invoice } from '@stockbook/contracts';
import { MailService } from '../../mail/mail.service';
import { API_RUNTIME, type ApiRuntime } from '../../runtime';

/**
 * After a sale: when the business has `notification.customerEmail` on and the customer has an
 * e-mail, the customer is sent the invoice's public link (through the outbox, as account mail is).
 * A mail that cannot go is logged and kept in the outbox; the sale stands either way.
 */
@Injectable()
export class InvoiceLinkMail {
  private readonly logger = new Logger('InvoiceLinkMail');

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly mail: MailService,
    @Inject(API_RUNTIME) private readonly runtime: ApiRuntime,
  ) {}

  /** Send to the customer (from the invoice): the link goes now, whatever the business's notification setting. */
  async sendNow(businessId: string, invoice: Invoice): Promise<void> {
    const [business] = (await this.dataSource.query(`SELECT business_name FROM businesses WHERE id = $1`, [businessId])) as { business_name: string }[];
    await this.mail.send(this.message(business!.business_name, invoice));
  }

  private message(businessName: string, invoice: Invoice) {
    return {
      to: invoice.customer!.email,
      subject: `Your invoice #${invoice.invoiceNumber} from ${businessName}`,
      text: `Hello ${invoice.customer!.firstName},\n\nThank you for shopping with ${businessName}. Your invoice #${invoice.invoiceNumber} is at:\n\n${this.runtime.config.publicUrl}/i/${invoice.link}\n`,
    };
  }

  /** After a sale, with what the sale read of its business (its name, and notification.customerEmail). */
  async afterSale(business: { readonly name: string; readonly mailsCustomers: boolean }, invoice: Invoice): Promise<void> {
    if (!business.mailsCustomers || !invoice.customer?.email || !invoice.link) return;
    try {
      await this.mail.send(this.message(business.name, invoice));
    } catch (error) {
      this.logger.error(`Could not send invoice #${invoice.invoiceNumber}'s link: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}
