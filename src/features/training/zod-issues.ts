import type * as z from "zod/mini";

/**
 * Readable messages for zod issues. The contract uses zod/mini, which carries no message
 * catalogue (its default text is "Invalid input"), so the forms and the file check say here what
 * was wrong. Custom messages written in the contract ("must not be empty") are kept as they are.
 */

export type IssueText = { path: (string | number)[]; message: string };

// zod's own texts: "Invalid input" without a catalogue, or the English catalogue's wording where
// one is loaded (the in-process local services load it, and tests run the two together).
const GENERIC = /^(Invalid|Too small|Too big|Unrecognized key)/;

export function readableIssues(issues: readonly z.core.$ZodIssue[]): IssueText[] {
  const out: IssueText[] = [];
  for (const issue of issues) {
    const path = issue.path.map((p) => (typeof p === "symbol" ? String(p) : p));
    if (issue.code === "invalid_union" && issue.errors.length > 0) {
      // Report the alternative that came closest (fewest issues), not "matches no alternative".
      const closest = issue.errors.reduce((best, branch) => (branch.length < best.length ? branch : best));
      out.push(...readableIssues(closest.map((i) => ({ ...i, path: [...issue.path, ...i.path] }))));
      continue;
    }
    out.push({ path, message: describeIssue(issue) });
  }
  return out;
}

export function describeIssue(issue: z.core.$ZodIssue): string {
  if (!GENERIC.test(issue.message)) return issue.message;
  switch (issue.code) {
    case "invalid_type":
      return issue.input === undefined ? "is required" : `should be ${article(issue.expected)}, not ${typeName(issue.input)}`;
    case "too_small":
      if (issue.origin === "array") return `needs at least ${String(issue.minimum)} item${issue.minimum === 1 ? "" : "s"}`;
      if (issue.origin === "string") return "must not be empty";
      return `must be ${issue.inclusive ? "at least" : "greater than"} ${String(issue.minimum)}`;
    case "too_big":
      return `must be ${issue.inclusive ? "at most" : "less than"} ${String(issue.maximum)}`;
    case "unrecognized_keys":
      return `unknown field${issue.keys.length === 1 ? "" : "s"}: ${issue.keys.join(", ")}`;
    case "invalid_value":
      return `must be one of ${issue.values.map((v) => JSON.stringify(v)).join(", ")}`;
    default:
      return "is not valid";
  }
}

function article(expected: string): string {
  if (expected === "int") return "a whole number";
  if (expected === "record") return "an object";
  return /^[aeiou]/.test(expected) ? `an ${expected}` : `a ${expected}`;
}

function typeName(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  if (typeof value === "string") return `the text ${JSON.stringify(value.length > 20 ? `${value.slice(0, 20)}…` : value)}`;
  return article(typeof value);
}
