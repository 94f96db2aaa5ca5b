import { Tag } from 'antd';
import type { ItemAttribute } from '@stockbook/contracts';

/** An item's or variant's attribute values as tags (`Size: Large`), or `empty` when it has none. */
export function AttributeTags({ attributes, empty = null }: { attributes: readonly ItemAttribute[]; empty?: string | null }) {
  if (attributes.length === 0) return empty;
  return attributes.map((entry) => <Tag key={entry._id}>{`${entry.attribute.name}: ${entry.value}`}</Tag>);
}
