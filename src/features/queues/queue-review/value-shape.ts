import { formatCount } from "@/lib/number-format";

/**
 * Facts about a call's value that the tree needs, each without walking the value: a model's
 * output may hold 200,000 leaves or 3,000 levels of nesting, so nothing here recurses and nothing
 * looks further than one level down (or, for the first view, than the rows it will show).
 */

/** Entries of one object or array shown before "Show more". */
export const CHILDREN_PAGE = 100;

export const isContainer = (value: unknown): value is object => value !== null && typeof value === "object";

/** The keys of an object, or null for an array (its indexes need no list). */
export const keysOf = (value: object): string[] | null => (Array.isArray(value) ? null : Object.keys(value));

export const entryCount = (value: object, keys: string[] | null): number =>
  keys ? keys.length : (value as unknown[]).length;

/** `{3 keys}` or `[200,000 items]`. */
export function summaryOf(value: object, count: number): string {
  if (Array.isArray(value)) return `[${formatCount(count)} ${count === 1 ? "item" : "items"}]`;
  return `{${formatCount(count)} ${count === 1 ? "key" : "keys"}}`;
}

/** The entries from `start` to `end` (exclusive), as [label, value]: only these are read. */
export function entriesBetween(value: object, keys: string[] | null, start: number, end: number): [string, unknown][] {
  const entries: [string, unknown][] = [];
  const stop = Math.min(end, entryCount(value, keys));
  for (let i = start; i < stop; i++) {
    const key = keys ? (keys[i] as string) : String(i);
    entries.push([key, keys ? (value as Record<string, unknown>)[key] : (value as unknown[])[i]]);
  }
  return entries;
}

/**
 * Which objects and arrays start open: level by level down to `openDepth`, a whole level at a time
 * while the rows it shows fit in `rowBudget` (the root always opens: its rows are windowed
 * anyway). A small call opens as before; a 60×60×60 object opens its first level only instead of
 * 3,600 rows. Iterative, and it looks only at the entries that would be on screen.
 */
export function planOpenNodes(root: unknown, openDepth: number, rowBudget: number): Set<object> {
  const open = new Set<object>();
  if (!isContainer(root) || openDepth <= 0) return open;
  let rows = 0;
  let level: object[] = [root];
  for (let depth = 0; depth < openDepth && level.length > 0; depth++) {
    const shown: { node: object; keys: string[] | null; count: number }[] = [];
    let levelRows = 0;
    for (const node of level) {
      const keys = keysOf(node);
      const count = Math.min(entryCount(node, keys), CHILDREN_PAGE);
      levelRows += count;
      // Stop listing keys as soon as the level cannot fit.
      if (depth > 0 && rows + levelRows > rowBudget) return open;
      shown.push({ node, keys, count });
    }
    rows += levelRows;
    const next: object[] = [];
    for (const { node, keys, count } of shown) {
      open.add(node);
      for (const [, child] of entriesBetween(node, keys, 0, count)) if (isContainer(child)) next.push(child);
    }
    level = next;
  }
  return open;
}
