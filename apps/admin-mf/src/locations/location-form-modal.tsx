import { Form, Input, Switch } from 'antd';
import { CreateLocationRequestSchema, type CreateLocationRequest, type Location } from '@stockbook/contracts';
import { FormModal, schemaRule, useFormSubmit } from '@stockbook/ui/antd';

type LocationValues = Required<CreateLocationRequest>;

const fields = CreateLocationRequestSchema.shape;

interface LocationFormModalProps {
  /** The location to edit; none to add one. */
  location?: Location;
  onCancel(): void;
  onSave(values: LocationValues): Promise<unknown>;
  onSaved(values: LocationValues): void;
}

/** Add or edit a location: its name, address, contact number and whether it sells. */
export function LocationFormModal({ location, onCancel, onSave, onSaved }: LocationFormModalProps) {
  const [form] = Form.useForm<LocationValues>();

  const { submit, saving, formError } = useFormSubmit(form, async (values: LocationValues) => {
    await onSave(values);
    onSaved(values);
  });

  return (
    <FormModal
      title={location ? `Edit ${location.name}` : 'Add a location'}
      okText={location ? 'Save changes' : 'Add location'}
      onCancel={onCancel}
      form={form}
      saving={saving}
      formError={formError}
    >
      <Form<LocationValues>
        form={form}
        name={location ? 'edit-location' : 'create-location'}
        layout="vertical"
        initialValues={
          location
            ? { name: location.name, address: location.address, contactNumber: location.contactNumber, canSell: location.canSell }
            : { name: '', address: '', contactNumber: '', canSell: true }
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
      </Form>
    </FormModal>
  );
}
