import { useDeferredValue } from 'react';

/** Rows a new table draws before its first paint: a screenful on a desktop, more than a phone shows. */
export const FIRST_PAINT_ROWS = 15;

/**
 * The rows of a table that has just arrived, in two stages: on its first render only the first
 * `first`, so they are on screen after one short render; the rest in a background render right
 * after (React's deferred value: interruptible, yielding to the browser). A 50-row page of the
 * items table took about 80 ms more before any row showed when drawn at once. A short table is
 * drawn at once. Later, a longer page that replaces a shorter one shows as many rows as the old
 * one had, then the rest in the background.
 */
export function useRowsInStages<Row>(rows: readonly Row[], first = FIRST_PAINT_ROWS): readonly Row[] {
  const shown = useDeferredValue(rows.length, rows.length > first ? first : undefined);
  return shown < rows.length ? rows.slice(0, shown) : rows;
}
