import { Page } from '@stockbook/ui/antd';

/** Categories of the business (its screen arrives in the next commit). */
export function CategoriesPage() {
  return <Page remote="inventory" title="Categories">{null}</Page>;
}
