import { Page } from '@stockbook/ui/antd';

/** Attributes of the business (its screen arrives in the next commit). */
export function AttributesPage() {
  return <Page remote="inventory" title="Attributes">{null}</Page>;
}
