import { Button, Form, Input, Select } from 'antd';
import { SendMessageRequestSchema, type SendMessageRequest } from '@stockbook/contracts';
import { FormAlert, schemaRule, useFormSubmit } from '@stockbook/ui/antd';

export interface Recipient {
  id: string;
  name: string;
}

interface SendValues {
  to: string;
  subject: string;
  body: string;
}

interface SendMessageFormProps {
  recipients: readonly Recipient[];
  onSend(body: SendMessageRequest): Promise<unknown>;
  onSent(recipient: string): void;
}

const fields = SendMessageRequestSchema.shape;

/** Write to a staff member of the business. */
export function SendMessageForm({ recipients, onSend, onSent }: SendMessageFormProps) {
  const [form] = Form.useForm<SendValues>();
  const { submit, saving: sending, formError } = useFormSubmit(form, async (values: SendValues) => {
    await onSend(values);
    form.resetFields();
    onSent(recipients.find((recipient) => recipient.id === values.to)?.name ?? 'them');
  });

  return (
    <Form<SendValues> form={form} name="send-message" layout="vertical" onFinish={submit} style={{ maxWidth: 640 }} initialValues={{ subject: '', body: '' }}>
      <FormAlert message={formError} />
      <Form.Item label="To" name="to" required rules={[schemaRule(fields.to)]}>
        <Select
          showSearch
          optionFilterProp="label"
          options={recipients.map((recipient) => ({ label: recipient.name, value: recipient.id }))}
        />
      </Form.Item>
      <Form.Item label="Subject" name="subject" rules={[schemaRule(fields.subject)]}>
        <Input />
      </Form.Item>
      <Form.Item label="Message" name="body" required rules={[schemaRule(fields.body)]}>
        <Input.TextArea autoSize={{ minRows: 3, maxRows: 10 }} />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={sending}>
        Send message
      </Button>
    </Form>
  );
}
