import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { itemListQueryOptions } from '@stockbook/api-client';
import type { Item } from '@stockbook/contracts';
import { formatQuantity } from '@stockbook/domain';
import { DashboardWidget, useWidgetScope, WidgetList } from '@stockbook/ui';

/**
 * `./Widgets`: the inventory remote's parts of the dashboard at /x (issue 15 point 9), each rendered
 * by the shell in a slot of its own. Plain React with the shell's CSS: the dashboard loads no antd.
 */

const INVENTORY = '/x/inventory';
/** Items shown; the link beside the heading opens the whole list. */
export const LOW_STOCK_SHOWN = 5;

/** What is on hand where the dashboard looks: at the working location, else over the user's locations. */
function onHand(item: Item, location: string | undefined): string {
  const there = location ? item.locationData.find((data) => data.locationID === location)?.totalQuantity : item.totalQuantity;
  return formatQuantity(there ?? '0');
}

/** "4 on hand, reorder at 5"; for a variant item, how many variants are low. */
function lowStockDetail(item: Item, location: string | undefined): string {
  if (item.simpleItem) return `${onHand(item, location)} on hand, reorder at ${formatQuantity(item.reorderLevel ?? '0')}`;
  const low = item.subItems.filter((variant) => variant.lowStock).length;
  return `${low} ${low === 1 ? 'variant' : 'variants'} low, ${onHand(item, location)} on hand`;
}

/**
 * Items at or under their reorder level (the items list's low stock filter, at the header's working
 * location when one is chosen), each opening its drawer (view:item).
 */
export function LowStockWidget() {
  const scope = useWidgetScope('view:item');
  const location = scope.locations?.[0];
  const items = useQuery({ ...itemListQueryOptions({ lowStock: 'true', location, page: 1, limit: LOW_STOCK_SHOWN }), enabled: scope.allowed });
  if (!scope.allowed) return null;
  const total = items.data ? `${items.data.total}${items.data.totalExact ? '' : '+'}` : '';
  return (
    <DashboardWidget title="Low stock" more={<Link to={`${INVENTORY}?lowStock=true`}>All low stock{total ? ` (${total})` : ''}</Link>} load={items}>
      <WidgetList
        items={items.data?.items ?? []}
        empty="Nothing is at or under its reorder level."
        testId="low-stock"
        row={(item) => (
          <li key={item._id}>
            <Link to={`${INVENTORY}/items/${encodeURIComponent(item._id)}`}>{item.itemName}</Link>
            <span className="sb-widget-detail">{lowStockDetail(item, location)}</span>
          </li>
        )}
      />
    </DashboardWidget>
  );
}
