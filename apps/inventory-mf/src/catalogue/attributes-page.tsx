import { App, Button, Table, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { ApiError, attributesQueryOptions } from '@stockbook/api-client';
import { InventoryErrorCode, type Attribute } from '@stockbook/contracts';
import { NotAllowed, Page, QueryState, RowActions, useCan, useNotify, type RowAction } from '@stockbook/ui/antd';
import { AttributeFormModal } from './attribute-form-modal';
import { failed } from './common';
import { useCatalogueWrites } from './use-catalogue-writes';
import { ValueFormModal } from './value-form-modal';

type Dialog = { kind: 'add' } | { kind: 'edit'; attribute: Attribute } | { kind: 'value'; attribute: Attribute } | null;

/**
 * Attributes and their values: add, rename, add and rename values, delete; an attribute items
 * still use can be deleted from every item at once, after saying so.
 */
export function AttributesPage() {
  const can = useCan();
  const { attributeId } = useParams();
  const notify = useNotify();
  const { modal } = App.useApp();
  const attributes = useQuery({ ...attributesQueryOptions(), enabled: can('view:attribute') });
  const writes = useCatalogueWrites();
  const [dialog, setDialog] = useState<Dialog>(null);

  if (!can('view:attribute')) {
    return (
      <Page remote="inventory" title="Attributes">
        <NotAllowed>You can't see attributes. Ask an administrator for access.</NotAllowed>
      </Page>
    );
  }

  const deleted = (attribute: Attribute) => () => notify({ kind: 'success', title: `${attribute.name} deleted` });
  const remove = (attribute: Attribute) =>
    writes.deleteAttribute.mutate(attribute._id, {
      onSuccess: deleted(attribute),
      onError: (error) => {
        if (!(error instanceof ApiError && error.code === InventoryErrorCode.InUse)) return failed(notify, `Could not delete ${attribute.name}`)(error);
        void modal.confirm({
          title: `${attribute.name} is in use`,
          content: `${error.message} Deleting it anyway removes its values from every item that has them.`,
          okText: 'Delete it from every item',
          okButtonProps: { danger: true },
          onOk: () => writes.deleteAttributeForced.mutateAsync(attribute._id).then(deleted(attribute), failed(notify, `Could not delete ${attribute.name}`)),
        });
      },
    });

  const actions = (attribute: Attribute): Array<RowAction | false> => [
    can('update:attribute') && { label: 'Edit', ariaLabel: `Edit attribute ${attribute.name}`, onClick: () => setDialog({ kind: 'edit', attribute }) },
    can('update:attribute') &&
      attribute.values.length > 0 && {
        label: 'Rename a value',
        ariaLabel: `Rename a value of ${attribute.name}`,
        onClick: () => setDialog({ kind: 'value', attribute }),
      },
    can('delete:attribute') && {
      label: 'Delete',
      ariaLabel: `Delete attribute ${attribute.name}`,
      danger: true,
      onClick: () => remove(attribute),
      confirm: { title: `Delete ${attribute.name}?`, okText: 'Delete' },
    },
  ];
  // View-only staff get no Actions column rather than an empty one.
  const withActions = can('update:attribute') || can('delete:attribute');
  const close = () => setDialog(null);
  return (
    <Page
      remote="inventory"
      title="Attributes"
      extra={
        can('create:attribute') && (
          <Button type="primary" onClick={() => setDialog({ kind: 'add' })}>
            Add attribute
          </Button>
        )
      }
    >
      <QueryState query={attributes} what="the attributes">
        {(list) => (
          <Table<Attribute>
            rowKey="_id"
            dataSource={list}
            pagination={list.length > 50 ? { pageSize: 50 } : false}
            locale={{ emptyText: 'No attributes yet.' }}
            onRow={(attribute) => (attribute._id === attributeId ? { 'aria-current': 'true', className: 'ant-table-row-selected' } : {})}
            columns={[
              { title: 'Attribute', dataIndex: 'name' },
              {
                title: 'Values',
                key: 'values',
                render: (_, attribute) => attribute.values.map((value) => <Tag key={value._id}>{value.value}</Tag>),
              },
              ...(withActions
                ? [{ title: 'Actions', key: 'actions', render: (_: unknown, attribute: Attribute) => <RowActions actions={actions(attribute)} /> }]
                : []),
            ]}
          />
        )}
      </QueryState>
      {(dialog?.kind === 'add' || dialog?.kind === 'edit') && (
        <AttributeFormModal
          attribute={dialog.kind === 'edit' ? dialog.attribute : undefined}
          writes={writes}
          onClose={close}
          onSaved={(attribute) => {
            close();
            notify({ kind: 'success', title: dialog.kind === 'add' ? `${attribute.name} added` : `${attribute.name} saved` });
          }}
        />
      )}
      {dialog?.kind === 'value' && (
        <ValueFormModal
          attribute={dialog.attribute}
          writes={writes}
          onClose={close}
          onSaved={() => {
            close();
            notify({ kind: 'success', title: 'Value renamed' });
          }}
        />
      )}
    </Page>
  );
}
