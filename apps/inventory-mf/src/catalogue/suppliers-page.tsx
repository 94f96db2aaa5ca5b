import { Button, Table } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { suppliersQueryOptions } from '@stockbook/api-client';
import type { Supplier } from '@stockbook/contracts';
import { NotAllowed, Page, QueryState, RowActions, useCan, useMoney, useNotify, type RowAction } from '@stockbook/ui/antd';
import { failed } from './common';
import { SupplierFormModal } from './supplier-form-modal';
import { useCatalogueWrites } from './use-catalogue-writes';

type Dialog = { kind: 'add' } | { kind: 'edit'; supplier: Supplier } | null;

/** Suppliers with their balances: add, edit, delete (kept for history, out of the list). */
export function SuppliersPage() {
  const can = useCan();
  const { supplierId } = useParams();
  const notify = useNotify();
  const money = useMoney();
  const suppliers = useQuery({ ...suppliersQueryOptions(), enabled: can('view:supplier') });
  const writes = useCatalogueWrites();
  const [dialog, setDialog] = useState<Dialog>(null);

  if (!can('view:supplier')) {
    return (
      <Page remote="inventory" title="Suppliers">
        <NotAllowed>You can't see suppliers. Ask an administrator for access.</NotAllowed>
      </Page>
    );
  }

  const remove = (supplier: Supplier) =>
    writes.deleteSupplier.mutate(supplier._id, {
      onSuccess: () => notify({ kind: 'success', title: `${supplier.name} deleted` }),
      onError: failed(notify, `Could not delete ${supplier.name}`),
    });
  const actions = (supplier: Supplier): Array<RowAction | false> => [
    can('update:supplier') && { label: 'Edit', ariaLabel: `Edit supplier ${supplier.name}`, onClick: () => setDialog({ kind: 'edit', supplier }) },
    can('delete:supplier') && {
      label: 'Delete',
      ariaLabel: `Delete supplier ${supplier.name}`,
      danger: true,
      onClick: () => remove(supplier),
      confirm: { title: `Delete ${supplier.name}?`, description: 'They leave the list; batches and history stay.', okText: 'Delete' },
    },
  ];
  // View-only staff get no Actions column rather than an empty one.
  const withActions = can('update:supplier') || can('delete:supplier');

  return (
    <Page
      remote="inventory"
      title="Suppliers"
      extra={
        can('create:supplier') && (
          <Button type="primary" onClick={() => setDialog({ kind: 'add' })}>
            Add supplier
          </Button>
        )
      }
    >
      <QueryState query={suppliers} what="the suppliers">
        {(list) => (
          <Table<Supplier>
            rowKey="_id"
            dataSource={list}
            scroll={{ x: 'max-content' }}
            pagination={list.length > 50 ? { pageSize: 50 } : false}
            locale={{ emptyText: 'No suppliers yet.' }}
            onRow={(supplier) => (supplier._id === supplierId ? { 'aria-current': 'true', className: 'ant-table-row-selected' } : {})}
            columns={[
              { title: 'Name', dataIndex: 'name' },
              { title: 'Address', dataIndex: 'address' },
              { title: 'Contact number', dataIndex: 'contactNumber' },
              { title: 'E-mail', dataIndex: 'email' },
              { title: 'Current balance', key: 'current', align: 'right', render: (_, supplier) => money(supplier.currentBalance) },
              { title: 'Credit balance', key: 'credit', align: 'right', render: (_, supplier) => money(supplier.creditBalance) },
              ...(withActions
                ? [{ title: 'Actions', key: 'actions', render: (_: unknown, supplier: Supplier) => <RowActions actions={actions(supplier)} /> }]
                : []),
            ]}
          />
        )}
      </QueryState>
      {dialog && (
        <SupplierFormModal
          supplier={dialog.kind === 'edit' ? dialog.supplier : undefined}
          writes={writes}
          onClose={() => setDialog(null)}
          onSaved={(supplier) => {
            setDialog(null);
            notify({ kind: 'success', title: dialog.kind === 'add' ? `${supplier.name} added` : `${supplier.name} saved` });
          }}
        />
      )}
    </Page>
  );
}
