import { Button, Input, Table } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useDeferredValue, useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router-dom';
import { customersQueryOptions } from '@stockbook/api-client';
import type { Customer } from '@stockbook/contracts';
import { useAddressAction } from '@stockbook/ui';
import { errorMessage, hasRowActions, NotAllowed, Page, QueryState, RowActions, useCan, useMoney, useNotify } from '@stockbook/ui/antd';
import { useSalesWrites } from '../common/use-sales-writes';
import { CustomerDrawer } from './customer-drawer';
import { CustomerFormModal, customerName } from './customer-form-modal';

type Dialog = { kind: 'add' } | { kind: 'edit'; customer: Customer } | null;

/**
 * The business's customers with what each has bought (net of refunds): add, edit, delete; a
 * customer's page (their invoices, credit notes and statement) in a drawer at `customers/:customerId`.
 */
export function CustomersPage({ base }: { base: string }) {
  const can = useCan();
  const navigate = useNavigate();
  const { search: query } = useLocation();
  const { customerId } = useParams();
  const notify = useNotify();
  const money = useMoney();
  const [search, setSearch] = useState('');
  const deferred = useDeferredValue(search.trim());
  const customers = useQuery({ ...customersQueryOptions(deferred ? { search: deferred, limit: 500 } : { limit: 500 }), enabled: can('view:customer'), placeholderData: (previous) => previous });
  const writes = useSalesWrites();
  const [dialog, setDialog] = useState<Dialog>(null);
  // The command palette's Add customer opens the form (`?do=add-customer`).
  useAddressAction(can('create:customer') ? { 'add-customer': () => setDialog({ kind: 'add' }) } : {});

  if (!can('view:customer')) {
    return (
      <Page remote="billing" title="Customers">
        <NotAllowed>You can't see customers. Ask an administrator for access.</NotAllowed>
      </Page>
    );
  }

  const remove = (customer: Customer) =>
    writes.deleteCustomer.mutate(customer._id, {
      onSuccess: () => notify({ kind: 'success', title: `${customerName(customer)} deleted` }),
      onError: (error) => notify({ kind: 'error', title: `Could not delete ${customerName(customer)}`, description: errorMessage(error) }),
    });
  const actions = (customer: Customer) => [
    can('update:customer') && { label: 'Edit', onClick: () => setDialog({ kind: 'edit', customer }) },
    can('delete:customer') && {
      label: 'Delete',
      danger: true,
      onClick: () => remove(customer),
      confirm: { title: `Delete ${customerName(customer)}?`, description: 'They leave the list; their invoices stay.', okText: 'Delete' },
    },
  ];
  const withActions = hasRowActions(actions({} as Customer));

  return (
    <Page
      remote="billing"
      title="Customers"
      extra={
        can('create:customer') && (
          <Button type="primary" onClick={() => setDialog({ kind: 'add' })}>
            Add customer
          </Button>
        )
      }
    >
      <Input.Search
        aria-label="Search customers"
        placeholder="Name, e-mail or phone"
        allowClear
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        style={{ maxWidth: 360, marginBottom: 16 }}
      />
      <QueryState query={customers} what="the customers">
        {(list) => (
          <Table<Customer>
            rowKey="_id"
            dataSource={list}
            size="middle"
            scroll={{ x: 'max-content' }}
            pagination={list.length > 50 ? { pageSize: 50 } : false}
            locale={{ emptyText: deferred ? 'No customers match.' : 'No customers yet.' }}
            onRow={(customer) => (customer._id === customerId ? { 'aria-current': 'true', className: 'ant-table-row-selected' } : {})}
            columns={[
              {
                title: 'Name',
                key: 'name',
                render: (_, customer) => <Link to={`${base}/customers/${encodeURIComponent(customer._id)}${query}`}>{customerName(customer)}</Link>,
              },
              { title: 'Total purchased', key: 'total', align: 'right', render: (_, customer) => money(customer.totalPurchased) },
              ...(withActions ? [{ title: 'Actions', key: 'actions', render: (_: unknown, customer: Customer) => <RowActions subject={customerName(customer)} actions={actions(customer)} /> }] : []),
              { title: 'E-mail', dataIndex: 'email' },
              { title: 'Contact number', dataIndex: 'contactNumber' },
              { title: 'Address', dataIndex: 'address' },
            ]}
          />
        )}
      </QueryState>
      {customerId && <CustomerDrawer key={customerId} customerId={customerId} base={base} onClose={() => navigate({ pathname: `${base}/customers`, search: query })} />}
      {dialog && (
        <CustomerFormModal
          customer={dialog.kind === 'edit' ? dialog.customer : undefined}
          writes={writes}
          onClose={() => setDialog(null)}
          onSaved={(customer) => {
            setDialog(null);
            notify({ kind: 'success', title: dialog.kind === 'add' ? `${customerName(customer)} added` : `${customerName(customer)} saved` });
          }}
        />
      )}
    </Page>
  );
}
