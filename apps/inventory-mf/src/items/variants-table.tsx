import { Table, type TableColumnsType } from 'antd';
import type { Item, TaxRate, Variant } from '@stockbook/contracts';
import { formatQuantity } from '@stockbook/domain';
import { hasRowActions, RowActions, useCan, type RowAction } from '@stockbook/ui/antd';
import { Amount } from '../common/amount';
import { DrawerSection } from './drawer-section';
import { costShown, LowStockTag } from './low-stock-tag';
import type { ItemDialog } from './item-dialog';
import { differsFromItem, taxChoiceText } from './tax-choice';

interface VariantsTableProps {
  item: Item;
  /** The business's rates, to name a variant's own. */
  taxRates: readonly TaxRate[];
  money(amount: string): string;
  onDialog(dialog: ItemDialog): void;
}

/**
 * A variant item's variants (in their attribute values' order): SKU, barcode, price, reorder
 * level, stock, a tax column when a variant's own choice differs from the item's, and (for those
 * shown costs) average cost, with edit and add-batch actions; no Actions column for someone who may
 * do neither.
 */
export function VariantsTable({ item, taxRates, money, onDialog }: VariantsTableProps) {
  const can = useCan();
  const actions = (variant: Variant): (RowAction | false)[] => [
    can('update:item') && { label: 'Edit', ariaLabel: `Edit variant ${variant.variantName}`, onClick: () => onDialog({ kind: 'edit-variant', item, variant }) },
    can('create:batch') && { label: 'Add batch', ariaLabel: `Add batch of ${variant.variantName}`, onClick: () => onDialog({ kind: 'add-batch', item, variant }) },
  ];
  const columns: TableColumnsType<Variant> = [
    {
      title: 'Variant',
      key: 'name',
      render: (_, variant) => (
        <span>
          {variant.variantName}
          <LowStockTag unit={variant} />
        </span>
      ),
    },
    { title: 'SKU', key: 'sku', render: (_, variant) => variant.sku ?? '—' },
    { title: 'Barcode', key: 'barcode', render: (_, variant) => variant.barcode ?? '—' },
    { title: 'Price', key: 'price', align: 'right', render: (_, variant) => <Amount>{money(variant.price)}</Amount> },
    { title: 'Reorder level', key: 'reorder', align: 'right', render: (_, variant) => (variant.reorderLevel ? formatQuantity(variant.reorderLevel) : '—') },
    ...(item.subItems.some((variant) => differsFromItem(variant, item))
      ? ([
          {
            title: 'Tax',
            key: 'tax',
            render: (_, variant) => (differsFromItem(variant, item) ? taxChoiceText(variant, 'variant', taxRates) : 'Same as the item'),
          },
        ] satisfies TableColumnsType<Variant>)
      : []),
    { title: 'On hand', key: 'quantity', align: 'right', render: (_, variant) => formatQuantity(variant.totalQuantity) },
    ...(item.averageCost !== undefined
      ? ([
          { title: 'Average cost', key: 'cost', align: 'right', render: (_, variant) => <Amount>{costShown(variant, money)}</Amount> },
        ] satisfies TableColumnsType<Variant>)
      : []),
    ...(item.subItems.some((variant) => hasRowActions(actions(variant)))
      ? ([{ title: 'Actions', key: 'actions', render: (_, variant) => <RowActions actions={actions(variant)} /> }] satisfies TableColumnsType<Variant>)
      : []),
  ];
  return (
    <DrawerSection title="Variants">
      <Table<Variant> size="small" pagination={false} rowKey="_id" dataSource={item.subItems} scroll={{ x: 'max-content' }} columns={columns} />
    </DrawerSection>
  );
}
