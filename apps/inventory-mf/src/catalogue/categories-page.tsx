import { App, Button, Empty, Space, Tree, Typography, type TreeDataNode } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { categoriesQueryOptions } from '@stockbook/api-client';
import type { Category } from '@stockbook/contracts';
import { NotAllowed, Page, QueryState, useCan, useNotify } from '@stockbook/ui/antd';
import { categoryTree, type CategoryNode } from '../common/category-tree';
import { CategoryFormModal } from './category-form-modal';
import { failed } from './common';
import { useCatalogueWrites } from './use-catalogue-writes';

type Dialog = { kind: 'add'; parentId: string | null } | { kind: 'edit'; category: Category } | null;

/** The category tree: add at the top or under a category, rename, move, delete (refused while in use or with children). */
export function CategoriesPage() {
  const can = useCan();
  const { categoryId } = useParams();
  const notify = useNotify();
  const { modal } = App.useApp();
  const categories = useQuery({ ...categoriesQueryOptions(), enabled: can('view:category') });
  const writes = useCatalogueWrites();
  const [dialog, setDialog] = useState<Dialog>(null);
  // Every category shows its children unless folded here, new ones included.
  const [folded, setFolded] = useState<ReadonlySet<string>>(new Set());

  if (!can('view:category')) {
    return (
      <Page remote="inventory" title="Categories">
        <NotAllowed>You can't see categories. Ask an administrator for access.</NotAllowed>
      </Page>
    );
  }

  const remove = (category: Category) =>
    writes.deleteCategory.mutate(category._id, {
      onSuccess: () => notify({ kind: 'success', title: `${category.name} deleted` }),
      onError: failed(notify, `Could not delete ${category.name}`),
    });

  const node = ({ category, children }: CategoryNode): TreeDataNode => ({
    key: category._id,
    title: (
      <Space size="small" wrap>
        <Typography.Text strong={category._id === categoryId} aria-current={category._id === categoryId ? 'true' : undefined}>
          {category.name}
        </Typography.Text>
        {can('create:category') && (
          <Button size="small" type="link" aria-label={`Add a category under ${category.name}`} onClick={() => setDialog({ kind: 'add', parentId: category._id })}>
            Add under
          </Button>
        )}
        {can('update:category') && (
          <Button size="small" type="link" aria-label={`Edit category ${category.name}`} onClick={() => setDialog({ kind: 'edit', category })}>
            Edit
          </Button>
        )}
        {can('delete:category') && (
          // A dialog, not a pop-over: the tree re-renders its titles under an open pop-over.
          <Button
            size="small"
            type="link"
            danger
            aria-label={`Delete category ${category.name}`}
            onClick={() => void modal.confirm({ title: `Delete ${category.name}?`, okText: 'Delete', okButtonProps: { danger: true }, onOk: () => remove(category) })}
          >
            Delete
          </Button>
        )}
      </Space>
    ),
    children: children.map(node),
  });

  return (
    <Page
      remote="inventory"
      title="Categories"
      extra={
        can('create:category') && (
          <Button type="primary" onClick={() => setDialog({ kind: 'add', parentId: null })}>
            Add category
          </Button>
        )
      }
    >
      <QueryState query={categories} what="the categories">
        {(list) =>
          list.length === 0 ? (
            <Empty description="No categories yet." />
          ) : (
            <Tree
              aria-label="Categories"
              blockNode
              selectable={false}
              showLine
              expandedKeys={list.map((category) => category._id).filter((id) => !folded.has(id))}
              onExpand={(_keys, { node: target, expanded }) => {
                const next = new Set(folded);
                if (expanded) next.delete(String(target.key));
                else next.add(String(target.key));
                setFolded(next);
              }}
              treeData={categoryTree(list).map(node)}
            />
          )
        }
      </QueryState>
      {dialog && (
        <CategoryFormModal
          categories={categories.data ?? []}
          category={dialog.kind === 'edit' ? dialog.category : undefined}
          parentId={dialog.kind === 'add' ? dialog.parentId : undefined}
          writes={writes}
          onClose={() => setDialog(null)}
          onSaved={(category) => {
            setDialog(null);
            notify({ kind: 'success', title: dialog.kind === 'add' ? `${category.name} added` : `${category.name} saved` });
          }}
        />
      )}
    </Page>
  );
}
