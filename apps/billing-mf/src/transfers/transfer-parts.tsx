import { Space, Tag } from 'antd';
import type { Location, Transfer } from '@stockbook/contracts';
import type { TransferStatus } from '@stockbook/domain';
import { errorMessage, useCan, useNotify, type RowAction } from '@stockbook/ui/antd';
import { customerName } from '../customers/customer-form-modal';
import { transferItemName } from './transfer-name';
import type { TransferWrites } from './use-transfer-writes';

// The name lives in a file of its own, so the CSV export (and its unit test) reads it without antd.
export { transferItemName };

/** A location by id among those the user may see; the other end of a transfer may be one they may not. */
export const placeName = (locations: readonly Location[], id: string) => locations.find((location) => location._id === id)?.name ?? 'Another location';

// Neutral tag colours (4.5:1 in both themes, as the invoice state tags); a coloured dot tells them apart.
const DOTS: Record<TransferStatus, string> = { Pending: '#fa8c16', Completed: '#52c41a', Cancelled: '#8c8c8c' };

export function TransferStatusTag({ status }: { status: TransferStatus }) {
  return (
    <Tag>
      <span aria-hidden="true" style={{ color: DOTS[status] }}>
        ●
      </span>{' '}
      {status}
    </Tag>
  );
}

/** Who created it, and who approved (completed) or denied (cancelled) it. */
export function TransferPeople({ transfer }: { transfer: Pick<Transfer, 'createdBy' | 'approvedBy' | 'deniedBy'> }) {
  const lines: [string, Transfer['createdBy']][] = [
    ['Created by', transfer.createdBy],
    ['Approved by', transfer.approvedBy],
    ['Denied by', transfer.deniedBy],
  ];
  return (
    <Space orientation="vertical" size={0}>
      {lines
        .filter(([, person]) => person)
        .map(([label, person]) => (
          <span key={label} style={{ whiteSpace: 'nowrap' }}>
            {label} {customerName(person!)}
          </span>
        ))}
    </Space>
  );
}

/**
 * Complete, Cancel and Delete of a transfer, each offered only when its status allows it and the
 * user holds the action where the API checks it: complete at the destination, cancel at either
 * end, delete at the source (section 6; the server checks again).
 */
export function useTransferActions(writes: TransferWrites) {
  const can = useCan();
  const notify = useNotify();
  return (transfer: Transfer): RowAction[] => {
    const name = transferItemName(transfer);
    const pending = transfer.status === 'Pending';
    const failed = (what: string) => (error: unknown) => notify({ kind: 'error', title: `Could not ${what} the transfer`, description: errorMessage(error) });
    const actions: (RowAction | false)[] = [
      pending &&
        can('complete:transfer', transfer.destinationLocationID) && {
          label: 'Complete',
          loading: writes.complete.isPending && writes.complete.variables === transfer._id,
          confirm: { title: `Complete the transfer of ${name}?`, description: 'The stock arrives at the destination as new batches.', okText: 'Complete' },
          onClick: () => writes.complete.mutate(transfer._id, { onSuccess: () => notify({ kind: 'success', title: `Transfer of ${name} completed` }), onError: failed('complete') }),
        },
      pending &&
        (can('cancel:transfer', transfer.sourceLocationID) || can('cancel:transfer', transfer.destinationLocationID)) && {
          label: 'Cancel',
          danger: true,
          loading: writes.cancel.isPending && writes.cancel.variables === transfer._id,
          confirm: { title: `Cancel the transfer of ${name}?`, description: 'The reserved stock goes back to its batches at the source.', okText: 'Cancel transfer' },
          onClick: () => writes.cancel.mutate(transfer._id, { onSuccess: () => notify({ kind: 'success', title: `Transfer of ${name} cancelled` }), onError: failed('cancel') }),
        },
      transfer.status !== 'Completed' &&
        can('delete:transfer', transfer.sourceLocationID) && {
          label: 'Delete',
          danger: true,
          loading: writes.delete.isPending && writes.delete.variables === transfer._id,
          confirm: {
            title: `Delete the transfer of ${name}?`,
            description: pending ? 'It leaves the list and its reserved stock goes back to the source.' : 'It leaves the list.',
            okText: 'Delete',
          },
          onClick: () => writes.delete.mutate(transfer._id, { onSuccess: () => notify({ kind: 'success', title: `Transfer of ${name} deleted` }), onError: failed('delete') }),
        },
    ];
    return actions.filter((action): action is RowAction => Boolean(action));
  };
}
