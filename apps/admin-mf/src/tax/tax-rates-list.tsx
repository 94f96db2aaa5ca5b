import { Alert, Button, Table, Typography, type TableColumnsType } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { taxRatesQueryOptions } from '@stockbook/api-client';
import type { TaxRate } from '@stockbook/contracts';
import { taxRateShown } from '@stockbook/domain';
import { errorMessage, QueryState, RowActions, shellAnnounces, useNotify } from '@stockbook/ui/antd';
import { TaxRateFormModal } from './tax-rate-form-modal';
import { useTaxRateWrites } from './use-tax-rate-writes';

type Dialog = { kind: 'create' } | { kind: 'edit'; taxRate: TaxRate } | null;

/** A refused delete, said above the list until the next change: who uses the rate, what to do. */
interface Refusal {
  name: string;
  message: string;
}

/** The business's tax rates: everyone reads them; administrators add, edit and delete them. */
export function TaxRatesList({ editable }: { editable: boolean }) {
  const rates = useQuery(taxRatesQueryOptions());
  const writes = useTaxRateWrites();
  const notify = useNotify();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [refusal, setRefusal] = useState<Refusal | null>(null);

  const open = (next: Dialog) => {
    setRefusal(null);
    setDialog(next);
  };
  const remove = (taxRate: TaxRate) => {
    setRefusal(null);
    writes.remove.mutate(taxRate._id, {
      onSuccess: () => notify({ kind: 'success', title: `${taxRate.name} deleted` }),
      // In use (409): the API names the locations and items using it; nothing changed.
      onError: (error) => {
        if (!shellAnnounces(error)) setRefusal({ name: taxRate.name, message: errorMessage(error) });
      },
    });
  };

  const columns: TableColumnsType<TaxRate> = [
    { title: 'Name', dataIndex: 'name' },
    { title: 'Rate', dataIndex: 'rate', render: (rate: string) => taxRateShown(rate) },
  ];
  if (editable) {
    columns.push({
      title: 'Actions',
      key: 'actions',
      render: (_, taxRate) => (
        <RowActions
          subject={taxRate.name}
          actions={[
            { label: 'Edit', onClick: () => open({ kind: 'edit', taxRate }) },
            {
              label: 'Delete',
              danger: true,
              loading: writes.remove.isPending && writes.remove.variables === taxRate._id,
              onClick: () => remove(taxRate),
              confirm: { title: `Delete ${taxRate.name}?`, description: 'Invoices already made keep their tax.', okText: 'Delete' },
            },
          ]}
        />
      ),
    });
  }
  const close = () => setDialog(null);

  return (
    <>
      <div style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: 8, marginBottom: 8 }}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          Tax rates
        </Typography.Title>
        {editable && <Button onClick={() => open({ kind: 'create' })}>Add a tax rate</Button>}
      </div>
      <Typography.Paragraph type="secondary">Each location has a default rate for its sales; an item can have its own.</Typography.Paragraph>
      {refusal && (
        <Alert
          type="error"
          showIcon
          closable={{ onClose: () => setRefusal(null) }}
          title={`Could not delete ${refusal.name}`}
          description={refusal.message}
          style={{ marginBottom: 16 }}
          data-testid="tax-rate-refusal"
        />
      )}
      <QueryState query={rates} what="the tax rates">
        {(list) => (
          <Table<TaxRate>
            rowKey="_id"
            columns={columns}
            dataSource={list}
            pagination={false}
            scroll={{ x: true }}
            locale={{ emptyText: editable ? 'No tax rates yet. Add one to charge tax on sales.' : 'No tax rates yet.' }}
          />
        )}
      </QueryState>
      {dialog && (
        <TaxRateFormModal
          taxRate={dialog.kind === 'edit' ? dialog.taxRate : undefined}
          onCancel={close}
          onSave={(body) => (dialog.kind === 'edit' ? writes.update.mutateAsync({ id: dialog.taxRate._id, body }) : writes.create.mutateAsync(body))}
          onSaved={(saved) => {
            notify({ kind: 'success', title: dialog.kind === 'edit' ? `${saved.name} saved` : `${saved.name} added` });
            close();
          }}
        />
      )}
    </>
  );
}
