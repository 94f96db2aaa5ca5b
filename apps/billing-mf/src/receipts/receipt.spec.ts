import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { creditNoteReceiptLines, receiptCreditNote, receiptLines, wrap, type ReceiptBusiness, type ReceiptCreditNote, type ReceiptInvoice } from './receipt';

const business: ReceiptBusiness = {
  businessName: 'Harbour Hardware',
  businessAddress: '1 High Street, Portsmouth PO1 1AA',
  contactNumber: '023 9200 0000',
  currency: 'GBP',
  printer: { width: 48, footer1: 'Thank you for shopping with us', footer2: 'Returns within 30 days with this receipt', printCurrency: true },
};

const invoice: ReceiptInvoice = {
  invoiceNumber: 12,
  createdAt: '2026-03-05T09:30:00.000Z',
  items: [
    { itemName: 'Cotton T-shirt', variantName: 'Large / Red', quantity: '2.000', price: '12.5000', discount: '0.0000', total: '25.0000' },
    { itemName: 'Claw Hammer', variantName: null, quantity: '3.000', price: '10.0000', discount: '1.5000', total: '25.5000' },
  ],
  totalAmount: '55.0000',
  totalDiscount: '4.5000',
  grandTotal: '50.5000',
  pricesIncludeTax: false,
  taxes: [],
  paidAmount: '20.0000',
  outstanding: '30.5000',
  paymentMethod: 'Bank_Transfer',
  paymentDueDate: '2026-04-01T00:00:00.000Z',
  customer: { firstName: 'Mia', lastName: 'Reader' },
  user: { firstName: 'Amal', lastName: 'Perera' },
  payments: [{ paymentMethod: 'Bank_Transfer', amount: '20.0000', tendered: null, change: null }],
  deletedAt: null,
};

