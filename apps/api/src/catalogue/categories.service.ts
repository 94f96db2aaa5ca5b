import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { InventoryErrorCode, type Category, type UpdateCategoryRequest } from '@stockbook/contracts';
import type { AuthContext } from '../auth/auth-context';
import { returnedRows } from '../common/database/returned-rows';
import { AppError } from '../common/errors/app-error';
import { WritePath, type Written } from '../writes/write-path.service';

interface CategoryRow {
  id: string;
  name: string;
  level: number;
  parent_category_id: string | null;
}

const toCategory = (row: CategoryRow): Category => ({
  _id: row.id,
  name: row.name,
  level: row.level,
  parentCategory: row.parent_category_id,
});

const NAME_TAKEN = new AppError(InventoryErrorCode.NameTaken, 'A category of that name is already there.', {
  name: ['A category of that name is already there. Choose another name or place.'],
});

const COLUMNS = 'id, name, level, parent_category_id';

/** The category tree: a category sits under at most one parent, one level below it. */
@Injectable()
export class CategoriesService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly writes: WritePath,
  ) {}

  async list(businessId: string, inUseOnly = false): Promise<Category[]> {
    const rows = (await this.dataSource.query(
      `SELECT ${COLUMNS} FROM categories c
        WHERE c.business_id = $1
          ${inUseOnly ? `AND EXISTS (SELECT 1 FROM item_categories ic JOIN items i ON i.id = ic.item_id WHERE ic.category_id = c.id AND i.deleted_at IS NULL)` : ''}
        ORDER BY c.level, lower(c.name)`,
      [businessId],
    )) as CategoryRow[];
    return rows.map(toCategory);
  }

  /** `within`: as a savepoint of the caller's transaction (an import row creating what it names). */
  async add(auth: AuthContext, input: { name: string; parentCategory: string | null }, within?: EntityManager): Promise<Category> {
    return this.write(auth, async (manager) => {
      const parent = input.parentCategory ? await this.find(manager, auth.businessId, input.parentCategory) : null;
      const [row] = (await manager.query(
        `INSERT INTO categories (business_id, name, level, parent_category_id) VALUES ($1, $2, $3, $4) RETURNING ${COLUMNS}`,
        [auth.businessId, input.name, parent ? parent.level + 1 : 1, parent?.id ?? null],
      )) as CategoryRow[];
      return { value: row!, action: 'Created', description: `Created category ${row!.name}${parent ? ` under ${parent.name}` : ''}` };
    }, within);
  }

  /** Renames and/or moves a category; its whole subtree follows, one level below it. */
  async update(auth: AuthContext, input: UpdateCategoryRequest): Promise<Category> {
    return this.write(auth, async (manager) => {
      const category = await this.find(manager, auth.businessId, input._id, true);
      let parentId = category.parent_category_id;
      let level = category.level;
      if (input.parentCategory !== undefined && input.parentCategory !== category.parent_category_id) {
        const parent = input.parentCategory ? await this.find(manager, auth.businessId, input.parentCategory) : null;
        if (parent && (await this.subtreeIds(manager, category.id)).includes(parent.id)) {
          throw new AppError(InventoryErrorCode.CategoryCycle, 'A category cannot go under itself or one of its own subcategories.', {
            parentCategory: ['A category cannot go under itself or one of its own subcategories.'],
          });
        }
        parentId = parent?.id ?? null;
        level = parent ? parent.level + 1 : 1;
      }
      const [updated] = returnedRows<CategoryRow>(
        await manager.query(
          `UPDATE categories SET name = $2, parent_category_id = $3, level = $4, updated_at = now() WHERE id = $1 RETURNING ${COLUMNS}`,
          [category.id, input.name ?? category.name, parentId, level],
        ),
      );
      if (level !== category.level) {
        await manager.query(
          `WITH RECURSIVE tree AS (
             SELECT id, level FROM categories WHERE id = $1
             UNION ALL
             SELECT c.id, tree.level + 1 FROM categories c JOIN tree ON c.parent_category_id = tree.id
           )
           UPDATE categories SET level = tree.level, updated_at = now() FROM tree WHERE categories.id = tree.id AND categories.id <> $1`,
          [category.id],
        );
      }
      return { value: updated!, action: 'Updated', description: `Updated category ${updated!.name}` };
    });
  }

  /** Refused (409) while items use the category or it has subcategories. */
  async delete(auth: AuthContext, id: string): Promise<void> {
    await this.write(auth, async (manager) => {
      const category = await this.find(manager, auth.businessId, id, true);
      const [{ children, items }] = (await manager.query(
        `SELECT (SELECT count(*)::int FROM categories WHERE parent_category_id = $1) AS children,
                (SELECT count(*)::int FROM item_categories ic JOIN items i ON i.id = ic.item_id WHERE ic.category_id = $1 AND i.deleted_at IS NULL) AS items`,
        [category.id],
      )) as { children: number; items: number }[];
      if (children > 0) {
        throw new AppError(InventoryErrorCode.HasChildren, `${category.name} has ${children} subcategor${children === 1 ? 'y' : 'ies'}: move or delete them first.`);
      }
      if (items > 0) {
        throw new AppError(InventoryErrorCode.InUse, `${category.name} is used by ${items} item${items === 1 ? '' : 's'}: take it off them first.`);
      }
      // Deleted items may still name it; they keep their history without it.
      await manager.query(`DELETE FROM item_categories WHERE category_id = $1`, [category.id]);
      await manager.query(`DELETE FROM categories WHERE id = $1`, [category.id]);
      return { value: category, action: 'Deleted', description: `Deleted category ${category.name}` };
    });
  }

  private async write(auth: AuthContext, work: (manager: EntityManager) => Promise<Written<CategoryRow>>, within?: EntityManager): Promise<Category> {
    return toCategory(
      await this.writes.write(auth, { entity: 'Category', changes: ['categories'], within, conflicts: { uq_categories_sibling_name: NAME_TAKEN } }, work),
    );
  }

  private async find(manager: EntityManager, businessId: string, id: string, lock = false): Promise<CategoryRow> {
    const [row] = (await manager.query(
      `SELECT ${COLUMNS} FROM categories WHERE id = $1 AND business_id = $2 ${lock ? 'FOR UPDATE' : ''}`,
      [id, businessId],
    )) as CategoryRow[];
    if (!row) throw AppError.notFound('No such category in your business.');
    return row;
  }

  private async subtreeIds(manager: EntityManager, id: string): Promise<string[]> {
    const rows = (await manager.query(
      `WITH RECURSIVE tree AS (
         SELECT id FROM categories WHERE id = $1
         UNION ALL
         SELECT c.id FROM categories c JOIN tree ON c.parent_category_id = tree.id
       ) SELECT id FROM tree`,
      [id],
    )) as { id: string }[];
    return rows.map((row) => row.id);
  }
}
