import { Alert } from 'antd';

/** The form-level error line under a form's title; nothing when there is no message. */
export function FormAlert({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return <Alert type="error" showIcon title={message} style={{ marginBottom: 16 }} />;
}
