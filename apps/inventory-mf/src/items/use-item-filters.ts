import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { ItemListQuery } from '@stockbook/contracts';

export const PAGE_SIZES = [20, 50, 100] as const;
const DEFAULT_LIMIT = 50;

export interface ItemFilters {
  search: string;
  category?: string;
  /** The working location (the frame's header choice, see useWorkingLocation), not kept here in the URL. */
  location?: string;
  supplier?: string;
  lowStock: boolean;
  page: number;
  limit: number;
}

const positive = (text: string | null, fallback: number) => {
  const value = Number(text);
  return Number.isInteger(value) && value > 0 ? value : fallback;
};

/**
 * The table's search, filters and page (all but the location), kept in the URL so a reload, a shared link or the
 * back button shows the same rows. Changing a filter goes back to page 1.
 */
export function useItemFilters(): [Omit<ItemFilters, 'location'>, (change: Partial<Omit<ItemFilters, 'location'>>) => void] {
  const [params, setParams] = useSearchParams();
  const filters = useMemo<Omit<ItemFilters, 'location'>>(
    () => ({
      search: params.get('q') ?? '',
      category: params.get('category') ?? undefined,
      supplier: params.get('supplier') ?? undefined,
      lowStock: params.get('lowStock') === 'true',
      page: positive(params.get('page'), 1),
      limit: (PAGE_SIZES as readonly number[]).includes(positive(params.get('limit'), DEFAULT_LIMIT)) ? positive(params.get('limit'), DEFAULT_LIMIT) : DEFAULT_LIMIT,
    }),
    [params],
  );
  const update = useCallback(
    (change: Partial<Omit<ItemFilters, 'location'>>) => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          const set = (key: string, value: string | undefined) => (value ? next.set(key, value) : next.delete(key));
          if ('search' in change) set('q', change.search?.trim() || undefined);
          if ('category' in change) set('category', change.category);
          if ('supplier' in change) set('supplier', change.supplier);
          if ('lowStock' in change) set('lowStock', change.lowStock ? 'true' : undefined);
          if ('limit' in change) set('limit', change.limit && change.limit !== DEFAULT_LIMIT ? String(change.limit) : undefined);
          const page = 'page' in change ? change.page : 1;
          set('page', page && page > 1 ? String(page) : undefined);
          return next;
        },
        { replace: true },
      );
    },
    [setParams],
  );
  return [filters, update];
}

/** The list call's query for these filters. */
export function toListQuery(filters: ItemFilters): ItemListQuery {
  return {
    search: filters.search || undefined,
    category: filters.category,
    location: filters.location,
    supplier: filters.supplier,
    lowStock: filters.lowStock ? 'true' : undefined,
    page: filters.page,
    limit: filters.limit,
  };
}
