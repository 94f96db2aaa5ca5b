import { Modal, Select, Typography } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useDeferredValue, useId, useState } from 'react';
import { itemListQueryOptions } from '@stockbook/api-client';
import type { Item } from '@stockbook/contracts';

const SHOWN = 20;

/**
 * Add stock from anywhere (the command palette's action, issue 24): first which item, found by
 * the inventory's own search as it is typed; then the batch form of that item opens (`onPicked`),
 * asking for the variant, location, quantity and cost.
 */
export function AddStockPicker({ onPicked, onClose }: { onPicked(item: Item): void; onClose(): void }) {
  const [typed, setTyped] = useState('');
  const search = useDeferredValue(typed.trim());
  const labelId = useId();
  const found = useQuery({ ...itemListQueryOptions({ search: search || undefined, limit: SHOWN }), placeholderData: keepPreviousData });
  const items = found.data?.items ?? [];
  return (
    <Modal open title="Add stock" footer={null} onCancel={onClose} destroyOnHidden>
      <Typography.Paragraph id={labelId}>Which item is the stock of? Type to find it; its batch form opens next.</Typography.Paragraph>
      <Select
        autoFocus
        showSearch
        filterOption={false}
        onSearch={setTyped}
        aria-labelledby={labelId}
        placeholder="Item name, SKU or barcode"
        loading={found.isFetching}
        style={{ width: '100%' }}
        notFoundContent={found.isPending ? 'Searching…' : 'No items match.'}
        options={items.map((item) => ({ value: item._id, label: item.simpleItem ? item.itemName : `${item.itemName} (${item.subItems.length} variants)` }))}
        onChange={(id: string) => {
          const item = items.find((candidate) => candidate._id === id);
          if (item) onPicked(item);
        }}
      />
    </Modal>
  );
}
