import type { Item } from '@stockbook/contracts';
import { costShown, stockState, stockTagText } from './low-stock-tag';

const unit = (totalQuantity: string, lowStock: boolean, averageCost?: string) => ({ totalQuantity, lowStock, averageCost }) as Pick<Item, 'totalQuantity' | 'lowStock' | 'averageCost'>;

describe('stock tags (issue 24, rule 6)', () => {
  it('says Out of stock for nothing on hand, Low stock at or under the reorder level, nothing otherwise', () => {
    expect(stockState(unit('0.000', true))).toBe('Out of stock');
    expect(stockState(unit('1.000', true))).toBe('Low stock');
    expect(stockState(unit('0.000', false))).toBeNull();
    expect(stockState(unit('9.000', false))).toBeNull();
  });

  it('names a variant item’s variants by state', () => {
    const item = {
      simpleItem: false,
      lowStock: true,
      totalQuantity: '1.000',
      subItems: [
        { variantName: 'Small', itemName: 'Polo', lowStock: true, totalQuantity: '1.000' },
        { variantName: 'XL', itemName: 'Polo', lowStock: true, totalQuantity: '0.000' },
        { variantName: 'Large', itemName: 'Polo', lowStock: false, totalQuantity: '5.000' },
      ],
    } as unknown as Item;
    expect(stockTagText(item, item)).toBe('Out of stock: XL; Low stock: Small');
  });

  it('shows no average cost for nothing on hand', () => {
    const money = (amount: string) => `£${amount}`;
    expect(costShown(unit('0.000', false, '4.0000'), money)).toBe('—');
    expect(costShown(unit('2.000', false, '4.0000'), money)).toBe('£4.0000');
    expect(costShown(unit('2.000', false), money)).toBe('—');
  });
});
