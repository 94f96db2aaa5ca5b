import { describe, expect, it } from '@jest/globals';
import type { Transfer } from '@stockbook/contracts';
import { transfersCsvRows } from './transfers-csv';

const transfer = (fields: Pick<Transfer, '_id' | 'itemName' | 'variantName' | 'transferQuantity' | 'transferCost' | 'status' | 'costIncursion' | 'createdAt'> & { lines?: Transfer['lines'] }): Transfer => ({
  itemID: 'item',
  variantID: null,
  sourceLocationID: 'a',
  destinationLocationID: 'b',
  batchSnapshot: [],
  createdBy: { _id: 'u1', firstName: 'Ann', lastName: 'Owner' },
  approvedBy: null,
  deniedBy: null,
  stockValuationMethod: 'FIFO',
  updatedAt: fields.createdAt,
  deletedAt: null,
  deletedBy: null,
  lines: [],
  history: [],
  ...fields,
});
const line = (itemName: string, transferQuantity: string): Transfer['lines'][number] => ({ itemID: itemName, variantID: null, itemName, variantName: null, transferQuantity, costShare: '0.0000' });

describe('the transfers export', () => {
  it('lists the transfers shown oldest first: time, item, quantity without trailing zeros, from, to, status, cost and who bears it', () => {
    const shown = [
      transfer({ _id: 't2', itemName: 'Cotton Tee', variantName: 'Small', transferQuantity: '1.500', transferCost: '0.0000', status: 'Completed', costIncursion: null, createdAt: '2026-11-28T15:45:00.000Z' }),
      transfer({ _id: 't1', itemName: 'Claw Hammer', variantName: null, transferQuantity: '2.000', transferCost: '1.0000', status: 'Pending', costIncursion: 'Both', createdAt: '2026-11-28T09:05:00.000Z' }),
      transfer({
        _id: 't3',
        itemName: 'Claw Hammer',
        variantName: null,
        transferQuantity: '6.000',
        transferCost: '0.0000',
        status: 'Pending',
        costIncursion: null,
        createdAt: '2026-11-28T16:00:00.000Z',
        lines: [line('Claw Hammer', '4.000'), line('Green Tea', '2.000')],
      }),
    ];
    const location = (id: string) => ({ a: 'High Street' })[id] ?? 'Another location';
    expect(transfersCsvRows(shown, { currency: 'USD', timeZone: 'America/New_York', location })).toEqual([
      ['Date (America/New_York)', 'Item', 'Quantity', 'From', 'To', 'Status', 'Cost', 'Borne by'],
      ['2026-11-28 04:05', 'Claw Hammer', '2', 'High Street', 'Another location', 'Pending', '1.00', 'Both'],
      ['2026-11-28 10:45', 'Cotton Tee (Small)', '1.5', 'High Street', 'Another location', 'Completed', '0.00', ''],
      // Several items: each line with its quantity, and the quantity of them all.
      ['2026-11-28 11:00', '4 × Claw Hammer, 2 × Green Tea', '6', 'High Street', 'Another location', 'Pending', '0.00', ''],
    ]);
  });
});
