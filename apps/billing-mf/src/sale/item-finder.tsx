import { Alert, Button, Input, type InputRef } from 'antd';
import { isCancelledError, useQuery, useQueryClient } from '@tanstack/react-query';
import { useDeferredValue, useImperativeHandle, useRef, useState, type KeyboardEvent, type Ref } from 'react';
import { itemListQueryOptions } from '@stockbook/api-client';
import type { Item, Variant } from '@stockbook/contracts';
import { parseScan } from '@stockbook/domain';
import { beep } from './beep';
import { exactCode, onHandAt, quantityShown, variantNamed } from './sale-lines';

export interface ItemFinderHandle {
  focus(): void;
  /** Empties the field and drops an unknown code's alert or a list of matches (after a sale, a cleared cart). */
  clear(): void;
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
 * What an Enter found: nothing (an alert naming the code, kept until closed or another code finds
 * nothing, so the next scans do not wipe it before the cashier reads it), or several to choose from.
 */
type Outcome = { kind: 'missing'; code: string } | { kind: 'several'; code: string; rows: Found[] } | null;

/**
 * Finds items by name, SKU or barcode and adds them to the sale. Enter adds the item whose SKU or
 * barcode is exactly what was typed (a scanner types the code and Enter), or the only match;
 * `3*<code>` adds three. The field is emptied at each Enter, found or not, so a scanner's next code
 * never lands on the last one; Enters are looked up in the order they came. A code that finds
 * nothing beeps and is named in an alert; several matches stay listed to choose from. While
 * typing, the matches are listed with their stock at the sale's location, each with an Add button
 * (ArrowDown moves to them). Focus comes back here after each add, ready for the next scan.
 */
export function ItemFinder({ ref, locationId, money, onAdd }: { ref?: Ref<ItemFinderHandle>; locationId: string | undefined; money(amount: string): string; onAdd(item: Item, variant: Variant | undefined, count: number): void }) {
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  const [outcome, setOutcome] = useState<Outcome>(null);
  const input = useRef<InputRef>(null);
  const list = useRef<HTMLUListElement>(null);
  /** The lookups of the Enters pressed so far, chained so their lines are added in scan order. */
  const lookups = useRef<Promise<void>>(Promise.resolve());
  useImperativeHandle(
    ref,
    () => ({
      focus: () => input.current?.focus(),
      // A new customer: the last sale's unknown code or matches are of no more use.
      clear: () => {
        setText('');
        setOutcome(null);
      },
    }),
    [],
  );
  const term = useDeferredValue(text.trim());
  const results = useQuery({ ...itemListQueryOptions({ search: term, limit: 8 }), enabled: term.length > 0, placeholderData: (previous) => previous });
  const rows = term && results.data ? foundRows(results.data.items, locationId) : outcome?.kind === 'several' ? outcome.rows : [];

  const add = (row: Pick<Found, 'item' | 'variant'>, count = 1) => {
    onAdd(row.item, row.variant, count);
    setOutcome((shown) => (shown?.kind === 'missing' ? shown : null));
    setText('');
    input.current?.focus();
  };

  const lookUp = async (typed: string) => {
    const { count, code } = parseScan(typed);
    // The field's own search for the same text may be in flight; emptying the field drops its last
    // observer and cancels it, and a lookup sharing it gets the cancellation: asked again, it fetches.
    const search = () => queryClient.fetchQuery(itemListQueryOptions({ search: code, limit: 8 }));
    // A failed lookup is told by the API client's toast; the field is already free for the next.
    const data = await search()
      .catch((error: unknown) => (isCancelledError(error) ? search() : Promise.reject(error)))
      .catch(() => null);
    if (!data) return;
    const exact = data.items.find((item) => exactCode(item, code));
    if (exact) return add({ item: exact, variant: variantNamed(exact, code) }, count);
    const found = foundRows(data.items, locationId);
    if (found.length === 1) return add(found[0]!, count);
    if (found.length === 0) {
      beep();
      setOutcome({ kind: 'missing', code });
      return;
    }
    setOutcome({ kind: 'several', code, rows: found });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      list.current?.querySelector('button')?.focus();
      return;
    }
    if (event.key !== 'Enter') return;
    event.preventDefault();
    const typed = text.trim();
    if (!typed) return;
    setText('');
    lookups.current = lookups.current.then(() => lookUp(typed));
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
        onKeyDown={onKeyDown}
      />
      {outcome?.kind === 'missing' && <Alert type="error" showIcon role="alert" closable={{ 'aria-label': 'Close the alert' }} onClose={() => setOutcome(null)} style={{ marginTop: 8 }} title={`No item has the code or name “${outcome.code}”. Scan again or type its name.`} />}
      {(term || outcome?.kind === 'several') && (
        <div aria-live="polite">
          {!term && outcome?.kind === 'several' && <p style={{ margin: '8px 0 0' }}>Several items match “{outcome.code}”: choose one.</p>}
          {rows.length === 0 ? (
            results.isFetching ? null : <p style={{ margin: '8px 0' }}>No items match.</p>
          ) : (
            // Busy while it still shows an earlier text's matches, the search for the latest on its way.
            <ul ref={list} aria-label="Items found" aria-busy={term !== '' && results.isPlaceholderData} className="sb-found-items" onKeyDown={onListKey} style={{ listStyle: 'none', padding: 0, margin: '8px 0', maxHeight: 280, overflowY: 'auto' }}>
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
