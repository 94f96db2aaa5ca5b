import { Typography } from 'antd';
import Big from 'big.js';
import { Link } from 'react-router-dom';
import type { InTransitResponse } from '@stockbook/contracts';
import { formatQuantity, moneyText } from '@stockbook/domain';
import { useCan } from '@stockbook/ui/antd';

/**
 * The stock's worth above the list (issue 24, rule 5): on hand plus what is on its way to the
 * locations shown (pending transfers, at the value it left with), which would otherwise vanish
 * from every figure until it arrives. Values only for those who see costs; the units for all.
 */
export function StockValueSummary({ data, money }: { data: InTransitResponse; money(amount: string): string }) {
  const can = useCan();
  const moving = data.transfers > 0;
  if (!moving && data.onHandValue === undefined) return null;
  const value =
    data.onHandValue === undefined
      ? null
      : moving && data.stockValue !== undefined
        ? `Stock value ${money(moneyText(new Big(data.onHandValue).plus(data.stockValue)))}: ${money(data.onHandValue)} on hand + ${money(data.stockValue)} in transit.`
        : `Stock value ${money(data.onHandValue)}.`;
  const units = moving ? `${formatQuantity(data.quantity)} units on their way in ${data.transfers} pending transfer${data.transfers === 1 ? '' : 's'}.` : null;
  return (
    <Typography.Paragraph data-testid="stock-value" type="secondary" style={{ marginBottom: 12 }}>
      {[value, units].filter(Boolean).join(' ')}
      {moving && can('view:transfer') && (
        <>
          {' '}
          <Link to="/x/billing/transfers">See transfers</Link>
        </>
      )}
    </Typography.Paragraph>
  );
}

/** Units in transit per item and per variant (a variant item's row sums its variants'), for the list's On hand cells. */
export function inTransitByItem(data: InTransitResponse | undefined): Map<string, Big> {
  const units = new Map<string, Big>();
  const add = (id: string, quantity: string) => units.set(id, (units.get(id) ?? new Big(0)).plus(quantity));
  for (const line of data?.lines ?? []) {
    add(line.itemID, line.quantity);
    if (line.variantID) add(line.variantID, line.quantity);
  }
  return units;
}
