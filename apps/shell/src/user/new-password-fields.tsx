import { Form, Input } from 'antd';
import { PasswordSchema } from '@stockbook/contracts';
import { zodRule } from './form-support';

/** A new password and its repetition, for forms whose values have `password` and `confirm`. */
export function NewPasswordFields({ label = 'New password' }: { label?: string }) {
  return (
    <>
      <Form.Item label={label} name="password" rules={[zodRule(PasswordSchema)]} extra="At least 8 characters.">
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        label={`Repeat the ${label.toLowerCase()}`}
        name="confirm"
        dependencies={['password']}
        rules={[
          ({ getFieldValue }) => ({
            validator: async (_rule, value: unknown) => {
              if (value !== getFieldValue('password')) throw new Error('The two passwords differ.');
            },
          }),
        ]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
    </>
  );
}
