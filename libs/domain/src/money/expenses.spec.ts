import Big from 'big.js';
import fc from 'fast-check';
import { postToLedger, type LedgerMovement, type LedgerTransaction, type LocationBalances } from '../sales/ledger';
import { capitalMovement, planWithdrawal } from './capital';
import { moneyText } from '../sales/money';
import { balanceBelowZeroAfter, EXPENSE_CATEGORIES, expenseMovement, planExpenseCancel, planExpenseDelete, type RecordedExpense } from './expenses';

describe('expenses', () => {
  const live: RecordedExpense = { amount: '12.5', transactionId: 't1', cancelledAt: null, deletedAt: null };

  it('has exactly the nine categories of section 9', () => {
    expect(EXPENSE_CATEGORIES).toEqual(['Salary', 'Tax', 'Rent', 'Utilities', 'Office Supplies', 'Travel', 'Meals', 'Entertainment', 'Other']);
  });

  it('an expense pays its amount out', () => {
    expect(expenseMovement('12.5')).toEqual({ transactionType: 'Expense', amount: '-12.5000', creditChange: '0' });
    expect(() => expenseMovement('0')).toThrow(RangeError);
  });

  it('cancel reverses its transaction once; a cancelled or deleted one is refused', () => {
    expect(planExpenseCancel(live)).toEqual({ ok: true, movement: { transactionType: 'Expense', amount: '12.5000', creditChange: '0', reverses: 't1' } });
    expect(planExpenseCancel({ ...live, cancelledAt: new Date() })).toMatchObject({ ok: false, problem: { code: 'EXPENSE_STATUS' } });
    expect(planExpenseCancel({ ...live, deletedAt: new Date() })).toMatchObject({ ok: false, problem: { code: 'EXPENSE_STATUS' } });
  });

  it('delete reverses its money unless a cancel already did; a deleted one is refused', () => {
    expect(planExpenseDelete(live)).toEqual({ ok: true, movement: { transactionType: 'Expense', amount: '12.5000', creditChange: '0', reverses: 't1' } });
    expect(planExpenseDelete({ ...live, cancelledAt: new Date() })).toEqual({ ok: true, movement: null });
    expect(planExpenseDelete({ ...live, deletedAt: new Date() })).toMatchObject({ ok: false, problem: { code: 'EXPENSE_STATUS' } });
  });
});

describe('capital and withdrawals', () => {
  it('capital puts money in', () => {
    expect(capitalMovement('100')).toEqual({ transactionType: 'Capital', amount: '100.0000', creditChange: '0' });
    expect(() => capitalMovement('-1')).toThrow(RangeError);
  });

  it('a withdrawal takes money out, up to the balance unless a negative balance is allowed explicitly', () => {
    expect(planWithdrawal('10.0000', '10', false, 'USD')).toEqual({ ok: true, movement: { transactionType: 'Withdrawal', amount: '-10.0000', creditChange: '0' } });
    expect(planWithdrawal('10.0000', '10.01', false, 'USD')).toMatchObject({ ok: false, problem: { code: 'INSUFFICIENT_BALANCE', field: 'amount' } });
    expect(planWithdrawal('-5.0000', '1', false, 'USD')).toMatchObject({ ok: false, problem: { code: 'INSUFFICIENT_BALANCE' } });
    expect(planWithdrawal('10.0000', '25', true, 'USD')).toEqual({ ok: true, movement: { transactionType: 'Withdrawal', amount: '-25.0000', creditChange: '0' } });
  });
});

/**
 * Any sequence of expenses (created, cancelled, deleted), capital and withdrawals at two locations,
 * posted through postToLedger the way the API posts them: each location's balance is the sum of its
 * transactions, each transaction's balance the previous one plus its amount, a withdrawal without
 * the flag never takes a balance below 0, and a cancelled or deleted expense nets to zero.
 */
