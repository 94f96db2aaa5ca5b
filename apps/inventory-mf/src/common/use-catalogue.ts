import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { attributesQueryOptions, categoriesQueryOptions, locationsQueryOptions, suppliersQueryOptions } from '@stockbook/api-client';
import type { Attribute, Category, Location, Supplier } from '@stockbook/contracts';
import { useCan } from '@stockbook/ui/antd';

export interface Catalogue {
  categories: Category[];
  attributes: Attribute[];
  suppliers: Supplier[];
  /** The caller's visible locations. */
  locations: Location[];
  locationName(id: string): string;
  supplierName(id: string | null): string;
}

const EMPTY: never[] = [];

/**
 * What items are described with: each kind loaded only when its view permission is held
 * (section 6); locations are the caller's visible ones.
 */
export function useCatalogue(): Catalogue {
  const can = useCan();
  const categories = useQuery({ ...categoriesQueryOptions(), enabled: can('view:category') });
  const attributes = useQuery({ ...attributesQueryOptions(), enabled: can('view:attribute') });
  const suppliers = useQuery({ ...suppliersQueryOptions(), enabled: can('view:supplier') });
  const locations = useQuery(locationsQueryOptions());
  return useMemo(() => {
    const locationNames = new Map((locations.data ?? EMPTY).map((location: Location) => [location._id, location.name]));
    const supplierNames = new Map((suppliers.data ?? EMPTY).map((supplier: Supplier) => [supplier._id, supplier.name]));
    return {
      categories: categories.data ?? EMPTY,
      attributes: attributes.data ?? EMPTY,
      suppliers: suppliers.data ?? EMPTY,
      locations: locations.data ?? EMPTY,
      locationName: (id) => locationNames.get(id) ?? 'Another location',
      supplierName: (id) => (id ? (supplierNames.get(id) ?? 'A removed supplier') : '—'),
    };
  }, [categories.data, attributes.data, suppliers.data, locations.data]);
}
