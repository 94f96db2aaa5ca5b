import { Button, Form, Input, Space, Typography } from 'antd';
import { useId, useState, type KeyboardEvent, type ReactNode } from 'react';
import { errorMessage, useCan } from '@stockbook/ui/antd';
import { useCatalogueWrites } from '../catalogue/use-catalogue-writes';

/** Enter in an inline field adds, instead of submitting the item form around it. */
const onEnter = (add: () => void) => (event: KeyboardEvent) => {
  if (event.key !== 'Enter') return;
  event.preventDefault();
  add();
};

/** A link that opens a small inline form, and what it says when the server refuses. */
function InlinePart({ open, onOpen, link, error, children }: { open: boolean; onOpen(): void; link: string; error: string | null; children: ReactNode }) {
  if (!open) {
    return (
      <Button type="dashed" size="small" style={{ marginTop: -12, marginBottom: 16 }} onClick={onOpen}>
        {link}
      </Button>
    );
  }
  return (
    <div style={{ marginTop: -8, marginBottom: 16 }}>
      {children}
      {error && (
        <Typography.Text type="danger" role="alert" style={{ display: 'block' }}>
          {error}
        </Typography.Text>
      )}
    </div>
  );
}

/**
 * "New category" under the item form's categories (issue 24): the category is made at once (at
 * the top of the tree) and chosen, without leaving the form. For those who may create categories.
 */
export function NewCategoryInline() {
  const form = Form.useFormInstance();
  const can = useCan();
  const { addCategory } = useCatalogueWrites();
  const nameId = useId();
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  if (!can('create:category')) return null;
  const add = async () => {
    setError(null);
    try {
      const { category } = await addCategory.mutateAsync({ name });
      form.setFieldValue('categories', [...((form.getFieldValue('categories') as string[] | undefined) ?? []), category._id]);
      setName('');
      setOpen(false);
    } catch (failure) {
      setError(errorMessage(failure));
    }
  };
  return (
    <InlinePart open={open} onOpen={() => setOpen(true)} link="+ New category" error={error}>
      <label htmlFor={nameId} className="sb-sr-only">
        New category name
      </label>
      <Space.Compact style={{ width: '100%' }}>
        <Input id={nameId} autoFocus placeholder="New category name" value={name} onChange={(event) => setName(event.target.value)} onKeyDown={onEnter(() => void add())} />
        <Button onClick={() => void add()} loading={addCategory.isPending}>
          Add category
        </Button>
      </Space.Compact>
    </InlinePart>
  );
}

/**
 * "New attribute" under "Attributes that vary" (issue 24): an attribute and its values ("Size":
 * "S, M, L") made at once, chosen, with all its values, so the variant grid shows every one.
 */
export function NewAttributeInline() {
  const form = Form.useFormInstance();
  const can = useCan();
  const { addAttribute } = useCatalogueWrites();
  const nameId = useId();
  const valuesId = useId();
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const [values, setValues] = useState('');
  const [error, setError] = useState<string | null>(null);
  if (!can('create:attribute')) return null;
  const add = async () => {
    setError(null);
    const list = values.split(',').map((value) => value.trim()).filter(Boolean);
    if (list.length === 0) {
      setError('Give its values, separated by commas: S, M, L.');
      return;
    }
    try {
      const { attribute } = await addAttribute.mutateAsync({ name, values: list });
      form.setFieldValue('variantAttributes', [...((form.getFieldValue('variantAttributes') as string[] | undefined) ?? []), attribute._id]);
      form.setFieldValue(['values', attribute._id], attribute.values.map((value) => value._id));
      setName('');
      setValues('');
      setOpen(false);
    } catch (failure) {
      setError(errorMessage(failure));
    }
  };
  return (
    <InlinePart open={open} onOpen={() => setOpen(true)} link="+ New attribute" error={error}>
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8 }}>
        <div style={{ flex: '1 1 140px' }}>
          <label htmlFor={nameId}>Attribute name</label>
          <Input id={nameId} autoFocus placeholder="Size" value={name} onChange={(event) => setName(event.target.value)} onKeyDown={onEnter(() => void add())} />
        </div>
        <div style={{ flex: '2 1 200px' }}>
          <label htmlFor={valuesId}>Its values</label>
          <Input id={valuesId} placeholder="S, M, L" value={values} onChange={(event) => setValues(event.target.value)} onKeyDown={onEnter(() => void add())} />
        </div>
        <Button style={{ alignSelf: 'flex-end' }} onClick={() => void add()} loading={addAttribute.isPending}>
          Add attribute
        </Button>
      </div>
    </InlinePart>
  );
}
