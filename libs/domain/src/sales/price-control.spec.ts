import { priceControlRefusal } from './price-control';

describe('price and discount control', () => {
  const line = (price: string, discount = '0', listPrice = '7.9900') => ({ price, discount, listPrice });

  it('the item’s own price, however written, and no discount need neither action', () => {
    expect(priceControlRefusal([line('7.99'), line('7.9900', '0.0000')], { price: false, discount: false })).toBeNull();
  });

  it('another price needs price:invoice; a discount needs discount:invoice; the first line asking is named', () => {
    const lines = [line('7.99'), line('0.50'), line('7.99', '1')];
    expect(priceControlRefusal(lines, { price: false, discount: false })).toEqual({ index: 1, field: 'items.1.price', action: 'price:invoice' });
    expect(priceControlRefusal(lines, { price: true, discount: false })).toEqual({ index: 2, field: 'items.2.discount', action: 'discount:invoice' });
    expect(priceControlRefusal(lines, { price: false, discount: true })).toEqual({ index: 1, field: 'items.1.price', action: 'price:invoice' });
    expect(priceControlRefusal(lines, { price: true, discount: true })).toBeNull();
    // A higher price is another price too.
    expect(priceControlRefusal([line('9')], { price: false, discount: true })).toMatchObject({ action: 'price:invoice' });
  });
});
