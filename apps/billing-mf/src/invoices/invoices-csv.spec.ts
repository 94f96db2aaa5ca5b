import { describe, expect, it } from '@jest/globals';
import type { CreditNote, Invoice, InvoiceFigures } from '@stockbook/contracts';
import { creditNotesCsvRows, invoicesCsvRows } from './invoices-csv';

const person = { _id: 'u1', firstName: 'Ann', lastName: 'Owner' };
const figures = (grandTotal: string, totalTax = '0.0000'): InvoiceFigures => ({ totalAmount: grandTotal, totalDiscount: '0.0000', totalQuantity: '1.000', totalTax, grandTotal });

const note = (fields: Pick<CreditNote, '_id' | 'creditNoteNumber' | 'invoiceNumber' | 'amountPaidBack' | 'paymentMethod' | 'createdAt'> & { value: string; tax: string }): CreditNote => {
  const { value, tax, ...rest } = fields;
  return { ...figures(value, tax), invoiceID: `inv${fields.invoiceNumber}`, locationID: 'a', items: [], user: person, ...rest };
};

const invoice = (fields: Pick<Invoice, '_id' | 'invoiceNumber' | 'customer' | 'createdAt' | 'paidAmount' | 'outstanding' | 'settled' | 'refunded' | 'partiallyRefunded' | 'deletedAt'> & { sold: string; back: string; net: string; tax: string }): Invoice => {
  const { sold, back, net, tax, ...rest } = fields;
  return {
    locationID: 'a',
    user: person,
    items: [],
    paymentMethod: 'Cash',
    paymentDueDate: null,
    link: null,
    totalAmount: net,
    totalDiscount: '0.0000',
    totalQuantity: '1.000',
    pricesIncludeTax: true,
    totalTax: tax,
    taxes: [],
    grandTotal: net,
    credit: false,
    sold: figures(sold),
    refundedTotals: figures(back),
    payments: [],
    creditNotes: [],
    updatedAt: fields.createdAt,
    deletedBy: null,
    ...rest,
  };
};

const mia = { _id: 'c1', firstName: 'Mia', lastName: 'Reader', email: '', contactNumber: '', address: '' };
const context = { currency: 'GBP' as const, timeZone: 'Europe/London', location: (id: string) => ({ a: 'High Street' })[id] ?? id };

describe('the invoices and credit notes exports', () => {
  it('lists the invoices shown oldest first: sold, refunded, net, tax, paid, outstanding and the states the table tags', () => {
    const shown = [
      invoice({ _id: 'i3', invoiceNumber: 3, customer: null, createdAt: '2026-11-28T12:00:00.000Z', paidAmount: '0.0000', outstanding: '0.0000', settled: false, refunded: false, partiallyRefunded: false, deletedAt: '2026-11-28T13:00:00.000Z', sold: '12.5000', back: '0.0000', net: '12.5000', tax: '0.0000' }),
      invoice({ _id: 'i2', invoiceNumber: 2, customer: mia, createdAt: '2026-11-28T11:00:00.000Z', paidAmount: '5.0000', outstanding: '5.0000', settled: false, refunded: false, partiallyRefunded: true, deletedAt: null, sold: '20.0000', back: '10.0000', net: '10.0000', tax: '1.6667' }),
      invoice({ _id: 'i1', invoiceNumber: 1, customer: mia, createdAt: '2026-06-01T08:30:00.000Z', paidAmount: '20.0000', outstanding: '0.0000', settled: true, refunded: false, partiallyRefunded: false, deletedAt: null, sold: '20.0000', back: '0.0000', net: '20.0000', tax: '3.3333' }),
    ];
    expect(invoicesCsvRows(shown, context)).toEqual([
      ['Number', 'Date (Europe/London)', 'Location', 'Customer', 'Sold', 'Refunded', 'Net', 'Tax', 'Paid', 'Outstanding', 'State'],
      ['1', '2026-06-01 09:30', 'High Street', 'Mia Reader', '20.00', '0.00', '20.00', '3.33', '20.00', '0.00', 'Settled'],
      ['2', '2026-11-28 11:00', 'High Street', 'Mia Reader', '20.00', '10.00', '10.00', '1.67', '5.00', '5.00', 'Not Settled; Partly refunded'],
      ['3', '2026-11-28 12:00', 'High Street', 'Walk-in', '12.50', '0.00', '12.50', '0.00', '0.00', '0.00', 'Cancelled'],
    ]);
  });

  it('lists the credit notes oldest first: number, invoice, value, tax, paid back and how', () => {
    const made = [
      note({ _id: 'n1', creditNoteNumber: 1, invoiceNumber: 2, amountPaidBack: '5.0000', paymentMethod: null, createdAt: '2026-11-28T14:00:00.000Z', value: '10.0000', tax: '1.6667' }),
      note({ _id: 'n2', creditNoteNumber: 2, invoiceNumber: 7, amountPaidBack: '0.0000', paymentMethod: null, createdAt: '2026-11-28T15:00:00.000Z', value: '3.0000', tax: '0.0000' }),
      note({ _id: 'n3', creditNoteNumber: 3, invoiceNumber: 7, amountPaidBack: '4.0000', paymentMethod: 'Bank_Transfer', createdAt: '2026-11-28T16:00:00.000Z', value: '4.0000', tax: '0.0000' }),
    ];
    expect(creditNotesCsvRows(made, context)).toEqual([
      ['Number', 'Invoice number', 'Date (Europe/London)', 'Location', 'Value', 'Tax', 'Paid back', 'Method'],
      ['1', '2', '2026-11-28 14:00', 'High Street', '10.00', '1.67', '5.00', ''],
      ['2', '7', '2026-11-28 15:00', 'High Street', '3.00', '0.00', '0.00', ''],
      ['3', '7', '2026-11-28 16:00', 'High Street', '4.00', '0.00', '4.00', 'Bank Transfer'],
    ]);
  });
});
