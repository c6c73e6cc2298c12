import type * as z from "zod/mini";

/**
 * Readable messages for zod issues, the app's one place for their wording. The contract uses
 * zod/mini, which carries no message catalogue (its default text is "Invalid input"), so what was
 * wrong is said here, in two voices: to a person filling a form or picking a file
 * (`readableIssues`: "should be a number, not the text …"; custom messages written in the contract,
 * such as "must not be empty", are kept), and in an error about a service's answer, which a
 * developer reads (`describeResponseIssues`: "items.3.call_id: expected string, received number").
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
      return issue.input === undefined
        ? "is required"
        : `should be ${article(issue.expected)}, not ${typeName(issue.input)}`;
    case "too_small":
      if (issue.origin === "array")
        return `needs at least ${String(issue.minimum)} item${issue.minimum === 1 ? "" : "s"}`;
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
  if (typeof value === "string")
    return `the text ${JSON.stringify(value.length > 20 ? `${value.slice(0, 20)}…` : value)}`;
  return article(typeof value);
}

/** "items.3.call_id: expected string, received number" for the first few issues of a service answer that failed validation. */
export function describeResponseIssues(issues: readonly z.core.$ZodIssue[], max = 3): string {
  const parts = issues.slice(0, max).map((issue) => {
    const path = issue.path.map(String).join(".");
    const text = responseIssueText(issue);
    return path ? `${path}: ${text}` : text;
  });
  const more = issues.length > max ? ` (and ${issues.length - max} more)` : "";
  return parts.join("; ") + more;
}

function responseIssueText(issue: z.core.$ZodIssue): string {
  switch (issue.code) {
    case "invalid_type":
      // `input` is there because the API module parses with reportInput.
      return `expected ${issue.expected}, received ${kindOf(issue.input)}`;
    case "invalid_value":
      return `expected one of ${issue.values.map((v) => JSON.stringify(v)).join(", ")}`;
    case "too_small":
      return `expected at least ${String(issue.minimum)}`;
    case "too_big":
      return `expected at most ${String(issue.maximum)}`;
    case "unrecognized_keys":
      return `unexpected keys ${issue.keys.join(", ")}`;
    case "invalid_format":
      return `expected format ${issue.format}`;
    default:
      return issue.message && issue.message !== "Invalid input" ? issue.message : "invalid value";
  }
}

function kindOf(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  return typeof value;
}
