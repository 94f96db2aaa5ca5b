import { Button, Popconfirm, Space, Table } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { suppliersQueryOptions } from '@stockbook/api-client';
import type { Supplier } from '@stockbook/contracts';
import { NotAllowed, Page, QueryState, useCan, useMoney, useNotify } from '@stockbook/ui/antd';
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
        <NotAllowed>Seeing suppliers needs the view:supplier permission.</NotAllowed>
      </Page>
    );
  }

  const remove = (supplier: Supplier) =>
    writes.deleteSupplier.mutate(supplier._id, {
      onSuccess: () => notify({ kind: 'success', title: `${supplier.name} is deleted` }),
      onError: failed(notify, `Could not delete ${supplier.name}`),
    });

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
              {
                title: 'Actions',
                key: 'actions',
                render: (_, supplier) => (
                  <Space>
                    {can('update:supplier') && (
                      <Button size="small" aria-label={`Edit supplier ${supplier.name}`} onClick={() => setDialog({ kind: 'edit', supplier })}>
                        Edit
                      </Button>
                    )}
                    {can('delete:supplier') && (
                      <Popconfirm
                        title={`Delete ${supplier.name}?`}
                        description="They leave the list; batches and history stay."
                        okText="Delete"
                        okButtonProps={{ danger: true }}
                        onConfirm={() => remove(supplier)}
                      >
                        <Button size="small" danger aria-label={`Delete supplier ${supplier.name}`}>
                          Delete
                        </Button>
                      </Popconfirm>
                    )}
                  </Space>
                ),
              },
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
            notify({ kind: 'success', title: dialog.kind === 'add' ? `${supplier.name} is added` : `${supplier.name} is saved` });
          }}
        />
      )}
    </Page>
  );
}