describe('money book over random expenses, capital and withdrawals (property)', () => {
  type Op =
    | { kind: 'expense'; location: number; cents: number }
    | { kind: 'cancel' | 'delete'; pick: number }
    | { kind: 'capital'; location: number; cents: number }
    | { kind: 'withdraw'; location: number; cents: number; allowNegative: boolean };
  const cents = fc.integer({ min: 1, max: 10_000_000 });
  const opArb: fc.Arbitrary<Op> = fc.oneof(
    { arbitrary: fc.record({ kind: fc.constant('expense' as const), location: fc.nat(1), cents }), weight: 3 },
    fc.record({ kind: fc.constantFrom('cancel' as const, 'delete' as const), pick: fc.nat() }),
    fc.record({ kind: fc.constant('capital' as const), location: fc.nat(1), cents }),
    fc.record({ kind: fc.constant('withdraw' as const), location: fc.nat(1), cents, allowNegative: fc.boolean() }),
  );
  const seen = { cancel: 0, delete: 0, deleteAfterCancel: 0, refusedStatus: 0, refusedBalance: 0, negativeAllowed: 0 };

  it('keeps every balance the sum of its transactions, and undone expenses at zero', () => {
    fc.assert(
      fc.property(fc.array(opArb, { maxLength: 40 }), (ops) => {
        const balances: LocationBalances[] = [0, 1].map(() => ({ currentBalance: '0.0000', creditBalance: '0.0000' }));
        const book: (LedgerTransaction & { id: string; expense?: number })[][] = [[], []];
        const expenses: (RecordedExpense & { location: number })[] = [];
        let next = 0;
        const post = (location: number, movement: LedgerMovement, expense?: number) => {
          const posting = postToLedger(balances[location]!, [movement]);
          balances[location] = posting;
          const rows = posting.transactions.map((t) => ({ ...t, id: `t${next++}`, expense }));
          book[location]!.push(...rows);
          return rows;
        };
        for (const op of ops) {
          const amount = 'cents' in op ? new Big(op.cents).div(100).toFixed(2) : '0';
          if (op.kind === 'expense') {
            const [row] = post(op.location, expenseMovement(amount), expenses.length);
            expenses.push({ amount, transactionId: row!.id, cancelledAt: null, deletedAt: null, location: op.location });
          } else if (op.kind === 'capital') {
            post(op.location, capitalMovement(amount));
          } else if (op.kind === 'withdraw') {
            const before = balances[op.location]!.currentBalance;
            const plan = planWithdrawal(before, amount, op.allowNegative, 'USD');
            if (!plan.ok) {
              seen.refusedBalance++;
              expect(new Big(amount).gt(before)).toBe(true);
              continue;
            }
            post(op.location, plan.movement);
            if (new Big(balances[op.location]!.currentBalance).lt(0)) {
              expect(op.allowNegative).toBe(true);
              seen.negativeAllowed++;
            }
          } else if (expenses.length > 0) {
            const index = op.pick % expenses.length;
            const expense = expenses[index]!;
            const plan = op.kind === 'cancel' ? planExpenseCancel(expense) : planExpenseDelete(expense);
            if (!plan.ok) {
              seen.refusedStatus++;
              continue;
            }
            if (plan.movement) post(expense.location, plan.movement, index);
            if (op.kind === 'delete' && expense.cancelledAt) seen.deleteAfterCancel++;
            seen[op.kind]++;
            expenses[index] = { ...expense, ...(op.kind === 'cancel' ? { cancelledAt: 'now' } : { deletedAt: 'now' }) };
          }
        }
        for (const location of [0, 1]) {
          const rows = book[location]!;
          let running = new Big(0);
          for (const row of rows) {
            running = running.plus(row.amount);
            expect(row.balance).toBe(running.toFixed(4));
          }
          expect(balances[location]!.currentBalance).toBe(running.toFixed(4));
          // A reversal names a transaction of its location, of the same type, at most once.
          const reversed = rows.filter((row) => row.reverses).map((row) => row.reverses!);
          expect(new Set(reversed).size).toBe(reversed.length);
          for (const id of reversed) expect(rows.find((row) => row.id === id)?.transactionType).toBe('Expense');
        }
        expenses.forEach((expense, index) => {
          const net = book[expense.location]!.filter((row) => row.expense === index).reduce((sum, row) => sum.plus(row.amount), new Big(0));
          expect(net.toFixed(4)).toBe(expense.cancelledAt || expense.deletedAt ? '0.0000' : new Big(expense.amount).neg().toFixed(4));
        });
      }),
      { numRuns: 300 },
    );
    // The properties above are only worth something if each kind of change went through.
    for (const [kind, count] of Object.entries(seen)) expect([kind, count > 0]).toEqual([kind, true]);
  });
});

describe('balanceBelowZeroAfter (the expense form warns, issue 24)', () => {
  it('gives the balance after the expense when it goes below zero', () => {
    expect(balanceBelowZeroAfter('20', '25.5')).toBe(moneyText('-5.5'));
    expect(balanceBelowZeroAfter('-3', '1')).toBe(moneyText('-4'));
  });

  it('says nothing when the balance stays at or above zero, or the amount is not a positive number yet', () => {
    expect(balanceBelowZeroAfter('20', '20')).toBeNull();
    expect(balanceBelowZeroAfter('20', '0.01')).toBeNull();
    for (const amount of ['', ' ', '12,5', 'abc', '0', '-5']) expect(balanceBelowZeroAfter('20', amount)).toBeNull();
  });
});
