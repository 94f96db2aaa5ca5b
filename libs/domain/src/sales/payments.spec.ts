import { postToLedger } from './ledger';
import fc from 'fast-check';
import { isPaymentMethod, PAYMENT_METHOD_LABELS, PAYMENT_METHODS, RECEIVING_METHODS } from './payment-methods';
import { addPayment, MAX_SALE_PAYMENTS, payBack, payBackMovements, paymentsOf, paymentState, salePayments } from './payments';

describe('payment methods', () => {
  it('are the specification five, Bank_Transfer shown as Bank Transfer', () => {
    expect(PAYMENT_METHODS).toEqual(['Cash', 'Card', 'Cheque', 'Credit', 'Bank_Transfer']);
    expect(PAYMENT_METHOD_LABELS.Bank_Transfer).toBe('Bank Transfer');
    expect(PAYMENT_METHOD_LABELS.Cheque).toBe('Cheque');
    expect(isPaymentMethod('Bank_Transfer')).toBe(true);
    expect(isPaymentMethod('Bank Transfer')).toBe(false);
  });
});

describe('the payments taken with an invoice', () => {
  const base = { grandTotal: '100.0000', currency: 'GBP' as const };

  it('paid in full by one method: settled, no credit; a Sale of the amount, with its method', () => {
    expect(salePayments({ ...base, payments: paymentsOf('Card', '100'), paymentDueDate: null })).toEqual({
      ok: true,
      payment: { paidAmount: '100.0000', outstanding: '0.0000', settled: true, credit: false },
      payments: [{ method: 'Card', amount: '100.0000', tendered: null, change: null }],
      movements: [{ transactionType: 'Sale', amount: '100.0000', creditChange: '0.0000', paymentMethod: 'Card' }],
    });
  });

  it('split: cash 20.00 with 50.00 tendered, then card for the rest; one Sale per payment, the change never in the ledger', () => {
    const plan = salePayments({ ...base, payments: [{ method: 'Cash', amount: '20', tendered: '50' }, { method: 'Card', amount: '80.00' }], paymentDueDate: null });
    expect(plan).toEqual({
      ok: true,
      payment: { paidAmount: '100.0000', outstanding: '0.0000', settled: true, credit: false },
      payments: [
        { method: 'Cash', amount: '20.0000', tendered: '50.0000', change: '30.0000' },
        { method: 'Card', amount: '80.0000', tendered: null, change: null },
      ],
      movements: [
        { transactionType: 'Sale', amount: '20.0000', creditChange: '0.0000', paymentMethod: 'Cash' },
        { transactionType: 'Sale', amount: '80.0000', creditChange: '0.0000', paymentMethod: 'Card' },
      ],
    });
    if (!plan.ok) return;
    const posting = postToLedger({ currentBalance: '0', creditBalance: '0' }, plan.movements);
    expect(posting.currentBalance).toBe('100.0000');
    expect(posting.transactions.map((t) => [t.paymentMethod, t.amount])).toEqual([
      ['Cash', '20.0000'],
      ['Card', '80.0000'],
    ]);
  });

  it('nothing received (no payments, the Credit of the specification): paid 0, only with a due date; the whole sale on credit', () => {
    expect(paymentsOf('Credit', null)).toEqual([]);
    expect(paymentsOf('Cash', '0.00')).toEqual([]);
    expect(salePayments({ ...base, payments: [], paymentDueDate: null })).toMatchObject({ ok: false, problem: { code: 'DUE_DATE_REQUIRED', field: 'paymentDueDate' } });
    expect(salePayments({ ...base, payments: [], paymentDueDate: '2026-02-01' })).toEqual({
      ok: true,
      payment: { paidAmount: '0.0000', outstanding: '100.0000', settled: false, credit: true },
      payments: [],
      movements: [{ transactionType: 'Sale', amount: '0.0000', creditChange: '100.0000' }],
    });
    expect(salePayments({ ...base, payments: paymentsOf('Cash', '40.50'), paymentDueDate: new Date('2026-02-01') })).toMatchObject({
      ok: true,
      payment: { paidAmount: '40.5000', outstanding: '59.5000', settled: false, credit: true },
      movements: [{ amount: '40.5000', creditChange: '59.5000' }],
    });
  });

  it('refuses Credit as a payment, an amount of 0 or below the minor unit, tendered below the amount or for a card, and more than the grand total', () => {
    const refusal = (payments: Parameters<typeof salePayments>[0]['payments']) => salePayments({ ...base, payments, paymentDueDate: '2026-02-01' });
    expect(refusal(paymentsOf('Credit', '10'))).toMatchObject({ ok: false, problem: { code: 'INVALID_AMOUNT', field: 'payments.0.paymentMethod' } });
    expect(refusal([{ method: 'Cash', amount: '0' }])).toMatchObject({ ok: false, problem: { code: 'INVALID_AMOUNT', field: 'payments.0.amount' } });
    expect(refusal([{ method: 'Card', amount: '5' }, { method: 'Cash', amount: '10.005' }])).toMatchObject({ ok: false, problem: { code: 'INVALID_AMOUNT', field: 'payments.1.amount' } });
    expect(refusal([{ method: 'Cash', amount: '10', tendered: '9.99' }])).toMatchObject({
      ok: false,
      problem: { code: 'INVALID_AMOUNT', field: 'payments.0.tendered', message: 'Cash tendered cannot be less than the payment (£10.00).' },
    });
    expect(refusal([{ method: 'Card', amount: '10', tendered: '20' }])).toMatchObject({ ok: false, problem: { code: 'INVALID_AMOUNT', field: 'payments.0.tendered' } });
    expect(refusal(paymentsOf('Cash', '100.01'))).toEqual({
      ok: false,
      problem: { code: 'OVER_PAYMENT', field: 'payments.0.amount', limit: '100.0000', message: 'The payments (£100.01) cannot be more than the grand total (£100.00).' },
    });
    expect(refusal([{ method: 'Cash', amount: '60' }, { method: 'Card', amount: '40.01' }])).toMatchObject({ ok: false, problem: { code: 'OVER_PAYMENT', field: 'payments' } });
    expect(refusal(Array.from({ length: MAX_SALE_PAYMENTS + 1 }, () => ({ method: 'Cash' as const, amount: '1' })))).toMatchObject({ ok: false, problem: { field: 'payments' } });
  });

  it('property: for any split, the payments sum to paidAmount, the ledger moves by exactly that, and change is tendered - amount', () => {
    const cents = fc.integer({ min: 1, max: 100_000 });
    fc.assert(
      fc.property(fc.array(fc.record({ method: fc.constantFrom(...RECEIVING_METHODS), amount: cents, extra: cents }), { minLength: 1, maxLength: MAX_SALE_PAYMENTS }), fc.integer({ min: 0, max: 10_000 }), (taken, owed) => {
        const sum = taken.reduce((total, payment) => total + payment.amount, 0);
        const grandTotal = ((sum + owed) / 100).toFixed(2);
        const payments = taken.map((payment) => ({ method: payment.method, amount: (payment.amount / 100).toFixed(2), tendered: payment.method === 'Cash' ? ((payment.amount + payment.extra) / 100).toFixed(2) : null }));
        const plan = salePayments({ grandTotal, payments, paymentDueDate: owed > 0 ? '2026-02-01' : null, currency: 'USD' });
        if (!plan.ok) throw new Error(plan.problem.message);
        expect(plan.payment.paidAmount).toBe((sum / 100).toFixed(4));
        expect(plan.payment.outstanding).toBe((owed / 100).toFixed(4));
        const posting = postToLedger({ currentBalance: '0', creditBalance: '0' }, plan.movements);
        expect([posting.currentBalance, posting.creditBalance]).toEqual([(sum / 100).toFixed(4), (owed / 100).toFixed(4)]);
        plan.payments.forEach((payment, index) => {
          if (payment.method === 'Cash') expect(payment.change).toBe((taken[index]!.extra / 100).toFixed(4));
          else expect(payment.change).toBeNull();
        });
      }),
    );
  });
});

