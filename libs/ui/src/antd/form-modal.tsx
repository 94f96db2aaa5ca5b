import { Modal, type FormInstance } from 'antd';
import { useState, type ReactNode } from 'react';
import { FormAlert } from './form-alert';
import { applyServerErrors } from './server-errors';

/**
 * Submitting a form that calls the API: `saving` while the call runs; a refusal's field errors
 * go onto the fields and the rest into `formError` (the line above the form); failures the
 * shell announces itself are not said twice.
 */
export function useFormSubmit<V>(form: FormInstance<V>, save: (values: V) => Promise<void>) {
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  async function submit(values: V) {
    setFormError(null);
    setSaving(true);
    try {
      await save(values);
    } catch (error) {
      setFormError(applyServerErrors(form, error));
    } finally {
      setSaving(false);
    }
  }
  return { submit, saving, formError };
}

interface FormModalProps {
  title: ReactNode;
  okText: string;
  form: FormInstance;
  saving: boolean;
  formError: string | null;
  onCancel(): void;
  width?: number;
  /** The antd `<Form>` (its `form` is the one given here). */
  children: ReactNode;
}

/** A dialog holding one form: its OK button submits it, and the form's error line sits on top. */
export function FormModal({ title, okText, form, saving, formError, onCancel, width, children }: FormModalProps) {
  return (
    <Modal open title={title} width={width} okText={okText} onOk={() => form.submit()} okButtonProps={{ loading: saving }} onCancel={onCancel} destroyOnHidden forceRender>
      <FormAlert message={formError} />
      {children}
    </Modal>
  );
}