describe('receiptLines', () => {
  it('lays the invoice out exactly as wide as the printer: name, address, phone, number, date, cashier, lines, totals, payments and footers', () => {
    expect(receiptLines(invoice, business, { timeZone: 'Europe/London' })).toEqual([
      '                Harbour Hardware                ',
      '       1 High Street, Portsmouth PO1 1AA        ',
      '               Tel 023 9200 0000                ',
      '------------------------------------------------',
      'Invoice #12                    05/03/2026, 09:30',
      'Served by                            Amal Perera',
      'Customer                              Mia Reader',
      '------------------------------------------------',
      'Cotton T-shirt (Large / Red)                    ',
      '  2 x £12.50                              £25.00',
      'Claw Hammer                                     ',
      '  3 x £10.00                              £30.00',
      '  less £1.50 each                         -£4.50',
      '------------------------------------------------',
      'Subtotal                                  £55.00',
      'Discount                                  -£4.50',
      'TOTAL                                     £50.50',
      'Bank Transfer                             £20.00',
      'Paid                                      £20.00',
      'Outstanding                               £30.50',
      'Due                                   01/04/2026',
      '------------------------------------------------',
      '         Thank you for shopping with us         ',
      '    Returns within 30 days with this receipt    ',
    ]);
  });

  it('heads with the selling location, its address and phone; prints each payment, cash with tendered and change, and money paid back', () => {
    const split = {
      ...invoice,
      paidAmount: '50.5000',
      outstanding: '0.0000',
      payments: [
        { paymentMethod: 'Cash' as const, amount: '20.0000', tendered: '50.0000', change: '30.0000' },
        { paymentMethod: 'Card' as const, amount: '40.5000', tendered: null, change: null },
      ],
    };
    const lines = receiptLines(split, business, { location: { name: 'Bristol Market', address: '2 Low Road, Bristol', contactNumber: '0117 496 0000' } });
    expect(lines.slice(0, 4)).toEqual([
      '                Harbour Hardware                ',
      '                 Bristol Market                 ',
      '              2 Low Road, Bristol               ',
      '               Tel 0117 496 0000                ',
    ]);
    const from = lines.indexOf('TOTAL                                     £50.50');
    expect(lines.slice(from + 1, from + 7)).toEqual([
      'Cash                                      £20.00',
      '  Tendered                                £50.00',
      '  Change                                  £30.00',
      'Card                                      £40.50',
      'Paid back                                -£10.00',
      'Paid                                      £50.50',
    ]);
    // A location without its own address or phone: the business's.
    expect(receiptLines(invoice, business, { location: { name: 'Harbour Hardware', address: ' ', contactNumber: '' } }).slice(0, 3)).toEqual([
      '                Harbour Hardware                ',
      '       1 High Street, Portsmouth PO1 1AA        ',
      '               Tel 023 9200 0000                ',
    ]);
  });

  it('prints tax added per rate before the total, and VAT included after it', () => {
    const added = receiptLines(
      { ...invoice, grandTotal: '53.0000', outstanding: '33.0000', taxes: [{ name: 'State tax', rate: '8.25', tax: '2.0800' }, { name: 'City', rate: '1', tax: '0.4200' }] },
      business,
    );
    expect(added.slice(added.indexOf('Discount                                  -£4.50') + 1, added.indexOf('Discount                                  -£4.50') + 4)).toEqual([
      'State tax 8.25%                            £2.08',
      'City 1%                                    £0.42',
      'TOTAL                                     £53.00',
    ]);
    const included = receiptLines({ ...invoice, pricesIncludeTax: true, taxes: [{ name: 'VAT', rate: '20', tax: '8.4200' }] }, business);
    expect(included.slice(included.indexOf('TOTAL                                     £50.50'), included.indexOf('TOTAL                                     £50.50') + 2)).toEqual([
      'TOTAL                                     £50.50',
      'Includes VAT 20%                           £8.42',
    ]);
  });

  it('dates the receipt the way the business writes dates, in its time zone', () => {
    const lines = receiptLines({ ...invoice, createdAt: '2026-03-05T07:30:00.000Z' }, { ...business, currency: 'USD' }, { timeZone: 'America/Los_Angeles', locale: 'en-US' });
    expect(lines).toContain('Invoice #12                 03/04/2026, 11:30 PM');
    expect(lines).toContain('Due                                   03/31/2026');
  });

  it('leaves the currency out when printCurrency is off', () => {
    const lines = receiptLines(invoice, { ...business, printer: { ...business.printer, printCurrency: false } });
    expect(lines).toContain('TOTAL                                      50.50');
    expect(lines.join('\n')).not.toContain('£');
  });

  it('marks a cancelled invoice', () => {
    expect(receiptLines({ ...invoice, deletedAt: '2026-03-06T00:00:00.000Z' }, business)).toContain('                   CANCELLED                    ');
  });

  it('keeps every line exactly the printer width, whatever the names, amounts and width', () => {
    const text = fc.string({ minLength: 0, maxLength: 90 }).map((value) => value.replace(/[\r\n\t]/g, ' '));
    const money = fc.integer({ min: 0, max: 10_000_000 }).map((cents) => (cents / 100).toFixed(4));
    fc.assert(
      fc.property(
        fc.integer({ min: 46, max: 80 }),
        fc.record({ businessName: text.filter((name) => name.trim().length > 0), businessAddress: text, footer1: text, footer2: text }),
        fc.array(fc.record({ itemName: text, variantName: fc.option(text), price: money }), { minLength: 1, maxLength: 5 }),
        fc.constantFrom('USD', 'GBP', 'INR', 'AUD', 'MYR', 'LKR' as const),
        fc.boolean(),
        (width, names, lines, currency, printCurrency) => {
          const items = lines.map((line) => ({ ...line, quantity: '1.000', discount: '0.0000', total: line.price }));
          const printed = receiptLines(
            { ...invoice, items },
            { businessName: names.businessName, businessAddress: names.businessAddress, contactNumber: names.footer1, currency, printer: { width, footer1: names.footer1, footer2: names.footer2, printCurrency } },
          );
          for (const line of printed) expect(line).toHaveLength(width);
        },
      ),
    );
  });
});

