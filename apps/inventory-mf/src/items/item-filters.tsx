import { Button, Checkbox, Input, Select, Space, TreeSelect } from 'antd';
import { useEffect, useState } from 'react';
import { useCan } from '@stockbook/ui/antd';
import { categoryOptions, categoryTree } from '../common/category-tree';
import type { Catalogue } from '../common/use-catalogue';
import type { WorkingLocation } from '../common/use-working-location';
import type { ItemFilters as Filters } from './use-item-filters';

interface ItemFiltersProps {
  filters: Omit<Filters, 'location'>;
  catalogue: Catalogue;
  /** The location filter is the app's working location (the header's choice). */
  location: WorkingLocation;
  onChange(change: Partial<Omit<Filters, 'location'>>): void;
}

/**
 * Search (name, SKU, barcode, category, attribute value) and filters by category, location,
 * supplier and low stock. The location is the header's working location: choosing one here
 * chooses it there.
 */
export function ItemFilters({ filters, catalogue, location, onChange }: ItemFiltersProps) {
  const can = useCan();
  const [search, setSearch] = useState(filters.search);
  // The box follows the URL when it changes from outside (back button, Clear filters).
  const [shown, setShown] = useState(filters.search);
  if (shown !== filters.search) {
    setShown(filters.search);
    setSearch(filters.search);
  }
  // Typing searches after a pause; the URL (and so the query) changes once per pause.
  useEffect(() => {
    if (search.trim() === filters.search) return undefined;
    const timer = setTimeout(() => onChange({ search }), 300);
    return () => clearTimeout(timer);
  }, [search, filters.search, onChange]);

  const filtered = filters.search || filters.category || filters.supplier || filters.lowStock;
  return (
    <Space wrap style={{ marginBottom: 16 }} role="search" aria-label="Search and filter items">
      <Input.Search
        allowClear
        aria-label="Search items"
        placeholder="Search by name, SKU, barcode, category or value"
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        onSearch={(value) => onChange({ search: value })}
        style={{ width: 280 }}
      />
      {can('view:category') && (
        <TreeSelect
          allowClear
          aria-label="Category"
          placeholder="All categories"
          treeDefaultExpandAll
          value={filters.category}
          treeData={categoryOptions(categoryTree(catalogue.categories))}
          onChange={(category?: string) => onChange({ category })}
          style={{ width: 200 }}
        />
      )}
      <Select
        allowClear={location.allowAll}
        aria-label="Location"
        data-testid="location-filter"
        placeholder="All locations"
        value={location.locationId}
        options={catalogue.locations.map((entry) => ({ value: entry._id, label: entry.name }))}
        onChange={(chosen?: string) => location.setLocationId(chosen)}
        style={{ width: 180 }}
      />
      {can('view:supplier') && (
        <Select
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          aria-label="Supplier"
          placeholder="All suppliers"
          value={filters.supplier}
          options={catalogue.suppliers.map((supplier) => ({ value: supplier._id, label: supplier.name }))}
          onChange={(supplier?: string) => onChange({ supplier })}
          style={{ width: 180 }}
        />
      )}
      <Checkbox checked={filters.lowStock} onChange={(event) => onChange({ lowStock: event.target.checked })}>
        Low stock only
      </Checkbox>
      {filtered && (
        <Button onClick={() => onChange({ search: '', category: undefined, supplier: undefined, lowStock: false })}>Clear filters</Button>
      )}
    </Space>
  );
}
