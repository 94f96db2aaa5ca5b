import { Button, Empty, Space } from 'antd';

interface EmptyInventoryProps {
  /** Whether the user may add items (and so import them). */
  canCreate: boolean;
  onAdd(): void;
  onImport(): void;
}

/** What an inventory with no items at all says: how to put the first ones in. */
export function EmptyInventory({ canCreate, onAdd, onImport }: EmptyInventoryProps) {
  return (
    <Empty description={canCreate ? 'Your inventory is empty. Add an item or import a CSV file to start.' : 'There are no items yet.'}>
      {canCreate && (
        <Space wrap style={{ justifyContent: 'center' }}>
          <Button type="primary" onClick={onAdd}>
            Add your first item
          </Button>
          <Button onClick={onImport}>Import CSV</Button>
        </Space>
      )}
    </Empty>
  );
}
