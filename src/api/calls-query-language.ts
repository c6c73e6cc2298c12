import type { CallsQueryExpr } from "@contract/trace-calls";

/**
 * The calls query language (`{"$expr": ...}`), as upstream's calls query reads it. Free of the
 * contract's schemas: boot.ts builds the Calls page's first request with it (app/first-page-request.ts).
 */
type Expr = Record<string, unknown>;

/** Text contained in a call's inputs or its output, ignoring case. */
export function containsTextExpr(text: string): Expr {
  const contains = (field: string) => ({
    $contains: { input: { $getField: field }, substr: { $literal: text }, case_insensitive: true },
  });
  return { $or: [contains("inputs"), contains("output")] };
}

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

/**
 * Calls started after / before an instant. Upstream compares `started_at` with a number of seconds
 * since the epoch (its own monitors and tests write it so). The query language has no `$lt`:
 * "before" is `$not` of `$gte`, which the service reads as the bound of an index range.
 */
export function startedRangeExprs(range: { after?: Date | null; before?: Date | null }): Expr[] {
  const startedAt = { $getField: "started_at" };
  const exprs: Expr[] = [];
  if (range.after) exprs.push({ $gt: [startedAt, { $literal: seconds(range.after) }] });
  if (range.before) exprs.push({ $not: [{ $gte: [startedAt, { $literal: seconds(range.before) }] }] });
  return exprs;
}

/** One query of all the conditions (ANDed), or null when there are none. */
export function queryOf(exprs: readonly Expr[]): CallsQueryExpr | null {
  if (exprs.length === 0) return null;
  return { $expr: exprs.length === 1 ? exprs[0]! : { $and: [...exprs] } };
}
