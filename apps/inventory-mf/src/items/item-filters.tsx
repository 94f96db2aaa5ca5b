import { Button, Checkbox, Input, Select, Space, TreeSelect } from 'antd';
import { useEffect, useState } from 'react';
import { useCan } from '@stockbook/ui/antd';
import { categoryOptions, categoryTree } from '../common/category-tree';
import type { Catalogue } from '../common/use-catalogue';
import type { ItemFilters as Filters } from './use-item-filters';

interface ItemFiltersProps {
  filters: Filters;
  catalogue: Catalogue;
  onChange(change: Partial<Filters>): void;
}

/** Search (name, category, attribute value) and filters by category, location, supplier and low stock. */
export function ItemFilters({ filters, catalogue, onChange }: ItemFiltersProps) {
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

  const filtered = filters.search || filters.category || filters.location || filters.supplier || filters.lowStock;
  return (
    <Space wrap style={{ marginBottom: 16 }} role="search" aria-label="Search and filter items">
      <Input.Search
        allowClear
        aria-label="Search items"
        placeholder="Search by name, category or value"
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
        allowClear
        aria-label="Location"
        placeholder="All locations"
        value={filters.location}
        options={catalogue.locations.map((location) => ({ value: location._id, label: location.name }))}
        onChange={(location?: string) => onChange({ location })}
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
        <Button onClick={() => onChange({ search: '', category: undefined, location: undefined, supplier: undefined, lowStock: false })}>Clear filters</Button>
      )}
    </Space>
  );
}
