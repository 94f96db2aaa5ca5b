import type { PublicInvoiceResponse } from '@stockbook/contracts';
import { mapsSearchUrl, PUBLIC_INVOICE_TEXT, publicInvoiceView, publicItemName } from './public-invoice-view';

const business: PublicInvoiceResponse['business'] = {
  businessName: 'Harbour Hardware',
  businessAddress: '1 High Street, Portsmouth',
  contactNumber: '+44 20 7946 0000',
  businessEmail: 'shop@example.com',
  currency: 'GBP',
};

const invoice: PublicInvoiceResponse['invoice'] = {
  invoiceNumber: 7,
  customer: { firstName: 'Mia', lastName: 'Reader', email: 'mia@example.com', contactNumber: '07700 900000', address: '2 Low Road' },
  user: { firstName: 'Hana', lastName: 'Harbour' },
  items: [
    { itemName: 'Cotton T-shirt', variantName: 'Large / Red', quantity: '2.000', soldQuantity: '2.000', price: '12.5000', discount: '0.0000' },
    { itemName: 'Claw Hammer', variantName: 'Default', quantity: '3.000', soldQuantity: '3.000', price: '10.0000', discount: '1.5000' },
  ],
  paidAmount: '20.0000',
  paymentMethod: 'Bank_Transfer',
  payments: [{ paymentMethod: 'Bank_Transfer', amount: '20.0000', date: '2026-03-05T23:30:00.000Z', tendered: null, change: null }],
  paymentDueDate: '2026-04-01T10:00:00.000Z',
  totalAmount: '55.0000',
  totalDiscount: '4.5000',
  totalQuantity: '5.000',
  pricesIncludeTax: false,
  totalTax: '0.0000',
  taxes: [],
  grandTotal: '50.5000',
  sold: { totalAmount: '55.0000', totalDiscount: '4.5000', totalQuantity: '5.000', totalTax: '0.0000', grandTotal: '50.5000' },
  creditNotes: [],
  settled: false,
  createdAt: '2026-03-05T23:30:00.000Z',
  updatedAt: '2026-03-05T23:30:00.000Z',
  deletedAt: null,
};

