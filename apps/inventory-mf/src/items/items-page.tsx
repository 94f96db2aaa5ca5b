import { Page } from '@stockbook/ui/antd';

/** The items of the business (its screen arrives in the next commit). */
export function ItemsPage(_props: { base: string }) {
  return <Page remote="inventory" title="Inventory">{null}</Page>;
}
