import type { Expense } from '@stockbook/contracts';
import { errorMessage, type RowAction, useCalendar, useCan, useNotify } from '@stockbook/ui/antd';
import { DotTag } from '../common/dot-tag';
import type { ExpenseWrites } from './use-expense-writes';

/** How a row names an expense: "Rent of 25/11/2026", with its description when it has one ("Rent of 25/11/2026 (November)"). */
export const expenseName = (expense: Pick<Expense, 'category' | 'date' | 'description'>, dateOnly: (iso: string) => string) =>
  `${expense.category} of ${dateOnly(expense.date)}${expense.description ? ` (${expense.description})` : ''}`;

/** A cancelled expense stays listed, tagged (its money is reversed); grey, as a cancelled invoice's or transfer's. */
export const CancelledTag = () => <DotTag colour="#8c8c8c">Cancelled</DotTag>;

/**
 * Cancel and Delete of an expense, each offered only when its state allows it and the user holds
 * the action at its location (section 6; the server checks again): Cancel while not cancelled,
 * Delete always (its money is reversed unless a cancel already did).
 */
export function useExpenseActions(writes: ExpenseWrites) {
  const { date: dateOnly } = useCalendar();
  const can = useCan();
  const notify = useNotify();
  return (expense: Expense): RowAction[] => {
    const name = expenseName(expense, dateOnly);
    const failed = (what: string) => (error: unknown) => notify({ kind: 'error', title: `Could not ${what} the expense`, description: errorMessage(error) });
    const actions: (RowAction | false)[] = [
      !expense.cancelled &&
        can('cancel:expense', expense.locationID) && {
          label: 'Cancel',
          danger: true,
          loading: writes.cancel.isPending && writes.cancel.variables === expense._id,
          confirm: { title: `Cancel the expense ${name}?`, description: 'Its money goes back to the location; it stays listed as cancelled.', okText: 'Cancel expense' },
          onClick: () => writes.cancel.mutate(expense._id, { onSuccess: () => notify({ kind: 'success', title: `Expense ${name} cancelled` }), onError: failed('cancel') }),
        },
      can('delete:expense', expense.locationID) && {
        label: 'Delete',
        danger: true,
        loading: writes.delete.isPending && writes.delete.variables === expense._id,
        confirm: {
          title: `Delete the expense ${name}?`,
          description: expense.cancelled ? 'It leaves the list.' : 'It leaves the list and its money goes back to the location.',
          okText: 'Delete',
        },
        onClick: () => writes.delete.mutate(expense._id, { onSuccess: () => notify({ kind: 'success', title: `Expense ${name} deleted` }), onError: failed('delete') }),
      },
    ];
    return actions.filter((action): action is RowAction => Boolean(action));
  };
}
