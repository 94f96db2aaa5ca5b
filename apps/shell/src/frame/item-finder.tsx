import { useDeferredValue } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Command } from 'cmdk';
import { itemListQueryOptions } from '@stockbook/api-client';
import type { PaletteFinderProps } from '../layouts/palette-types';

/** The item screen the inventory remote opens for an item (its drawer over the list). */
export const itemPath = (id: string) => `/x/inventory/items/${encodeURIComponent(id)}`;

const LIMIT = 8;

/**
 * The palette's Items group inside /x: the inventory list's own search (name, category...) for
 * what is typed, from two characters on; choosing one opens the item.
 */
export function ItemFinder({ query, onChoose }: PaletteFinderProps) {
  const search = useDeferredValue(query.trim());
  const enabled = search.length >= 2;
  const found = useQuery({ ...itemListQueryOptions({ search, limit: LIMIT }), enabled, placeholderData: undefined });
  if (!enabled) return null;
  return (
    <Command.Group heading="Items">
      {found.isPending && <Command.Loading>Searching items…</Command.Loading>}
      {found.data?.items.map((item) => (
        // The server has matched the item already: the typed text is one of its keywords, so
        // cmdk's own filter keeps it even when it matched on something not shown (a category).
        <Command.Item key={item._id} value={`item ${item._id} ${item.itemName}`} keywords={[search]} onSelect={() => onChoose(itemPath(item._id))}>
          {item.itemName}
        </Command.Item>
      ))}
    </Command.Group>
  );
}
