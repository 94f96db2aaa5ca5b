import type { Category } from '@stockbook/contracts';
import { categoryPaths, categoryTree } from './category-tree';

const cat = (_id: string, name: string, parentCategory: string | null = null, level = 1): Category => ({ _id, name, parentCategory, level });

describe('category tree', () => {
  const list = [cat('s', 'Shirts', 'c', 2), cat('c', 'Clothing'), cat('a', 'Accessories'), cat('t', 'T-shirts', 's', 3), cat('o', 'Orphan', 'gone', 2)];

  it('nests categories under their parents, each level by name, orphans at the top', () => {
    const tree = categoryTree(list);
    expect(tree.map((n) => n.category.name)).toEqual(['Accessories', 'Clothing', 'Orphan']);
    expect(tree[1]!.children[0]!.category.name).toBe('Shirts');
    expect(tree[1]!.children[0]!.children[0]!.category.name).toBe('T-shirts');
  });

  it('writes each path from the top', () => {
    const paths = categoryPaths(list, ' > ');
    expect(paths.get('t')).toBe('Clothing > Shirts > T-shirts');
    expect(paths.get('c')).toBe('Clothing');
    expect(paths.get('o')).toBe('Orphan');
  });

  it('writes each name as asked (escaped for a CSV cell)', () => {
    const paths = categoryPaths([cat('w', 'Wear > men'), cat('t', 'Tops; shirts', 'w', 2)], ' > ', (name) => name.replace(/[;>]/g, (c) => `\\${c}`));
    expect(paths.get('t')).toBe('Wear \\> men > Tops\\; shirts');
  });

  it('survives a cycle without looping', () => {
    const paths = categoryPaths([cat('x', 'X', 'y'), cat('y', 'Y', 'x')], '/');
    expect(paths.size).toBe(2);
  });
});
