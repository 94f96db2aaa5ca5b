import type { SaleBatch } from './batch-draw';
import { paymentsOf } from './payments';
import { planSale, type SaleRequest } from './sale';

const stock = (id: string, quantity: string, cost: string, day: number): SaleBatch => {
  const date = new Date(Date.UTC(2026, 0, day)).toISOString();
  return { id, locationID: 'loc', quantity, quantitySold: '0', cost, dateAdded: date, createdAt: date };
};

const request = (overrides: Partial<SaleRequest> = {}): SaleRequest => ({
  currency: 'GBP',
  valuationMethod: 'FIFO',
  batches: { tea: [stock('t2', '5', '2.0000', 2), stock('t1', '5', '1.0000', 1)], mug: [stock('m1', '2', '4.0000', 1)] },
  lines: [
    { itemID: 'tea', quantity: '4', price: '3.00', discount: '0.50' },
    { itemID: 'mug', quantity: '1', price: '9.99', discount: '0' },
  ],
  payments: paymentsOf('Cash', '19.99'),
  paymentDueDate: null,
  ...overrides,
});

describe('planning a sale', () => {
  it('draws every line, totals the invoice, takes the payment and says what to write', () => {
    expect(planSale(request())).toEqual({
      ok: true,
      lines: [
        {
          itemID: 'tea',
          quantity: '4.000',
          price: '3.00',
          discount: '0.50',
          stockValuationMethod: 'FIFO',
          tax: { id: null, name: null, rate: '0' },
          draws: [{ batchId: 't1', quantity: '4.000', unitCost: '1.0000' }],
          cost: '4.0000',
          amounts: { amount: '12.0000', discount: '2.0000', total: '10.0000', tax: '0.0000' },
        },
        {
          itemID: 'mug',
          quantity: '1.000',
          price: '9.99',
          discount: '0',
          stockValuationMethod: 'FIFO',
          tax: { id: null, name: null, rate: '0' },
          draws: [{ batchId: 'm1', quantity: '1.000', unitCost: '4.0000' }],
          cost: '4.0000',
          amounts: { amount: '9.9900', discount: '0.0000', total: '9.9900', tax: '0.0000' },
        },
      ],
      sold: [
        { batchId: 'm1', quantity: '1.000' },
        { batchId: 't1', quantity: '4.000' },
      ],
      totals: {
        totalAmount: '21.9900',
        totalDiscount: '2.0000',
        totalTax: '0.0000',
        grandTotal: '19.9900',
        totalQuantity: '5.000',
        paidAmount: '19.9900',
        outstanding: '0.0000',
        totalCost: '8.0000',
        netResult: '11.9900',
      },
      payment: { paidAmount: '19.9900', outstanding: '0.0000', settled: true, credit: false },
      payments: [{ method: 'Cash', amount: '19.9900', tendered: null, change: null }],
      movements: [{ transactionType: 'Sale', amount: '19.9900', creditChange: '0.0000', paymentMethod: 'Cash' }],
    });
  });

  it('draws several lines of one item one after the other, each with its own method under SELECT', () => {
    const plan = planSale(
      request({
        valuationMethod: 'SELECT',
        lines: [
          { itemID: 'tea', quantity: '6', price: '3', discount: '0', stockValuationMethod: 'FIFO' },
          { itemID: 'tea', quantity: '2', price: '3', discount: '0', stockValuationMethod: 'LIFO' },
          { itemID: 'tea', quantity: '1', price: '3', discount: '0', stockValuationMethod: 'AVCO' },
        ],
        payments: paymentsOf('Cash', '27'),
      }),
    );
    if (!plan.ok) throw new Error(plan.problem.message);
    expect(plan.lines.map((line) => [line.stockValuationMethod, line.draws, line.cost])).toEqual([
      [
        'FIFO',
        [
          { batchId: 't1', quantity: '5.000', unitCost: '1.0000' },
          { batchId: 't2', quantity: '1.000', unitCost: '2.0000' },
        ],
        '7.0000',
      ],
      ['LIFO', [{ batchId: 't2', quantity: '2.000', unitCost: '2.0000' }], '4.0000'],
      ['AVCO', [{ batchId: 't2', quantity: '1.000', unitCost: '2.0000' }], '2.0000'],
    ]);
    expect(plan.sold).toEqual([
      { batchId: 't1', quantity: '5.000' },
      { batchId: 't2', quantity: '4.000' },
    ]);
  });

  it('refuses an item the location lacks, counting all its lines together, and names it', () => {
    const twoLines = request({
      lines: [
        { itemID: 'mug', quantity: '1', price: '1', discount: '0' },
        { itemID: 'tea', quantity: '6', price: '1', discount: '0' },
        { itemID: 'tea', quantity: '4.5', price: '1', discount: '0' },
      ],
    });
    expect(planSale(twoLines)).toEqual({
      ok: false,
      problem: { code: 'INSUFFICIENT_STOCK', field: 'items.1.quantity', itemID: 'tea', asked: '10.500', onHand: '10.000', message: 'Only 10.000 on hand; 10.500 asked.' },
    });
    expect(planSale(request({ lines: [{ itemID: 'ghost', quantity: '1', price: '1', discount: '0' }] }))).toMatchObject({ ok: false, problem: { code: 'INSUFFICIENT_STOCK', itemID: 'ghost', onHand: '0.000' } });
  });

  it('refuses bad lines, methods and payments before drawing anything', () => {
    expect(planSale(request({ lines: [] }))).toMatchObject({ ok: false, problem: { code: 'NO_LINES', field: 'items' } });
    expect(planSale(request({ lines: [{ itemID: 'tea', quantity: '1', price: '1', discount: '2' }] }))).toMatchObject({ ok: false, problem: { code: 'INVALID_AMOUNT', field: 'items.0.discount' } });
    expect(planSale(request({ valuationMethod: 'SELECT' }))).toMatchObject({ ok: false, problem: { code: 'METHOD_REQUIRED', field: 'items.0.stockValuationMethod' } });
    expect(planSale(request({ payments: paymentsOf('Cash', '10') }))).toMatchObject({ ok: false, problem: { code: 'DUE_DATE_REQUIRED' } });
    expect(planSale(request({ payments: paymentsOf('Cash', '20') }))).toMatchObject({ ok: false, problem: { code: 'OVER_PAYMENT', limit: '19.9900' } });
    expect(planSale(request({ payments: paymentsOf('Card', '10'), paymentDueDate: '2026-03-01' }))).toMatchObject({
      ok: true,
      payment: { outstanding: '9.9900', credit: true, settled: false },
      totals: { paidAmount: '10.0000', outstanding: '9.9900' },
      movements: [{ transactionType: 'Sale', amount: '10.0000', creditChange: '9.9900', paymentMethod: 'Card' }],
    });
  });
});
