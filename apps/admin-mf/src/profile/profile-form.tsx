import { Button, Form, Input } from 'antd';
import { EmailSchema, UpdateProfileRequestSchema, type CurrentUser, type UpdateProfileRequest } from '@stockbook/contracts';
import { FormAlert, schemaRule, useFormSubmit } from '@stockbook/ui/antd';

interface ProfileValues {
  firstName: string;
  lastName: string;
  email: string;
}

const fields = UpdateProfileRequestSchema.shape;

interface ProfileFormProps {
  user: CurrentUser;
  onSave(body: UpdateProfileRequest): Promise<unknown>;
  onSaved(): void;
}

/** One's own names and e-mail address. */
export function ProfileForm({ user, onSave, onSaved }: ProfileFormProps) {
  const [form] = Form.useForm<ProfileValues>();
  const { submit, saving, formError } = useFormSubmit(form, async (values: ProfileValues) => {
    await onSave(values);
    onSaved();
  });

  return (
    <Form<ProfileValues>
      form={form}
      name="profile"
      layout="vertical"
      style={{ maxWidth: 480 }}
      initialValues={{ firstName: user.firstName, lastName: user.lastName, email: user.email }}
      onFinish={submit}
    >
      <FormAlert message={formError} />
      <Form.Item label="Username">
        <Input value={user.username} disabled aria-label="Username" />
      </Form.Item>
      <Form.Item label="First name" name="firstName" required rules={[schemaRule(fields.firstName.unwrap())]}>
        <Input autoComplete="given-name" />
      </Form.Item>
      <Form.Item label="Last name" name="lastName" required rules={[schemaRule(fields.lastName.unwrap())]}>
        <Input autoComplete="family-name" />
      </Form.Item>
      <Form.Item label="E-mail" name="email" required rules={[schemaRule(EmailSchema)]}>
        <Input type="email" autoComplete="email" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={saving}>
        Save profile
      </Button>
    </Form>
  );
}
