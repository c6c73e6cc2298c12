import type { UrlIssue } from "./url-issue";

/**
 * Typed readers for the values a page keeps in its URL. Each reads one parameter, accepts only
 * what the page understands, and reports anything else as a `UrlIssue` (shown as a notice) while
 * falling back to the default, so a mistyped or stale link never breaks the page.
 */

/** A 1-based page number; anything else is page 1. */
export function readPage(params: URLSearchParams, param: string, issues: UrlIssue[]): number {
  const raw = params.get(param);
  if (raw === null) return 1;
  const page = /^\d+$/.test(raw.trim()) ? Number(raw.trim()) : NaN;
  if (!Number.isSafeInteger(page) || page < 1) {
    issues.push({ param, value: raw, reason: "is not a page number (1, 2, 3, …)" });
    return 1;
  }
  return page;
}

/** One of a fixed set of numbers (a page size); anything else is the fallback. */
export function readNumberChoice<N extends number>(
  params: URLSearchParams,
  param: string,
  choices: readonly N[],
  fallback: N,
  issues: UrlIssue[],
  noun: string,
): N {
  const raw = params.get(param);
  if (raw === null) return fallback;
  const value = Number(raw.trim());
  const choice = choices.find((c) => c === value);
  if (choice === undefined) {
    issues.push({ param, value: raw, reason: `is not a ${noun} (use ${choices.join(", ")})` });
    return fallback;
  }
  return choice;
}

/** One of a fixed set of words (an order, a direction); anything else is the fallback. */
export function readChoice<C extends string, F extends C | null>(
  params: URLSearchParams,
  param: string,
  choices: readonly C[],
  fallback: F,
  issues: UrlIssue[],
  noun: string,
): C | F {
  const raw = params.get(param);
  if (raw === null) return fallback;
  const choice = choices.find((c) => c === raw.trim());
  if (choice === undefined) {
    issues.push({ param, value: raw, reason: `is not ${noun} (use ${choices.join(", ")})` });
    return fallback;
  }
  return choice;
}

/**
 * A comma-separated set drawn from `choices`, returned in the order of `choices` so two links
 * that select the same values read the same. Unknown values are reported; repeats are dropped.
 */
export function readChoiceSet<C extends string>(
  params: URLSearchParams,
  param: string,
  choices: readonly C[],
  issues: UrlIssue[],
  noun: string,
): C[] {
  const raw = params.get(param);
  if (raw === null) return [];
  const picked = new Set<string>();
  for (const part of raw
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean)) {
    if ((choices as readonly string[]).includes(part)) picked.add(part);
    else issues.push({ param, value: part, reason: `is not a ${noun} (use ${choices.join(", ")})` });
  }
  return choices.filter((c) => picked.has(c));
}

/** Free text, trimmed; absent is "". */
export const readText = (params: URLSearchParams, param: string): string => (params.get(param) ?? "").trim();

/** Sets `param` to `value`, or removes it when the value is the default (so a plain view has a plain address). */
export function writeParam(params: URLSearchParams, param: string, value: string, defaultValue = ""): void {
  if (value === defaultValue) params.delete(param);
  else params.set(param, value);
}
