import { DatePicker, Form, Input, Select, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { MoneySchema, QuantitySchema, type Batch, type Item, type Variant } from '@stockbook/contracts';
import { batchQuantityProblem, formatQuantity } from '@stockbook/domain';
import { FormModal, schemaRule, useCalendar, useCan, useFormSubmit } from '@stockbook/ui/antd';
import type { Catalogue } from '../common/use-catalogue';
import type { ItemWrites } from './use-item-writes';

interface Values {
  itemID: string;
  locationID: string;
  supplierID?: string | null;
  quantity: string;
  cost: string;
  dateAdded?: Dayjs | null;
}

interface BatchFormModalProps {
  item: Item;
  /** The variant the batch is of (variant items). */
  variant?: Variant;
  /** The batch to edit; none to add one. */
  batch?: Batch;
  /** The app's working location: a new batch's location when the user may add batches there. */
  workingLocationId?: string;
  catalogue: Catalogue;
  writes: ItemWrites;
  onClose(): void;
  onSaved(item: Item): void;
}

const quantityRule = schemaRule(QuantitySchema('Quantity'));
const costRule = schemaRule(MoneySchema('Cost'));

/**
 * Add stock: a batch of an item or one of its variants at a location (the working location by
 * default, where the user may add batches), from a supplier, at its own cost, more than 0 of it.
 * Editing never takes a batch below what was sold and never moves it: moving stock is a transfer.
 */
export function BatchFormModal({ item, variant, batch, workingLocationId, catalogue, writes, onClose, onSaved }: BatchFormModalProps) {
  const { dateFormat } = useCalendar();
  const [form] = Form.useForm<Values>();
  const can = useCan();
  const locations = catalogue.locations.filter((location) => can(batch ? 'update:batch' : 'create:batch', location._id));

  // A batch's cost is shown (and so edited) only to those who see costs; a new one always takes one.
  const costShown = !batch || batch.cost !== undefined;

  const { submit, saving, formError } = useFormSubmit(form, async (values: Values) => {
    const dateAdded = values.dateAdded ? values.dateAdded.toISOString() : undefined;
    const { item: saved } = batch
      ? await writes.updateBatch.mutateAsync({
          _id: batch._id,
          supplierID: values.supplierID ?? null,
          quantity: values.quantity,
          cost: costShown ? values.cost : undefined,
          dateAdded,
        })
      : await writes.addBatch.mutateAsync({
          // A simple item's batch is its own (the field shows only for variant items).
          itemID: item.simpleItem ? item._id : values.itemID,
          locationID: values.locationID,
          supplierID: values.supplierID ?? null,
          quantity: values.quantity,
          cost: values.cost,
          dateAdded,
        });
    onSaved(saved);
  });


  const targets = item.simpleItem ? [{ value: item._id, label: item.itemName }] : item.subItems.map((sub) => ({ value: sub._id, label: sub.variantName ?? sub.itemName }));
  return (
    <FormModal
      title={batch ? 'Edit batch' : `Add a batch of ${variant ? `${item.itemName} (${variant.variantName})` : item.itemName}`}
      okText={batch ? 'Save changes' : 'Add batch'}
      onCancel={onClose}
      form={form}
      saving={saving}
      formError={formError}
    >
      <Form<Values>
        form={form}
        name={batch ? 'edit-batch' : 'add-batch'}
        layout="vertical"
        initialValues={{
          itemID: batch?.itemID ?? variant?._id ?? (item.simpleItem ? item._id : undefined),
          locationID: batch?.locationID ?? defaultLocation(locations, workingLocationId),
          supplierID: batch?.supplierID ?? null,
          quantity: batch ? formatQuantity(batch.quantity) : '',
          cost: batch?.cost ?? '',
          dateAdded: batch ? dayjs(batch.dateAdded) : dayjs(),
        }}
        onFinish={submit}
      >
        {!item.simpleItem && (
          <Form.Item label="Variant" name="itemID" rules={[{ required: true, message: 'Choose a variant.' }]}>
            <Select options={targets} disabled={Boolean(batch)} placeholder="Choose a variant" />
          </Form.Item>
        )}
        <Form.Item
          label="Location"
          name="locationID"
          rules={[{ required: true, message: 'Choose a location.' }]}
          extra={batch ? 'A batch stays where it was added: moving stock to another location is a transfer.' : undefined}
        >
          <Select
            data-testid="batch-location"
            disabled={Boolean(batch)}
            placeholder="Choose a location"
            options={(batch ? catalogue.locations : locations).map((location) => ({ value: location._id, label: location.name }))}
          />
        </Form.Item>
        {can('view:supplier') && (
          <Form.Item label="Supplier" name="supplierID">
            <Select
              allowClear
              placeholder="No supplier"
              options={catalogue.suppliers.map((supplier) => ({ value: supplier._id, label: supplier.name }))}
              optionFilterProp="label"
              showSearch
            />
          </Form.Item>
        )}
        <Form.Item
          label="Quantity"
          name="quantity"
          required
          rules={[
            quantityRule,
            {
              validator: async (_rule, value: string) => {
                if (!value || !/^\d+(\.\d+)?$/.test(value.trim())) return;
                // More than 0, and (editing) not below what was sold.
                const problem = batchQuantityProblem(value.trim(), batch?.quantitySold ?? '0');
                if (problem) throw new Error(problem);
              },
            },
          ]}
          extra={batch && Number(batch.quantitySold) > 0 ? <Typography.Text type="secondary">{formatQuantity(batch.quantitySold)} already sold from it.</Typography.Text> : undefined}
        >
          <Input inputMode="decimal" autoComplete="off" />
        </Form.Item>
        {costShown && (
          <Form.Item label="Cost per unit" name="cost" required rules={[costRule]}>
            <Input inputMode="decimal" autoComplete="off" />
          </Form.Item>
        )}
        <Form.Item label="Date added" name="dateAdded">
          <DatePicker format={dateFormat} style={{ width: '100%' }} />
        </Form.Item>
      </Form>
    </FormModal>
  );
}

/** A new batch's location: the working one where the user may add there, else their only one. */
function defaultLocation(allowed: readonly { _id: string }[], workingLocationId: string | undefined): string | undefined {
  if (workingLocationId && allowed.some((location) => location._id === workingLocationId)) return workingLocationId;
  return allowed.length === 1 ? allowed[0]!._id : undefined;
}