const creditNote: ReceiptCreditNote = {
  creditNoteNumber: 3,
  invoiceNumber: 12,
  createdAt: '2026-03-06T16:45:00.000Z',
  items: [
    { itemName: 'Cotton T-shirt', variantName: 'Large / Red', quantity: '1.000', price: '12.5000', discount: '0.0000', total: '12.5000', tax: '0.0000', taxName: null, taxRate: null },
    { itemName: 'Claw Hammer', variantName: null, quantity: '2.000', price: '10.0000', discount: '1.5000', total: '17.0000', tax: '0.0000', taxName: null, taxRate: null },
  ],
  totalTax: '0.0000',
  grandTotal: '29.5000',
  amountPaidBack: '20.0000',
  paymentMethod: 'Cash',
  pricesIncludeTax: false,
  customer: { firstName: 'Mia', lastName: 'Reader' },
  user: { firstName: 'Amal', lastName: 'Perera' },
};

describe('creditNoteReceiptLines', () => {
  it('prints a credit note as wide as the printer: heading, its number and date, the invoice it refunds, the lines taken back, value, money paid back and the rest off the balance', () => {
    expect(creditNoteReceiptLines(creditNote, business, { timeZone: 'Europe/London' })).toEqual([
      '                Harbour Hardware                ',
      '       1 High Street, Portsmouth PO1 1AA        ',
      '               Tel 023 9200 0000                ',
      '------------------------------------------------',
      'Credit note #3                 06/03/2026, 16:45',
      'For invoice #12                                 ',
      'Refunded by                          Amal Perera',
      'Customer                              Mia Reader',
      '------------------------------------------------',
      'Cotton T-shirt (Large / Red)                    ',
      '  1 x £12.50                              £12.50',
      'Claw Hammer                                     ',
      '  2 x £10.00 less £1.50                   £17.00',
      '------------------------------------------------',
      'Value                                     £29.50',
      'Paid back (Cash)                          £20.00',
      'Off the balance owed                       £9.50',
      '------------------------------------------------',
      '         Thank you for shopping with us         ',
      '    Returns within 30 days with this receipt    ',
    ]);
  });

  it('paid back the ways the money came in: no method named, nothing off the balance when all of it was paid back', () => {
    const lines = creditNoteReceiptLines({ ...creditNote, amountPaidBack: '29.5000', paymentMethod: null }, business);
    expect(lines).toContain('Paid back                                 £29.50');
    expect(lines.some((line) => line.startsWith('Off the balance'))).toBe(false);
  });

  it('prints the tax taken back per rate: added before the value, VAT included after it; one Tax row when a rate is not known', () => {
    const taxed = {
      ...creditNote,
      items: [
        { ...creditNote.items[0]!, tax: '1.0300', taxName: 'State tax', taxRate: '8.2500' },
        { ...creditNote.items[1]!, tax: '1.4000', taxName: 'State tax', taxRate: '8.2500' },
      ],
      totalTax: '2.4300',
      grandTotal: '31.9300',
      amountPaidBack: '31.9300',
    };
    const added = creditNoteReceiptLines(taxed, business);
    const value = added.indexOf('Value                                     £31.93');
    expect(added.slice(value - 1, value + 1)).toEqual(['State tax 8.25%                            £2.43', 'Value                                     £31.93']);

    const included = creditNoteReceiptLines(
      { ...creditNote, pricesIncludeTax: true, totalTax: '4.9100', items: [{ ...creditNote.items[0]!, tax: '2.0800', taxName: 'VAT', taxRate: '20' }, { ...creditNote.items[1]!, tax: '2.8300', taxName: 'VAT', taxRate: '20' }] },
      business,
    );
    const at = included.indexOf('Value                                     £29.50');
    expect(included.slice(at, at + 2)).toEqual(['Value                                     £29.50', 'Includes VAT 20%                           £4.91']);

    const unknown = creditNoteReceiptLines({ ...taxed, items: [{ ...taxed.items[0]!, taxName: null, taxRate: null }, taxed.items[1]!] }, business);
    expect(unknown).toContain('Tax                                        £2.43');
    // No tax taken back: no tax row.
    expect(creditNoteReceiptLines(creditNote, business).some((line) => /Tax|VAT|%/.test(line))).toBe(false);
  });

  it('dates the credit note the way the business writes dates, in its time zone, and leaves the currency out when printCurrency is off', () => {
    const lines = creditNoteReceiptLines({ ...creditNote, createdAt: '2026-03-05T07:30:00.000Z' }, { ...business, currency: 'USD', printer: { ...business.printer, printCurrency: false } }, {
      timeZone: 'America/Los_Angeles',
      locale: 'en-US',
    });
    expect(lines).toContain('Credit note #3              03/04/2026, 11:30 PM');
    expect(lines).toContain('Value                                      29.50');
  });

  it('joins each line to the rate its invoice line was sold at', () => {
    const note = receiptCreditNote(
      {
        creditNoteNumber: 1,
        invoiceNumber: 4,
        createdAt: '2026-03-05T07:30:00.000Z',
        items: [
          { lineID: 'line-a', itemName: 'Claw Hammer', variantName: null, quantity: '1.000', price: '10.0000', discount: '0.0000', total: '10.0000', tax: '2.0000' },
          { lineID: 'line-b', itemName: 'Tea', variantName: null, quantity: '1.000', price: '3.0000', discount: '0.0000', total: '3.0000', tax: '0.0000' },
        ],
        totalTax: '2.0000',
        grandTotal: '13.0000',
        amountPaidBack: '0.0000',
        paymentMethod: null,
        user: { firstName: 'Amal', lastName: 'Perera' },
      },
      {
        pricesIncludeTax: true,
        customer: null,
        items: [
          { _id: 'line-a', taxName: 'VAT', taxRate: '20.0000' },
          { _id: 'line-b', taxName: null, taxRate: '0.0000' },
        ],
      },
    );
    expect(note.items.map((line) => [line.taxName, line.taxRate])).toEqual([
      ['VAT', '20.0000'],
      [null, null],
    ]);
    expect(creditNoteReceiptLines(note, business)).toContain('Includes VAT 20%                           £2.00');
  });

  it('keeps every line exactly the printer width, whatever the names, amounts and width', () => {
    const text = fc.string({ minLength: 0, maxLength: 90 }).map((value) => value.replace(/[\r\n\t]/g, ' '));
    const money = fc.integer({ min: 0, max: 10_000_000 }).map((cents) => (cents / 100).toFixed(4));
    fc.assert(
      fc.property(fc.integer({ min: 46, max: 80 }), text, fc.array(fc.record({ itemName: text, variantName: fc.option(text), price: money }), { minLength: 1, maxLength: 5 }), fc.integer({ min: 1, max: 10 ** 9 }), (width, name, lines, number) => {
        const items = lines.map((line) => ({ ...line, quantity: '1.000', discount: '0.0000', total: line.price, tax: '0.0000', taxName: null, taxRate: null }));
        const printed = creditNoteReceiptLines({ ...creditNote, creditNoteNumber: number, invoiceNumber: number, items, user: { firstName: name, lastName: '' } }, { ...business, printer: { ...business.printer, width } });
        for (const line of printed) expect(line).toHaveLength(width);
      }),
    );
  });
});

describe('wrap', () => {
  it('breaks at spaces and cuts words longer than the width', () => {
    expect(wrap('one two three', 7)).toEqual(['one two', 'three']);
    expect(wrap('abcdefghij', 4)).toEqual(['abcd', 'efgh', 'ij']);
  });
});
