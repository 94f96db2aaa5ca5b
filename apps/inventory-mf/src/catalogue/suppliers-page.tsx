import { Page } from '@stockbook/ui/antd';

/** Suppliers of the business (its screen arrives in the next commit). */
export function SuppliersPage() {
  return <Page remote="inventory" title="Suppliers">{null}</Page>;
}
