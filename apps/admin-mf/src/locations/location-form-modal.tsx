import { Form, Input, Select, Switch } from 'antd';
import { Link } from 'react-router-dom';
import { CreateLocationRequestSchema, type CreateLocationRequest, type Location, type TaxRate } from '@stockbook/contracts';
import { FormModal, schemaRule, useCurrentUser, useFormSubmit } from '@stockbook/ui/antd';
import { taxRateLabel } from '../tax/tax-rate-label';

type LocationValues = Required<CreateLocationRequest>;

/** The form's own values: the default tax rate as a select's value, NO_TAX for none. */
type LocationFields = Omit<LocationValues, 'taxRateID'> & { taxRateID: string };

/** The select's value for "No tax" (taxRateID null): no rate's id looks like it. */
const NO_TAX = 'none';

/** Where an administrator sets the business's tax rates (the shell's route for a tax rate). */
const TAX_RATES_PATH = '/x/admin/business';

const fields = CreateLocationRequestSchema.shape;

interface LocationFormModalProps {
  /** The location to edit; none to add one. */
  location?: Location;
  /** The business's rates, once loaded. */
  taxRates: readonly TaxRate[] | undefined;
  /** The rates could not be loaded: the location keeps what it has unless one is chosen. */
  taxRatesFailed: boolean;
  onCancel(): void;
  onSave(values: LocationValues): Promise<unknown>;
  onSaved(values: LocationValues): void;
}

/** The default tax rate's options: no tax, then each rate; a current rate not (yet) listed keeps an option, never a bare id. */
function taxRateOptions(rates: readonly TaxRate[] | undefined, current: string | null | undefined) {
  const options = [{ value: NO_TAX, label: 'No tax' }, ...(rates ?? []).map((rate) => ({ value: rate._id, label: taxRateLabel(rate) }))];
  if (current && !options.some((option) => option.value === current)) options.push({ value: current, label: rates ? 'A deleted tax rate' : 'Loading tax rates...' });
  return options;
}

/** Said under the select while the business has no rate: where rates are set. */
function NoRatesHint() {
  const { isAdmin } = useCurrentUser();
  return isAdmin ? (
    <>
      No tax rates yet: add them on the{' '}
      <Link to={TAX_RATES_PATH} style={{ textDecoration: 'underline' }}>
        business profile
      </Link>
      .
    </>
  ) : (
    <>No tax rates yet: an administrator adds them on the business profile.</>
  );
}

/** Add or edit a location: its name, address, contact number, whether it sells and its default tax rate. */
export function LocationFormModal({ location, taxRates, taxRatesFailed, onCancel, onSave, onSaved }: LocationFormModalProps) {
  const [form] = Form.useForm<LocationFields>();

  const { submit, saving, formError } = useFormSubmit(form, async ({ taxRateID, ...rest }: LocationFields) => {
    const values: LocationValues = { ...rest, taxRateID: taxRateID === NO_TAX ? null : taxRateID };
    await onSave(values);
    onSaved(values);
  });

  const taxHint = taxRatesFailed ? (
    'Could not load the tax rates; try again later.'
  ) : taxRates?.length === 0 ? (
    <NoRatesHint />
  ) : (
    'Sales here take this rate, unless an item has its own.'
  );

  return (
    <FormModal
      title={location ? `Edit ${location.name}` : 'Add a location'}
      okText={location ? 'Save changes' : 'Add location'}
      onCancel={onCancel}
      form={form}
      saving={saving}
      formError={formError}
    >
      <Form<LocationFields>
        form={form}
        name={location ? 'edit-location' : 'create-location'}
        layout="vertical"
        initialValues={
          location
            ? {
                name: location.name,
                address: location.address,
                contactNumber: location.contactNumber,
                canSell: location.canSell,
                taxRateID: location.taxRateID ?? NO_TAX,
              }
            : { name: '', address: '', contactNumber: '', canSell: true, taxRateID: NO_TAX }
        }
        onFinish={submit}
      >
        <Form.Item label="Name" name="name" required rules={[schemaRule(fields.name)]}>
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item label="Address" name="address" rules={[schemaRule(fields.address)]}>
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 5 }} />
        </Form.Item>
        <Form.Item label="Contact number" name="contactNumber" rules={[schemaRule(fields.contactNumber)]}>
          <Input type="tel" autoComplete="off" />
        </Form.Item>
        <Form.Item label="Can sell" name="canSell" valuePropName="checked" extra="Locations that sell can issue invoices.">
          <Switch />
        </Form.Item>
        <Form.Item label="Default tax rate" name="taxRateID" extra={taxHint}>
          <Select loading={!taxRates && !taxRatesFailed} options={taxRateOptions(taxRates, location?.taxRateID)} />
        </Form.Item>
      </Form>
    </FormModal>
  );
}
