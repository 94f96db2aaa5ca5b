import type { Category } from '@stockbook/contracts';

export interface CategoryNode {
  readonly category: Category;
  readonly children: CategoryNode[];
}

const byName = (a: CategoryNode, b: CategoryNode) => a.category.name.localeCompare(b.category.name);

/** The categories as a tree, each level by name; a category whose parent is missing sits at the top. */
export function categoryTree(categories: readonly Category[]): CategoryNode[] {
  const nodes = new Map(categories.map((category) => [category._id, { category, children: [] as CategoryNode[] }]));
  const roots: CategoryNode[] = [];
  for (const node of nodes.values()) {
    const parent = node.category.parentCategory ? nodes.get(node.category.parentCategory) : undefined;
    (parent ? parent.children : roots).push(node);
  }
  const sort = (list: CategoryNode[]) => {
    list.sort(byName);
    list.forEach((node) => sort(node.children));
  };
  sort(roots);
  return roots;
}

/** Each category's path from the top, names (as `written`) joined by `separator` ("Clothing > Shirts"). */
export function categoryPaths(categories: readonly Category[], separator: string, written = (name: string) => name): Map<string, string> {
  const byId = new Map(categories.map((category) => [category._id, category]));
  const paths = new Map<string, string>();
  const pathOf = (category: Category, seen: Set<string>): string => {
    const known = paths.get(category._id);
    if (known !== undefined) return known;
    const parent = category.parentCategory ? byId.get(category.parentCategory) : undefined;
    const name = written(category.name);
    const path = parent && !seen.has(parent._id) ? `${pathOf(parent, new Set(seen).add(category._id))}${separator}${name}` : name;
    paths.set(category._id, path);
    return path;
  };
  categories.forEach((category) => pathOf(category, new Set()));
  return paths;
}

/** antd TreeSelect / Tree data: `{ value, title, children }` per node. */
export interface CategoryOption {
  value: string;
  title: string;
  key: string;
  children: CategoryOption[];
}
export function categoryOptions(nodes: readonly CategoryNode[]): CategoryOption[] {
  return nodes.map((node) => ({
    value: node.category._id,
    key: node.category._id,
    title: node.category.name,
    children: categoryOptions(node.children),
  }));
}
