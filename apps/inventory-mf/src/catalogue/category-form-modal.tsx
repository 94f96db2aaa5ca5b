import { Form, Input, TreeSelect } from 'antd';
import { AddCategoryRequestSchema, type Category } from '@stockbook/contracts';
import { FormModal, schemaRule, useFormSubmit } from '@stockbook/ui/antd';
import { categoryOptions, categoryTree, type CategoryNode } from '../common/category-tree';
import type { CatalogueWrites } from './use-catalogue-writes';

interface Values {
  name: string;
  parentCategory?: string | null;
}

interface CategoryFormModalProps {
  categories: readonly Category[];
  /** The category to rename or move; none to add one. */
  category?: Category;
  /** For a new category: the parent it goes under. */
  parentId?: string | null;
  writes: CatalogueWrites;
  onClose(): void;
  onSaved(category: Category): void;
}

const nameRule = schemaRule(AddCategoryRequestSchema.shape.name);

/** The tree without `id` and everything under it: a category cannot move under itself. */
function without(nodes: readonly CategoryNode[], id: string | undefined): CategoryNode[] {
  return nodes.filter((node) => node.category._id !== id).map((node) => ({ ...node, children: without(node.children, id) }));
}

/** Add a category (at the top or under a parent), or rename and move one. */
export function CategoryFormModal({ categories, category, parentId = null, writes, onClose, onSaved }: CategoryFormModalProps) {
  const [form] = Form.useForm<Values>();
  const { submit, saving, formError } = useFormSubmit(form, async (values: Values) => {
    const parentCategory = values.parentCategory ?? null;
    const saved = category
      ? await writes.updateCategory.mutateAsync({ _id: category._id, name: values.name, parentCategory })
      : await writes.addCategory.mutateAsync({ name: values.name, parentCategory });
    onSaved(saved.category);
  });
  return (
    <FormModal
      title={category ? `Edit ${category.name}` : 'Add a category'}
      okText={category ? 'Save changes' : 'Add category'}
      onCancel={onClose}
      form={form}
      saving={saving}
      formError={formError}
    >
      <Form<Values>
        form={form}
        name={category ? 'edit-category' : 'add-category'}
        layout="vertical"
        initialValues={{ name: category?.name ?? '', parentCategory: category ? category.parentCategory : parentId }}
        onFinish={submit}
      >
        <Form.Item label="Name" name="name" required rules={[nameRule]}>
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item label="Parent category" name="parentCategory" extra="Leave empty for a top-level category.">
          <TreeSelect
            allowClear
            treeDefaultExpandAll
            placeholder="None: a top-level category"
            treeData={categoryOptions(without(categoryTree(categories), category?._id))}
          />
        </Form.Item>
      </Form>
    </FormModal>
  );
}
