import { Button, Table, Tag, type TableColumnsType } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { accountApi, accountKeys, locationsQueryOptions, taxRatesQueryOptions } from '@stockbook/api-client';
import type { CreateLocationRequest, Location, TaxRate } from '@stockbook/contracts';
import { can } from '@stockbook/domain';
import { taxRateLabel } from '../tax/tax-rate-label';
import { LocationFormModal } from './location-form-modal';
import { NotAllowed, Page, QueryState, RowActions, useCurrentUser, useNotify } from '@stockbook/ui/antd';

type Dialog = { kind: 'create' } | { kind: 'edit'; location: Location } | null;

/** A location's default rate in words: "VAT (20%)", "No tax"; a dash until the rates are known. */
function defaultTaxText(taxRateID: string | null, rates: readonly TaxRate[] | undefined): string {
  if (!taxRateID) return 'No tax';
  const rate = rates?.find((each) => each._id === taxRateID);
  return rate ? taxRateLabel(rate) : '—';
}

/** The business's locations, as far as the user may see them; add and edit them. */
export function LocationsPage() {
  const { user } = useCurrentUser();
  const mayView = user ? can(user, 'view:location') : false;
  // Locations load only for those holding view:location (specification, section 6).
  const locations = useQuery({ ...locationsQueryOptions(), enabled: mayView });
  // Anyone signed in may read the rates: each location's default is named by its rate.
  const taxRates = useQuery({ ...taxRatesQueryOptions(), enabled: mayView });
  const queryClient = useQueryClient();
  const notify = useNotify();
  const [dialog, setDialog] = useState<Dialog>(null);
  const onSuccess = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: accountKeys.allLocations() }),
      queryClient.invalidateQueries({ queryKey: accountKeys.allActivity() }),
    ]);
  const create = useMutation({ mutationFn: accountApi.createLocation, onSuccess });
  const update = useMutation({
    mutationFn: ({ id, body }: { id: string; body: CreateLocationRequest }) => accountApi.updateLocation(id, body),
    onSuccess,
  });

  if (!user) return null;
  if (!mayView) {
    return (
      <Page remote="admin" title="Locations">
        <NotAllowed>You can't see locations. Ask an administrator for access.</NotAllowed>
      </Page>
    );
  }

  const columns: TableColumnsType<Location> = [
    { title: 'Name', dataIndex: 'name' },
    { title: 'Address', dataIndex: 'address', responsive: ['md'], render: (address: string) => address || '—' },
    { title: 'Contact number', dataIndex: 'contactNumber', responsive: ['lg'], render: (number: string) => number || '—' },
    {
      title: 'Sells',
      dataIndex: 'canSell',
      responsive: ['sm'],
      render: (canSell: boolean) => (canSell ? <Tag>Can sell</Tag> : <Tag>Stock only</Tag>),
    },
    {
      title: 'Default tax rate',
      dataIndex: 'taxRateID',
      responsive: ['md'],
      render: (taxRateID: string | null) => defaultTaxText(taxRateID, taxRates.data),
    },
    {
      title: 'Actions',
      key: 'actions',
      render: (_, location) => (
        <RowActions
          subject={location.name}
          actions={[can(user, 'update:location', location._id) && { label: 'Edit', onClick: () => setDialog({ kind: 'edit', location }) }]}
        />
      ),
    },
  ];
  const close = () => setDialog(null);

  return (
    <Page
      remote="admin"
      title="Locations"
      extra={
        can(user, 'create:location') && (
          <Button type="primary" onClick={() => setDialog({ kind: 'create' })}>
            Add a location
          </Button>
        )
      }
    >
      <QueryState query={locations} what="the locations">
        {(list) => (
          <Table<Location>
            rowKey="_id"
            // Those who may edit none of them get no empty Actions column.
            columns={list.some((location) => can(user, 'update:location', location._id)) ? columns : columns.filter((column) => column.key !== 'actions')}
            dataSource={list}
            pagination={false}
            scroll={{ x: true }}
          />
        )}
      </QueryState>
      {dialog && (
        <LocationFormModal
          location={dialog.kind === 'edit' ? dialog.location : undefined}
          taxRates={taxRates.data}
          taxRatesFailed={taxRates.isError}
          onCancel={close}
          onSave={(body) => (dialog.kind === 'edit' ? update.mutateAsync({ id: dialog.location._id, body }) : create.mutateAsync(body))}
          onSaved={(saved) => {
            notify({ kind: 'success', title: dialog.kind === 'edit' ? `${saved.name} saved` : `${saved.name} added` });
            close();
          }}
        />
      )}
    </Page>
  );
}
