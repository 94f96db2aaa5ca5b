import { Button, Form, Input, Select } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useDeferredValue, useState } from 'react';
import { itemListQueryOptions } from '@stockbook/api-client';
import { MAX_TRANSFER_LINES, TransferLineRequestSchema } from '@stockbook/contracts';
import { schemaRule } from '@stockbook/ui/antd';
import { foundRows, type Found } from '../sale/item-finder';
import { onHandAt, quantityShown } from '../sale/sale-lines';

const shape = TransferLineRequestSchema.shape;

/**
 * The items a transfer moves (issue 24, rule 5): one line to start with, "Add another item" for
 * more; each line an item or variant found by name, SKU or barcode with its stock at the source,
 * and how many. The API's refusals land on their line (stock short on its quantity).
 */
export function TransferLineFields({ source, sourceName }: { source: string | undefined; sourceName: string | undefined }) {
  return (
    <Form.List name="lines">
      {(fields, { add, remove }) => (
        <>
          {fields.map((field, index) => (
            <TransferLine key={field.key} name={field.name} index={index} count={fields.length} source={source} sourceName={sourceName} onRemove={() => remove(field.name)} />
          ))}
          {fields.length < MAX_TRANSFER_LINES && (
            <Form.Item>
              <Button onClick={() => add({ transferQuantity: '' })}>Add another item</Button>
            </Form.Item>
          )}
        </>
      )}
    </Form.List>
  );
}

interface LineProps {
  name: number;
  index: number;
  count: number;
  source: string | undefined;
  sourceName: string | undefined;
  onRemove(): void;
}

function TransferLine({ name, index, count, source, sourceName, onRemove }: LineProps) {
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState<Found | null>(null);
  const term = useDeferredValue(search.trim());
  const found = useQuery({ ...itemListQueryOptions({ search: term, limit: 8 }), enabled: term.length > 0 });
  const rows = term && found.data ? foundRows(found.data.items, source) : [];
  const options = [...(chosen && !rows.some((row) => row.key === chosen.key) ? [chosen] : []), ...rows];
  const onHand = chosen && source ? onHandAt(chosen.variant ?? chosen.item, source) : null;
  // With one line the labels are "Item" and "Quantity", as they always were; with more, numbered.
  const label = (what: string) => (count > 1 ? `${what} ${index + 1}` : what);
  return (
    // The item takes the width left beside its quantity; on a phone the quantity wraps under it.
    <div style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', gap: '0 12px' }}>
      <Form.Item
        label={label('Item')}
        name={[name, 'itemID']}
        required
        rules={[schemaRule(shape.itemID)]}
        style={{ flex: '1 1 240px', minWidth: 0 }}
        extra={
          <span aria-live="polite" data-testid="transfer-on-hand">
            {onHand !== null ? `${quantityShown(onHand)} on hand at ${sourceName ?? 'the source'}` : 'Find an item or variant by name, SKU or barcode.'}
          </span>
        }
      >
        <Select
          showSearch={{ filterOption: false, onSearch: setSearch, searchValue: search }}
          placeholder="Name, SKU or barcode"
          notFoundContent={!term ? 'Type to find an item.' : found.isFetching ? 'Searching...' : 'No items match.'}
          onChange={(id: string) => {
            setChosen(options.find((row) => row.key === id) ?? null);
            setSearch('');
          }}
          options={options.map((row) => ({ value: row.key, label: row.name, title: `${row.name}: ${quantityShown(row.onHand)} on hand` }))}
          optionRender={(option) => {
            const row = options.find((one) => one.key === option.value);
            return row ? `${row.name} · ${quantityShown(onHandAt(row.variant ?? row.item, source))} on hand` : option.label;
          }}
        />
      </Form.Item>
      <Form.Item label={label('Quantity')} name={[name, 'transferQuantity']} required rules={[schemaRule(shape.transferQuantity)]} style={{ width: 140 }}>
        <Input inputMode="decimal" autoComplete="off" />
      </Form.Item>
      {count > 1 && (
        <Form.Item label=" " colon={false}>
          <Button onClick={onRemove} aria-label={`Remove item ${index + 1}`}>
            Remove
          </Button>
        </Form.Item>
      )}
    </div>
  );
}