describe('money paid back', () => {
  const held = [
    { method: 'Cash' as const, amount: '20.0000' },
    { method: 'Card' as const, amount: '45.9400' },
  ];

  it('goes back the way it came, the method received last first, each up to what it holds', () => {
    expect(payBack(held, '10')).toEqual([{ method: 'Card', amount: '10.0000' }]);
    expect(payBack(held, '50.94')).toEqual([
      { method: 'Card', amount: '45.9400' },
      { method: 'Cash', amount: '5.0000' },
    ]);
    expect(payBack(held, '0')).toEqual([]);
  });

  it('all by one method when the shop says so; beyond what is held (an older invoice), the rest in cash', () => {
    expect(payBack(held, '30', 'Cash')).toEqual([{ method: 'Cash', amount: '30.0000' }]);
    expect(payBack([], '12.5')).toEqual([{ method: 'Cash', amount: '12.5000' }]);
  });

  it('as Refund movements: negative, each with its method, the first moving the credit', () => {
    expect(payBackMovements(payBack(held, '50.94'), '-3.0000')).toEqual([
      { transactionType: 'Refund', amount: '-45.9400', creditChange: '-3.0000', paymentMethod: 'Card' },
      { transactionType: 'Refund', amount: '-5.0000', creditChange: '0.0000', paymentMethod: 'Cash' },
    ]);
    expect(payBackMovements([], '-3')).toEqual([{ transactionType: 'Refund', amount: '0.0000', creditChange: '-3' }]);
  });
});

