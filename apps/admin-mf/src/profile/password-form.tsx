import { Button, Form, Input } from 'antd';
import { PasswordSchema, type UpdateProfileRequest } from '@stockbook/contracts';
import { FormAlert, schemaRule, useFormSubmit } from '@stockbook/ui/antd';

interface PasswordValues {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

interface PasswordFormProps {
  onSave(body: UpdateProfileRequest): Promise<unknown>;
  onSaved(): void;
}

/** A new password, given the current one. */
export function PasswordForm({ onSave, onSaved }: PasswordFormProps) {
  const [form] = Form.useForm<PasswordValues>();
  const { submit, saving, formError } = useFormSubmit(form, async ({ currentPassword, newPassword }: PasswordValues) => {
    await onSave({ currentPassword, newPassword });
    form.resetFields();
    onSaved();
  });

  return (
    <Form<PasswordValues> form={form} name="change-password" layout="vertical" style={{ maxWidth: 480 }} onFinish={submit}>
      <FormAlert message={formError} />
      <Form.Item
        label="Current password"
        name="currentPassword"
        required
        rules={[{ required: true, message: 'Enter your current password to set a new one.' }]}
      >
        <Input.Password autoComplete="current-password" />
      </Form.Item>
      <Form.Item label="New password" name="newPassword" required rules={[schemaRule(PasswordSchema)]}>
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        label="Repeat the new password"
        name="confirmPassword"
        required
        dependencies={['newPassword']}
        rules={[
          ({ getFieldValue }) => ({
            validator: async (_rule, value: unknown) => {
              if (!value || value !== getFieldValue('newPassword')) throw new Error('The two passwords differ.');
            },
          }),
        ]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={saving}>
        Change password
      </Button>
    </Form>
  );
}
