import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { InvoiceFigures, PublicInvoiceResponse } from '@stockbook/contracts';
import { isPublicLinkToken, type CurrencyCode } from '@stockbook/domain';
import { preparedQuery } from '../../common/database/prepared-query';
import { assembleInvoices, INVOICE_COLUMNS, invoicePartsColumns, type InvoiceParts, type InvoiceRow } from './invoice-reader';

interface PublicBusiness {
  business_name: string;
  business_address: string;
  contact_number: string;
  business_email: string;
  currency: CurrencyCode;
}

const withoutCost = (figures: InvoiceFigures) => ({
  totalAmount: figures.totalAmount,
  totalDiscount: figures.totalDiscount,
  totalQuantity: figures.totalQuantity,
  totalTax: figures.totalTax,
  grandTotal: figures.grandTotal,
});

/** The public invoice page's answer: exactly the specification's public invoice response, found by its link token. */
@Injectable()
export class PublicInvoiceService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Null for a malformed, unknown or revoked link (a malformed one never reaches the database). */
  async get(link: string): Promise<PublicInvoiceResponse | null> {
    if (!isPublicLinkToken(link)) return null;
    const manager = this.dataSource.manager;
    // The invoice, its business and all it shows: one round trip.
    const [found] = await preparedQuery<InvoiceRow & InvoiceParts & PublicBusiness>(
      manager,
      'public-invoice',
      `WITH invoice AS (SELECT ${INVOICE_COLUMNS} FROM invoices WHERE link = $1)
       SELECT invoice.*, b.business_name, b.business_address, b.contact_number, b.business_email, b.currency,
              ${invoicePartsColumns('ARRAY[invoice.id]', 'ARRAY[invoice.user_id]', 'ARRAY[invoice.customer_id]')}
         FROM invoice JOIN businesses b ON b.id = invoice.business_id`,
      [link],
    );
    if (!found) return null;
    const { business_name, business_address, contact_number, business_email, currency, lines, named, payments, credit_notes, customers, users, ...row } = found;
    const business: PublicBusiness = { business_name, business_address, contact_number, business_email, currency };
    const [invoice] = assembleInvoices([row], { lines, named, payments, credit_notes, customers, users }, currency);
    const { customer } = invoice!;
    return {
      success: true,
      message: 'Invoice found.',
      invoice: {
        invoiceNumber: invoice!.invoiceNumber,
        customer: customer
          ? { firstName: customer.firstName, lastName: customer.lastName, email: customer.email, contactNumber: customer.contactNumber, address: customer.address }
          : null,
        user: { firstName: invoice!.user.firstName, lastName: invoice!.user.lastName },
        items: invoice!.items.map((line) => ({ variantName: line.variantName ?? 'Default', itemName: line.itemName, quantity: line.quantity, soldQuantity: line.soldQuantity, discount: line.discount, price: line.price })),
        paidAmount: invoice!.paidAmount,
        paymentMethod: invoice!.paymentMethod,
        payments: invoice!.payments.map((payment) => ({ amount: payment.amount, paymentMethod: payment.paymentMethod, date: payment.date, tendered: payment.tendered, change: payment.change })),
        paymentDueDate: invoice!.paymentDueDate,
        totalAmount: invoice!.totalAmount,
        totalDiscount: invoice!.totalDiscount,
        totalQuantity: invoice!.totalQuantity,
        pricesIncludeTax: invoice!.pricesIncludeTax,
        totalTax: invoice!.totalTax,
        taxes: invoice!.taxes,
        grandTotal: invoice!.grandTotal,
        sold: withoutCost(invoice!.sold),
        // What the customer may see of each: no ids, costs or staff.
        creditNotes: invoice!.creditNotes.map((note) => ({
          creditNoteNumber: note.creditNoteNumber,
          invoiceNumber: note.invoiceNumber,
          createdAt: note.createdAt,
          ...withoutCost(note),
          amountPaidBack: note.amountPaidBack,
          paymentMethod: note.paymentMethod,
          items: note.items.map((item) => ({
            itemName: item.itemName,
            variantName: item.variantName,
            quantity: item.quantity,
            price: item.price,
            discount: item.discount,
            total: item.total,
            tax: item.tax,
          })),
        })),
        settled: invoice!.settled,
        createdAt: invoice!.createdAt,
        updatedAt: invoice!.updatedAt,
        deletedAt: invoice!.deletedAt,
      },
      business: {
        businessName: business.business_name,
        businessAddress: business.business_address,
        contactNumber: business.contact_number,
        businessEmail: business.business_email,
        currency: business.currency,
      },
    };
  }
}
