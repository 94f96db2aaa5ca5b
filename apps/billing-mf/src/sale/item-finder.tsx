import { Button, Input, type InputRef } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useDeferredValue, useImperativeHandle, useRef, useState, type KeyboardEvent, type Ref } from 'react';
import { itemListQueryOptions } from '@stockbook/api-client';
import type { Item, Variant } from '@stockbook/contracts';
import { exactCode, onHandAt, quantityShown, variantNamed } from './sale-lines';

export interface ItemFinderHandle {
  focus(): void;
}

export interface Found {
  key: string;
  item: Item;
  variant?: Variant;
  name: string;
  code: string | null;
  onHand: string;
  price: string;
}

/** Each simple item, and each variant of a variant item, as one thing to add. */
export function foundRows(items: readonly Item[], locationId: string | undefined): Found[] {
  return items.flatMap((item) =>
    item.simpleItem
      ? [{ key: item._id, item, name: item.itemName, code: item.sku ?? item.barcode, onHand: onHandAt(item, locationId), price: item.price }]
      : item.subItems.map((variant) => ({
          key: variant._id,
          item,
          variant,
          name: `${item.itemName} (${variant.variantName ?? ''})`,
          code: variant.sku ?? variant.barcode,
          onHand: onHandAt(variant, locationId),
          price: variant.price,
        })),
  );
}

/**
 * Finds items by name, SKU or barcode and adds them to the sale. Enter adds the item whose SKU or
 * barcode is exactly what was typed (a scanner types the code and Enter), or the only match; the
 * matches are listed with their stock at the sale's location, each with an Add button (ArrowDown
 * moves to them). Focus comes back here after each add, ready for the next scan.
 */
export function ItemFinder({ ref, locationId, money, onAdd }: { ref?: Ref<ItemFinderHandle>; locationId: string | undefined; money(amount: string): string; onAdd(item: Item, variant?: Variant): void }) {
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  const input = useRef<InputRef>(null);
  const list = useRef<HTMLUListElement>(null);
  useImperativeHandle(ref, () => ({ focus: () => input.current?.focus() }), []);
  const term = useDeferredValue(text.trim());
  const results = useQuery({ ...itemListQueryOptions({ search: term, limit: 8 }), enabled: term.length > 0, placeholderData: (previous) => previous });
  const rows = term && results.data ? foundRows(results.data.items, locationId) : [];

  const add = (row: Pick<Found, 'item' | 'variant'>) => {
    onAdd(row.item, row.variant);
    setText('');
    input.current?.focus();
  };

  const onKeyDown = async (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      list.current?.querySelector('button')?.focus();
      return;
    }
    if (event.key !== 'Enter') return;
    event.preventDefault();
    const typed = text.trim();
    if (!typed) return;
    const data = await queryClient.fetchQuery(itemListQueryOptions({ search: typed, limit: 8 }));
    const exact = data.items.find((item) => exactCode(item, typed));
    if (exact) return add({ item: exact, variant: variantNamed(exact, typed) });
    const only = foundRows(data.items, locationId);
    if (only.length === 1) add(only[0]!);
  };

  const onListKey = (event: KeyboardEvent<HTMLUListElement>) => {
    const buttons = [...(list.current?.querySelectorAll('button') ?? [])];
    const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
    if (event.key === 'ArrowDown' && at < buttons.length - 1) buttons[at + 1]?.focus();
    else if (event.key === 'ArrowUp') (at > 0 ? buttons[at - 1] : input.current)?.focus();
    else if (event.key === 'Escape') input.current?.focus();
    else return;
    event.preventDefault();
  };

  return (
    <div className="sb-item-finder">
      <label htmlFor="sale-item-search" style={{ display: 'block', paddingBottom: 8 }}>
        Find an item
      </label>
      <Input
        id="sale-item-search"
        ref={input}
        type="search"
        autoFocus
        autoComplete="off"
        placeholder="Name, SKU or barcode, then Enter"
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => void onKeyDown(event)}
      />
      {term && (
        <div aria-live="polite">
          {rows.length === 0 ? (
            results.isFetching ? null : <p style={{ margin: '8px 0' }}>No items match.</p>
          ) : (
            <ul ref={list} aria-label="Items found" className="sb-found-items" onKeyDown={onListKey} style={{ listStyle: 'none', padding: 0, margin: '8px 0', maxHeight: 280, overflowY: 'auto' }}>
              {rows.map((row) => (
                <li key={row.key} style={{ display: 'flex', gap: 12, alignItems: 'center', justifyContent: 'space-between', padding: '4px 0', borderBottom: '1px solid rgba(128,128,128,.25)' }}>
                  <span style={{ minWidth: 0 }}>
                    <strong>{row.name}</strong>
                    {row.code && <span> · {row.code}</span>}
                    <br />
                    <span>
                      {quantityShown(row.onHand)} on hand · <span style={{ whiteSpace: 'nowrap' }}>{money(row.price)}</span>
                    </span>
                  </span>
                  <Button size="small" aria-label={`Add ${row.name}`} onClick={() => add(row)}>
                    Add
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </div>
  );
}