describe('publicInvoiceView', () => {
  it('shows the lines (Default left out), totals, Outstanding Balance and the due date of an unsettled invoice', () => {
    const view = publicInvoiceView(invoice, business, 'Europe/London');
    expect(view.title).toBe('Invoice #7');
    expect(view.date).toBe('05/03/2026');
    expect(view.paymentBy).toBe('Bank Transfer');
    expect(view.dueDate).toBe('Due Date - 01/04/2026');
    expect(view.status).toBe('Not Settled');
    expect(view.cancelled).toBe(false);
    expect(view.lines).toEqual([
      { name: 'Cotton T-shirt (Large / Red)', quantity: '2', price: '£12.50', discount: '£0.00', total: '£25.00' },
      { name: 'Claw Hammer', quantity: '3', price: '£10.00', discount: '£1.50', total: '£25.50' },
    ]);
    expect(view.summary).toEqual([
      ['Invoiced By', 'Hana Harbour'],
      ['Subtotal', '£55.00'],
      ['Total Quantity', '5'],
      ['Total Discount', '£4.50'],
      ['Grand Total', '£50.50'],
      ['Outstanding Balance', '£30.50'],
    ]);
  });

  it('lists every payment with its method and date; cash with what was tendered and the change', () => {
    const split = publicInvoiceView(
      {
        ...invoice,
        payments: [
          { paymentMethod: 'Cash', amount: '20.0000', date: '2026-03-05T12:00:00.000Z', tendered: '50.0000', change: '30.0000' },
          { paymentMethod: 'Card', amount: '30.5000', date: '2026-03-05T12:00:00.000Z', tendered: null, change: null },
        ],
      },
      business,
      'Europe/London',
    );
    expect(split.payments).toEqual([
      { method: 'Cash', date: '05/03/2026', amount: '£20.00', detail: 'Tendered £50.00, change £30.00' },
      { method: 'Card', date: '05/03/2026', amount: '£30.50', detail: null },
    ]);
  });

  it('shows sales tax added per rate before the grand total, and VAT included after it', () => {
    const added = publicInvoiceView(
      {
        ...invoice,
        totalTax: '4.1700',
        grandTotal: '54.6700',
        taxes: [{ name: 'State tax', rate: '8.25', taxable: '50.5000', tax: '4.1700' }],
        sold: { ...invoice.sold, totalTax: '4.1700', grandTotal: '54.6700' },
      },
      business,
    );
    expect(added.summary.slice(3)).toEqual([
      ['Total Discount', '£4.50'],
      ['State tax 8.25%', '£4.17'],
      ['Grand Total', '£54.67'],
      ['Outstanding Balance', '£34.67'],
    ]);
    const included = publicInvoiceView(
      { ...invoice, pricesIncludeTax: true, totalTax: '8.4200', taxes: [{ name: 'VAT', rate: '20', taxable: '42.0800', tax: '8.4200' }], sold: { ...invoice.sold, totalTax: '8.4200' } },
      business,
    );
    expect(included.summary.slice(4)).toEqual([
      ['Grand Total', '£50.50'],
      ['Includes VAT 20%', '£8.42'],
      ['Outstanding Balance', '£30.50'],
    ]);
  });

  it('dates in the viewer’s time zone', () => {
    expect(publicInvoiceView(invoice, business, 'Asia/Kolkata').date).toBe('06/03/2026');
  });

  it('a settled invoice has no due date line and no Outstanding Balance; an unsettled one without a date says Not specified', () => {
    const settled = publicInvoiceView({ ...invoice, settled: true, paidAmount: '50.5000' }, business);
    expect(settled.status).toBe(PUBLIC_INVOICE_TEXT.settled);
    expect(settled.dueDate).toBeNull();
    expect(settled.summary.map(([label]) => label)).not.toContain('Outstanding Balance');
    expect(publicInvoiceView({ ...invoice, paymentDueDate: null }, business).dueDate).toBe('Due Date - Not specified');
  });

  it('a cancelled invoice reads Cancelled, never settled or owed: no due date, what was received and given back', () => {
    // 30.00 received in two payments, 10.00 of it refunded before the cancellation gave back the rest (paidAmount 20.00).
    const payments = [
      { paymentMethod: 'Cash' as const, amount: '20.0000', date: '2026-03-05T12:00:00.000Z', tendered: null, change: null },
      { paymentMethod: 'Card' as const, amount: '10.0000', date: '2026-03-05T13:00:00.000Z', tendered: null, change: null },
    ];
    const view = publicInvoiceView({ ...invoice, payments, settled: true, deletedAt: '2026-03-06T00:00:00.000Z' }, business);
    expect([view.cancelled, view.status, view.dueDate]).toEqual([true, 'Cancelled', null]);
    expect(view.summary.slice(-2)).toEqual([
      ['Received', '£30.00'],
      ['Given back', '£30.00'],
    ]);
    expect(view.summary.map(([label]) => label)).not.toContain('Outstanding Balance');
  });

  it('without credit notes the lines and totals are the sold ones, with nothing more listed', () => {
    const view = publicInvoiceView(invoice, business);
    expect(view.creditNotes).toEqual([]);
    expect(view.soldSummaryLength).toBe(5);
    expect(view.summary.map(([label]) => label)).not.toContain('Refunded');
  });

  // 1 hammer of the 3 taken back (£8.50) with £5.00 of the £20.00 paid given back in cash; then a
  // tee (£12.50) with nothing given back: what is owed came down instead.
  const creditNotes: PublicInvoiceResponse['invoice']['creditNotes'] = [
    {
      creditNoteNumber: 1,
      invoiceNumber: 7,
      items: [{ itemName: 'Claw Hammer', variantName: null, quantity: '1.000', price: '10.0000', discount: '1.5000', total: '8.5000', tax: '0.0000' }],
      totalAmount: '10.0000',
      totalDiscount: '1.5000',
      totalQuantity: '1.000',
      totalTax: '0.0000',
      grandTotal: '8.5000',
      amountPaidBack: '5.0000',
      paymentMethod: 'Cash',
      createdAt: '2026-03-06T10:00:00.000Z',
    },
    {
      creditNoteNumber: 2,
      invoiceNumber: 7,
      items: [{ itemName: 'Cotton T-shirt', variantName: 'Large / Red', quantity: '1.000', price: '12.5000', discount: '0.0000', total: '12.5000', tax: '0.0000' }],
      totalAmount: '12.5000',
      totalDiscount: '0.0000',
      totalQuantity: '1.000',
      totalTax: '0.0000',
      grandTotal: '12.5000',
      amountPaidBack: '0.0000',
      paymentMethod: null,
      createdAt: '2026-03-07T10:00:00.000Z',
    },
  ];
  const refunded: PublicInvoiceResponse['invoice'] = {
    ...invoice,
    items: [
      { ...invoice.items[0]!, quantity: '1.000' },
      { ...invoice.items[1]!, quantity: '2.000' },
    ],
    totalAmount: '32.5000',
    totalDiscount: '3.0000',
    totalQuantity: '3.000',
    grandTotal: '29.5000',
    paidAmount: '15.0000',
    creditNotes,
  };

  it('with credit notes: the lines and totals as sold, each credit note, what they took back and the net total; the balance owed on the net', () => {
    const view = publicInvoiceView(refunded, business, 'Europe/London');
    expect(view.lines).toEqual([
      { name: 'Cotton T-shirt (Large / Red)', quantity: '2', price: '£12.50', discount: '£0.00', total: '£25.00' },
      { name: 'Claw Hammer', quantity: '3', price: '£10.00', discount: '£1.50', total: '£25.50' },
    ]);
    expect(view.summary).toEqual([
      ['Invoiced By', 'Hana Harbour'],
      ['Subtotal', '£55.00'],
      ['Total Quantity', '5'],
      ['Total Discount', '£4.50'],
      ['Grand Total', '£50.50'],
      ['Refunded', '-£21.00'],
      ['Net total', '£29.50'],
      ['Outstanding Balance', '£14.50'],
    ]);
    // The credit notes are listed after the sold figures, before the refunded and net ones.
    expect(view.soldSummaryLength).toBe(5);
    expect(view.creditNotes).toEqual([
      { title: 'Credit note #1', date: '06/03/2026', items: 'Claw Hammer × 1', value: '£8.50', paidBack: '£5.00 (Cash)' },
      { title: 'Credit note #2', date: '07/03/2026', items: 'Cotton T-shirt (Large / Red) × 1', value: '£12.50', paidBack: '£0.00' },
    ]);
    // Settled on the net: no balance.
    expect(publicInvoiceView({ ...refunded, settled: true, paidAmount: '29.5000' }, business).summary.slice(-2)).toEqual([
      ['Refunded', '-£21.00'],
      ['Net total', '£29.50'],
    ]);
  });

  it('with credit notes that took tax back: the tax as sold in one row, added before the grand total or included after it', () => {
    const taxedNotes = [{ ...creditNotes[0]!, totalTax: '0.7000', grandTotal: '9.2000' }];
    const added = publicInvoiceView(
      { ...refunded, creditNotes: taxedNotes, totalTax: '3.4000', taxes: [{ name: 'State tax', rate: '8.25', taxable: '42.0000', tax: '3.4000' }], sold: { ...invoice.sold, totalTax: '4.1000', grandTotal: '54.6000' } },
      business,
    );
    expect(added.summary.slice(3, 6)).toEqual([
      ['Total Discount', '£4.50'],
      ['Tax', '£4.10'],
      ['Grand Total', '£54.60'],
    ]);
    const included = publicInvoiceView(
      { ...refunded, creditNotes: taxedNotes, pricesIncludeTax: true, totalTax: '3.4000', taxes: [{ name: 'VAT', rate: '20', taxable: '17.0000', tax: '3.4000' }], sold: { ...invoice.sold, totalTax: '4.1000' } },
      business,
    );
    expect(included.summary.slice(4, 6)).toEqual([
      ['Grand Total', '£50.50'],
      ['Includes tax', '£4.10'],
    ]);
    expect(included.soldSummaryLength).toBe(6);
  });

  it('a cancelled invoice with credit notes still reads Cancelled, with what was received and given back', () => {
    const view = publicInvoiceView({ ...refunded, settled: true, deletedAt: '2026-03-08T00:00:00.000Z' }, business);
    expect(view.status).toBe('Cancelled');
    expect(view.summary.slice(-4)).toEqual([
      ['Refunded', '-£21.00'],
      ['Net total', '£29.50'],
      ['Received', '£20.00'],
      ['Given back', '£20.00'],
    ]);
  });

  it('appends a variant name unless it is Default, and links the address to a maps search', () => {
    expect(publicItemName({ itemName: 'Tea', variantName: 'Default' })).toBe('Tea');
    expect(publicItemName({ itemName: 'Tea', variantName: 'Green' })).toBe('Tea (Green)');
    expect(publicItemName({ itemName: 'Tea', variantName: null })).toBe('Tea');
    expect(mapsSearchUrl('1 High St, Portsmouth')).toBe('https://www.google.com/maps/search/?api=1&query=1%20High%20St%2C%20Portsmouth');
  });
});
