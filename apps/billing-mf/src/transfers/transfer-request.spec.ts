import { describe, expect, it } from '@jest/globals';
import { CreateTransferRequestSchema } from '@stockbook/contracts';
import { incursionProblem, transferRequest, type TransferFormValues } from './transfer-request';

const values = (extra: Partial<TransferFormValues> = {}): TransferFormValues => ({
  lines: [{ itemID: '00000000-0000-4000-8000-000000000001', transferQuantity: ' 4 ' }],
  sourceLocationID: '00000000-0000-4000-8000-000000000002',
  destinationLocationID: '00000000-0000-4000-8000-000000000003',
  transferCost: '',
  ...extra,
});

describe('the New transfer request', () => {
  it('sends an empty cost as 0 borne by no one, even when a bearer was chosen for an earlier cost', () => {
    expect(transferRequest(values({ costIncursion: 'Destination' }), false)).toEqual({
      lines: [{ itemID: '00000000-0000-4000-8000-000000000001', transferQuantity: '4' }],
      sourceLocationID: '00000000-0000-4000-8000-000000000002',
      destinationLocationID: '00000000-0000-4000-8000-000000000003',
      transferCost: '0',
      costIncursion: null,
    });
    expect(transferRequest(values({ transferCost: '0.00', costIncursion: 'Both' }), false).costIncursion).toBeNull();
  });

  it('sends a cost with who bears it, and passes the contract', () => {
    const request = transferRequest(values({ transferCost: '2.50', costIncursion: 'Destination' }), false);
    expect(request).toMatchObject({ transferCost: '2.50', costIncursion: 'Destination' });
    expect(request).not.toHaveProperty('stockValuationMethod');
    expect(CreateTransferRequestSchema.safeParse(request).success).toBe(true);
  });

  it('sends every line, each trimmed, and passes the contract; an item on two lines does not', () => {
    const two = values({ lines: [{ itemID: '00000000-0000-4000-8000-000000000001', transferQuantity: '4' }, { itemID: '00000000-0000-4000-8000-000000000009', transferQuantity: ' 2.5 ' }] });
    expect(transferRequest(two, false).lines).toEqual([
      { itemID: '00000000-0000-4000-8000-000000000001', transferQuantity: '4' },
      { itemID: '00000000-0000-4000-8000-000000000009', transferQuantity: '2.5' },
    ]);
    expect(CreateTransferRequestSchema.safeParse(transferRequest(two, false)).success).toBe(true);
    const same = values({ lines: [{ itemID: '00000000-0000-4000-8000-000000000001', transferQuantity: '4' }, { itemID: '00000000-0000-4000-8000-000000000001', transferQuantity: '1' }] });
    expect(CreateTransferRequestSchema.safeParse(transferRequest(same, false)).success).toBe(false);
  });

  it('sends the valuation method only when the business picks one per movement (SELECT)', () => {
    expect(transferRequest(values({ stockValuationMethod: 'LIFO' }), true).stockValuationMethod).toBe('LIFO');
    expect(transferRequest(values({ stockValuationMethod: 'LIFO' }), false)).not.toHaveProperty('stockValuationMethod');
  });

  it('asks who bears a cost above 0, and nothing for no cost', () => {
    expect(incursionProblem('3', undefined)).toBe('Choose who bears the cost: Source, Destination or Both.');
    expect(incursionProblem('3', 'Source')).toBeNull();
    expect(incursionProblem('', undefined)).toBeNull();
    expect(incursionProblem('0.0000', undefined)).toBeNull();
  });
});
