import { Button, Popconfirm, Space } from 'antd';
import type { Item } from '@stockbook/contracts';
import { useCan } from '@stockbook/ui/antd';
import type { ItemDialog } from './item-dialog';

interface ItemDrawerActionsProps {
  item: Item;
  onDialog(dialog: ItemDialog): void;
  onDelete(item: Item): void;
}

/** The drawer's buttons: edit the item, add a batch (simple item) or a variant, delete it; each only with its permission. */
export function ItemDrawerActions({ item, onDialog, onDelete }: ItemDrawerActionsProps) {
  const can = useCan();
  return (
    <Space wrap>
      {can('update:item') && <Button onClick={() => onDialog({ kind: 'edit-item', item })}>Edit item</Button>}
      {can('create:batch') && item.simpleItem && (
        <Button type="primary" onClick={() => onDialog({ kind: 'add-batch', item })}>
          Add batch
        </Button>
      )}
      {can('create:item') && !item.simpleItem && <Button onClick={() => onDialog({ kind: 'add-variant', item })}>Add variant</Button>}
      {can('delete:item') && (
        <Popconfirm
          title={`Delete ${item.itemName}?`}
          description="It leaves the inventory; its history stays."
          okText="Delete"
          okButtonProps={{ danger: true }}
          onConfirm={() => onDelete(item)}
        >
          <Button danger>Delete item</Button>
        </Popconfirm>
      )}
    </Space>
  );
}
