import { Button, Form, Select, Space } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useDeferredValue, useState } from 'react';
import { customersQueryOptions } from '@stockbook/api-client';
import type { Customer } from '@stockbook/contracts';
import { useCan } from '@stockbook/ui/antd';
import { CustomerFormModal, customerName } from '../customers/customer-form-modal';
import type { SalesWrites } from '../common/use-sales-writes';

const described = (customer: Customer) => [customerName(customer), customer.contactNumber || customer.email].filter(Boolean).join(' · ');

/** The sale's customer: found by name, e-mail or phone, added here, or none (a walk-in sale). */
export function CustomerPicker({ customer, onChange, writes, error }: { customer: Customer | null; onChange(customer: Customer | null): void; writes: SalesWrites; error?: string }) {
  const can = useCan();
  const [search, setSearch] = useState('');
  const [adding, setAdding] = useState(false);
  const term = useDeferredValue(search.trim());
  const found = useQuery({ ...customersQueryOptions(term ? { search: term, limit: 20 } : { limit: 20 }), enabled: can('view:customer'), placeholderData: (previous) => previous });
  const options = [...(customer && !found.data?.some((one) => one._id === customer._id) ? [customer] : []), ...(found.data ?? [])];
  return (
    <Form.Item label="Customer" htmlFor="sale-customer" validateStatus={error ? 'error' : undefined} help={error} extra={customer ? undefined : 'Walk-in sale: no customer'}>
      <Space.Compact style={{ width: '100%' }}>
        <Select
          id="sale-customer"
          showSearch={{ filterOption: false, onSearch: setSearch, searchValue: search }}
          allowClear
          placeholder="Walk-in customer"
          value={customer?._id}
          notFoundContent={found.isFetching ? 'Searching...' : 'No customers match.'}
          onChange={(id: string | undefined) => {
            onChange(options.find((one) => one._id === id) ?? null);
            setSearch('');
          }}
          options={options.map((one) => ({ value: one._id, label: described(one) }))}
          style={{ flex: 1, minWidth: 0 }}
        />
        {can('create:customer') && <Button onClick={() => setAdding(true)}>New customer</Button>}
      </Space.Compact>
      {adding && (
        <CustomerFormModal
          initialName={search}
          writes={writes}
          onClose={() => setAdding(false)}
          onSaved={(saved) => {
            setAdding(false);
            setSearch('');
            onChange(saved);
          }}
        />
      )}
    </Form.Item>
  );
}
