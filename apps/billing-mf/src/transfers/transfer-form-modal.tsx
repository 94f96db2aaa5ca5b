import { Form, Input, Radio, Select, type FormRule } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { businessQueryOptions } from '@stockbook/api-client';
import { CreateTransferRequestSchema, type Location, type Transfer } from '@stockbook/contracts';
import { COST_INCURSIONS, VALUATION_METHODS, type CostIncursion } from '@stockbook/domain';
import { FormModal, schemaRule, useFormSubmit } from '@stockbook/ui/antd';
import { positive } from '../sale/sale-lines';
import { TransferLineFields } from './transfer-line-fields';
import { incursionProblem, transferRequest, type TransferFormValues } from './transfer-request';
import type { TransferWrites } from './use-transfer-writes';

const shape = CreateTransferRequestSchema.shape;

/** Who bears a cost above 0 must be chosen (the API's COST_INCURSION_REQUIRED, said before sending). */
const incursionRule: FormRule = ({ getFieldValue }) => ({
  validator: async (_rule, value: CostIncursion | undefined) => {
    const problem = incursionProblem(String(getFieldValue('transferCost') ?? ''), value);
    if (problem) throw new Error(problem);
  },
});

interface Props {
  /** Where the user may create a transfer from (create:transfer there). */
  sources: readonly Location[];
  /** Every location the user sees: the destination may be any other. */
  locations: readonly Location[];
  /** The working location, the source to start with when it is one of `sources`. */
  working: string | undefined;
  writes: TransferWrites;
  onClose(): void;
  onSaved(transfer: Transfer): void;
}

/**
 * New transfer: the source (the working location to start with) and destination, the items and
 * variants moved (each found by name, SKU or barcode with its stock at the source, and how many;
 * "Add another item" for several), a cost for the whole transfer and who bears it, and the valuation method when the business chooses one per movement (SELECT). The API's
 * refusals land on their fields (stock short on the quantity, the same location on the destination).
 */
export function TransferFormModal({ sources, locations, working, writes, onClose, onSaved }: Props) {
  const [form] = Form.useForm<TransferFormValues>();
  const business = useQuery(businessQueryOptions());
  const selectMethod = business.data?.inventoryValuationMethod === 'SELECT';
  const source = Form.useWatch('sourceLocationID', form);
  const cost = Form.useWatch('transferCost', form) ?? '';
  const sourceName = sources.find((one) => one._id === source)?.name;

  const { submit, saving, formError } = useFormSubmit(form, async (values: TransferFormValues) => {
    const { transfer } = await writes.create.mutateAsync(transferRequest(values, selectMethod));
    onSaved(transfer);
  });

  const startingSource = working && sources.some((one) => one._id === working) ? working : sources.length === 1 ? sources[0]!._id : undefined;
  return (
    <FormModal title="New transfer" okText="Create transfer" onCancel={onClose} form={form} saving={saving} formError={formError}>
      <Form<TransferFormValues>
        form={form}
        name="new-transfer"
        layout="vertical"
        initialValues={{ sourceLocationID: startingSource, lines: [{ transferQuantity: '' }], transferCost: '', stockValuationMethod: 'FIFO' }}
        onFinish={submit}
      >
        <Form.Item label="Source" name="sourceLocationID" required rules={[schemaRule(shape.sourceLocationID)]}>
          <Select placeholder="Where the stock is" options={sources.map((one) => ({ value: one._id, label: one.name }))} />
        </Form.Item>
        <Form.Item
          label="Destination"
          name="destinationLocationID"
          required
          dependencies={['sourceLocationID']}
          rules={[
            schemaRule(shape.destinationLocationID),
            ({ getFieldValue }) => ({
              validator: async (_rule, value: unknown) => {
                if (value && value === getFieldValue('sourceLocationID')) throw new Error('Choose a destination other than the source.');
              },
            }),
          ]}
        >
          <Select placeholder="Where the stock goes" options={locations.filter((one) => one._id !== source).map((one) => ({ value: one._id, label: one.name }))} />
        </Form.Item>
        <TransferLineFields source={source} sourceName={sourceName} />
        <Form.Item label="Transfer cost" name="transferCost" rules={[schemaRule(shape.transferCost, { optional: true })]} extra="What moving it costs (carriage, fuel); leave empty for none.">
          <Input inputMode="decimal" autoComplete="off" />
        </Form.Item>
        <Form.Item label="Cost borne by" name="costIncursion" required={positive(cost)} dependencies={['transferCost']} rules={[incursionRule]}>
          <Radio.Group
            disabled={!positive(cost)}
            options={COST_INCURSIONS.map((value) => ({ value, label: value === 'Both' ? 'Both (half each)' : value }))}
          />
        </Form.Item>
        {selectMethod && (
          <Form.Item label="Valuation method" name="stockValuationMethod" required rules={[schemaRule(shape.stockValuationMethod)]}>
            <Select options={VALUATION_METHODS.map((method) => ({ value: method, label: method }))} />
          </Form.Item>
        )}
      </Form>
    </FormModal>
  );
}
