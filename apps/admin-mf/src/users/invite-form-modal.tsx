import { Form, Input } from 'antd';
import { InviteStaffRequestSchema, INVITATION_DAYS, type InviteStaffRequest, type Location } from '@stockbook/contracts';
import { FormModal, schemaRule, useFormSubmit } from '@stockbook/ui/antd';
import { initialRole, roleGrant, RoleFields, type RoleValues } from './role-fields';

interface InviteValues extends RoleValues {
  firstName: string;
  lastName: string;
  email: string;
}

interface InviteFormModalProps {
  /** Where the role may apply. */
  locations: readonly Location[];
  onCancel(): void;
  onInvite(body: InviteStaffRequest): Promise<unknown>;
  onInvited(invited: { firstName: string; lastName: string; email: string }): void;
}

const shape = InviteStaffRequestSchema.shape;

/** Invite someone by e-mail with a role: they choose their own username and password from the link. */
export function InviteFormModal({ locations, onCancel, onInvite, onInvited }: InviteFormModalProps) {
  const [form] = Form.useForm<InviteValues>();
  const { submit, saving, formError } = useFormSubmit(form, async (values: InviteValues) => {
    const { firstName, lastName, email } = values;
    await onInvite({ firstName, lastName, email, ...roleGrant(values) });
    onInvited(values);
  });

  return (
    <FormModal title="Invite staff" okText="Send invitation" onCancel={onCancel} form={form} saving={saving} formError={formError}>
      <p>
        We e-mail them a link to choose their own username and password. It works once, for {INVITATION_DAYS} days.
      </p>
      <Form<InviteValues> form={form} layout="vertical" name="invite-staff" initialValues={initialRole(locations)} onFinish={submit}>
        <Form.Item label="First name" name="firstName" required rules={[schemaRule(shape.firstName)]}>
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item label="Last name" name="lastName" required rules={[schemaRule(shape.lastName)]}>
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item label="E-mail" name="email" required rules={[schemaRule(shape.email)]}>
          <Input type="email" autoComplete="off" />
        </Form.Item>
        <RoleFields locations={locations} />
      </Form>
    </FormModal>
  );
}