describe('add-payment', () => {
  const onCredit = { grandTotal: '100.0000', paidAmount: '40.0000' };

  it('adds up to the outstanding balance and settles when nothing is left', () => {
    expect(addPayment(onCredit, '20', 'USD')).toEqual({
      ok: true,
      payment: { paidAmount: '60.0000', outstanding: '40.0000', settled: false, credit: true },
      movement: { transactionType: 'Payment', amount: '20.0000', creditChange: '-20.0000', paymentMethod: 'Cash' },
    });
    expect(addPayment(onCredit, '60.00', 'USD', 'Card')).toMatchObject({ ok: true, payment: { outstanding: '0.0000', settled: true, credit: false } });
    expect(addPayment({ grandTotal: '5', paidAmount: null }, '5', 'USD')).toMatchObject({ ok: true, payment: { paidAmount: '5.0000', settled: true } });
  });

  it('refuses beyond the outstanding, zero, a settled or a cancelled invoice', () => {
    expect(addPayment(onCredit, '60.01', 'USD')).toEqual({
      ok: false,
      problem: { code: 'OVER_PAYMENT', field: 'amount', limit: '60.0000', message: 'Amount cannot be more than the outstanding balance ($60.00).' },
    });
    expect(addPayment(onCredit, '0', 'USD')).toMatchObject({ ok: false, problem: { code: 'INVALID_AMOUNT', field: 'amount' } });
    expect(addPayment({ grandTotal: '10', paidAmount: '10' }, '1', 'USD')).toMatchObject({ ok: false, problem: { code: 'INVOICE_SETTLED' } });
    expect(addPayment({ ...onCredit, deletedAt: '2026-01-02' }, '1', 'USD')).toMatchObject({ ok: false, problem: { code: 'INVOICE_CANCELLED' } });
  });

  it('derives settled and credit from the outstanding alone', () => {
    expect(paymentState('0.0000', null)).toEqual({ paidAmount: '0.0000', outstanding: '0.0000', settled: true, credit: false });
  });
});

describe('the location ledger', () => {
  it('writes a transaction per amount with its running balance, and moves the credit balance', () => {
    const posting = postToLedger({ currentBalance: '10.0000', creditBalance: '5.0000' }, [
      { transactionType: 'Sale', amount: '0', creditChange: '100' }, // a sale on credit: no money, no transaction
      { transactionType: 'Payment', amount: '30.5', creditChange: '-30.5' },
      { transactionType: 'Refund', amount: '-12.25', creditChange: '0' },
    ]);
    expect(posting).toEqual({
      currentBalance: '28.2500',
      creditBalance: '74.5000',
      transactions: [
        { transactionType: 'Payment', amount: '30.5000', balance: '40.5000' },
        { transactionType: 'Refund', amount: '-12.2500', balance: '28.2500' },
      ],
    });
  });
});
