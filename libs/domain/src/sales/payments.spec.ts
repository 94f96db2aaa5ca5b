import { postToLedger } from './ledger';
import { addPayment, initialPayment, isPaymentMethod, PAYMENT_METHOD_LABELS, PAYMENT_METHODS, paymentState } from './payments';

describe('payment methods', () => {
  it('are the specification five, Bank_Transfer shown as Bank Transfer', () => {
    expect(PAYMENT_METHODS).toEqual(['Cash', 'Card', 'Cheque', 'Credit', 'Bank_Transfer']);
    expect(PAYMENT_METHOD_LABELS.Bank_Transfer).toBe('Bank Transfer');
    expect(PAYMENT_METHOD_LABELS.Cheque).toBe('Cheque');
    expect(isPaymentMethod('Bank_Transfer')).toBe(true);
    expect(isPaymentMethod('Bank Transfer')).toBe(false);
  });
});

describe('the payment taken with an invoice', () => {
  const base = { grandTotal: '100.0000', currency: 'GBP' as const };

  it('paid in full: settled, no credit; a Sale of the amount', () => {
    expect(initialPayment({ ...base, paidAmount: '100', paymentDueDate: null })).toEqual({
      ok: true,
      payment: { paidAmount: '100.0000', outstanding: '0.0000', settled: true, credit: false },
      movement: { transactionType: 'Sale', amount: '100.0000', creditChange: '0.0000' },
    });
  });

  it('paid in part only with a due date: on credit, not settled; the outstanding goes to the credit balance', () => {
    expect(initialPayment({ ...base, paidAmount: '40.5', paymentDueDate: null })).toMatchObject({ ok: false, problem: { code: 'DUE_DATE_REQUIRED', field: 'paymentDueDate' } });
    expect(initialPayment({ ...base, paidAmount: null, paymentDueDate: '2026-02-01' })).toMatchObject({
      ok: true,
      payment: { paidAmount: '0.0000', outstanding: '100.0000', settled: false, credit: true },
      movement: { transactionType: 'Sale', amount: '0.0000', creditChange: '100.0000' },
    });
    expect(initialPayment({ ...base, paidAmount: '40.50', paymentDueDate: new Date('2026-02-01') })).toMatchObject({
      ok: true,
      payment: { paidAmount: '40.5000', outstanding: '59.5000', settled: false, credit: true },
    });
  });

  it('never more than the grand total, and never below the minor unit', () => {
    expect(initialPayment({ ...base, paidAmount: '100.01', paymentDueDate: null })).toEqual({
      ok: false,
      problem: { code: 'OVER_PAYMENT', field: 'paidAmount', limit: '100.0000', message: 'Amount paid cannot be more than the grand total (100.0000).' },
    });
    expect(initialPayment({ ...base, paidAmount: '10.005', paymentDueDate: '2026-02-01' })).toMatchObject({ ok: false, problem: { code: 'INVALID_AMOUNT', field: 'paidAmount' } });
    expect(initialPayment({ ...base, paidAmount: '-1', paymentDueDate: '2026-02-01' })).toMatchObject({ ok: false, problem: { code: 'INVALID_AMOUNT' } });
  });
});

describe('add-payment', () => {
  const onCredit = { grandTotal: '100.0000', paidAmount: '40.0000' };

  it('adds up to the outstanding balance and settles when nothing is left', () => {
    expect(addPayment(onCredit, '20', 'USD')).toEqual({
      ok: true,
      payment: { paidAmount: '60.0000', outstanding: '40.0000', settled: false, credit: true },
      movement: { transactionType: 'Payment', amount: '20.0000', creditChange: '-20.0000' },
    });
    expect(addPayment(onCredit, '60.00', 'USD')).toMatchObject({ ok: true, payment: { outstanding: '0.0000', settled: true, credit: false } });
    expect(addPayment({ grandTotal: '5', paidAmount: null }, '5', 'USD')).toMatchObject({ ok: true, payment: { paidAmount: '5.0000', settled: true } });
  });

  it('refuses beyond the outstanding, zero, a settled or a cancelled invoice', () => {
    expect(addPayment(onCredit, '60.01', 'USD')).toEqual({
      ok: false,
      problem: { code: 'OVER_PAYMENT', field: 'amount', limit: '60.0000', message: 'Amount cannot be more than the outstanding balance (60.0000).' },
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
