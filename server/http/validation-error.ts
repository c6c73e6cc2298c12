import type * as z from "zod/mini";
import "./zod-messages";
import type { ValidationErrorEntry } from "../../contract/errors";

/**
 * Most entries in one 422 `detail`. Pydantic lists every error; a body of a hundred thousand bad
 * values would then get a 422 of ten megabytes that no one reads past the first screen. The first
 * ones, in order, still name the fields to fix, and the shape stays FastAPI's.
 */
export const MAX_VALIDATION_DETAIL = 100;

/**
 * Turns zod issues into FastAPI's `detail[]` entries (at most `limit`), so the local services
 * answer a bad request exactly as the real (FastAPI) services do: `loc` starts with where the
 * value came from ("body", "query", "path") and the `type` codes are pydantic's.
 */
export function toValidationDetail(
  issues: readonly z.core.$ZodIssue[],
  source: "body" | "query" | "path",
  limit = MAX_VALIDATION_DETAIL,
): ValidationErrorEntry[] {
  const detail: ValidationErrorEntry[] = [];
  for (const issue of issues) {
    if (detail.length >= limit) break;
    const loc = [source, ...issue.path.map((p) => (typeof p === "symbol" ? String(p) : p))];
    if (issue.code === "unrecognized_keys") {
      for (const key of issue.keys.slice(0, limit - detail.length))
        detail.push({ loc: [...loc, key], msg: "Extra inputs are not permitted", type: "extra_forbidden" });
      continue;
    }
    if (issue.code === "invalid_union" && issue.errors.length > 0) {
      // Report the branch(es) that got furthest rather than a bare "invalid input" (see
      // bestBranches); when several tie, each is reported, as pydantic lists every branch.
      const room = limit - detail.length;
      const nested = bestBranches(issue.errors).flatMap((branch) =>
        branch.slice(0, room).map((i) => ({ ...i, path: [...issue.path, ...i.path] })),
      );
      if (nested.length > 0) {
        // Branches that fail alike (a missing field is "Field required" in each) are listed once.
        const seen = new Set<string>();
        for (const entry of toValidationDetail(nested, source, room)) {
          const key = JSON.stringify(entry);
          if (!seen.has(key)) detail.push(entry);
          seen.add(key);
        }
        continue;
      }
    }
    detail.push({ loc, ...describe(issue) });
  }
  return detail;
}

/** Lower is better: minus the deepest issue's depth, the fields missing, the issues in all. */
function branchScore(issues: readonly z.core.$ZodIssue[]): number[] {
  return [
    -issues.reduce((deepest, i) => Math.max(deepest, i.path.length), 0),
    issues.filter((i) => i.code === "invalid_type" && i.input === undefined).length,
    issues.length,
  ];
}

function compareScores(a: readonly number[], b: readonly number[]): number {
  return a.reduce((order, value, k) => order || value - (b[k] ?? 0), 0);
}

/**
 * The union branches that fit the value best: those whose issues reach deepest into it (they
 * matched most of its structure), then those that miss fewest fields (they recognised the keys
 * that were sent), then those with fewest issues. Ranking by issue count alone answered a choice
 * `{message: <not an object>}` with "role: Field required", a field the client never meant to send.
 */
function bestBranches(branches: readonly (readonly z.core.$ZodIssue[])[]): (readonly z.core.$ZodIssue[])[] {
  const scored = branches.map((issues) => ({ issues, score: branchScore(issues) }));
  const best = scored.reduce((min, b) => (compareScores(b.score, min) < 0 ? b.score : min), scored[0]?.score ?? []);
  return scored.filter((b) => compareScores(b.score, best) === 0).map((b) => b.issues);
}

function describe(issue: z.core.$ZodIssue): { msg: string; type: string } {
  switch (issue.code) {
    case "invalid_type":
      if (issue.input === undefined) return { msg: "Field required", type: "missing" };
      return typeMismatch(issue.expected);
    case "invalid_value":
      return {
        msg: `Input should be ${issue.values
          .map((v) => `'${String(v)}'`)
          .join(", ")
          .replace(/, ([^,]*)$/, " or $1")}`,
        type: issue.values.length > 1 ? "enum" : "literal_error",
      };
    case "too_small":
      if (issue.origin === "array" || issue.origin === "set")
        return { msg: `List should have at least ${issue.minimum} item(s)`, type: "too_short" };
      if (issue.origin === "string")
        return {
          msg: issue.message.startsWith("Too small")
            ? `String should have at least ${issue.minimum} character(s)`
            : issue.message,
          type: "string_too_short",
        };
      return {
        msg: `Input should be greater than ${issue.inclusive ? "or equal to " : ""}${issue.minimum}`,
        type: issue.inclusive ? "greater_than_equal" : "greater_than",
      };
    case "too_big":
      if (issue.origin === "array" || issue.origin === "set")
        return { msg: `List should have at most ${issue.maximum} item(s)`, type: "too_long" };
      if (issue.origin === "string")
        return { msg: `String should have at most ${issue.maximum} character(s)`, type: "string_too_long" };
      return {
        msg: `Input should be less than ${issue.inclusive ? "or equal to " : ""}${issue.maximum}`,
        type: issue.inclusive ? "less_than_equal" : "less_than",
      };
    case "invalid_format":
      return {
        msg: issue.message.startsWith("Invalid")
          ? `String should match pattern '${issue.pattern ?? issue.format}'`
          : issue.message,
        type: "string_pattern_mismatch",
      };
    case "invalid_union":
      return { msg: "Input does not match any allowed shape", type: "union_error" };
    default:
      return { msg: issue.message, type: "value_error" };
  }
}

function typeMismatch(expected: string): { msg: string; type: string } {
  switch (expected) {
    case "string":
      return { msg: "Input should be a valid string", type: "string_type" };
    case "int":
      return { msg: "Input should be a valid integer", type: "int_type" };
    case "number":
      return { msg: "Input should be a valid number", type: "float_type" };
    case "boolean":
      return { msg: "Input should be a valid boolean", type: "bool_type" };
    case "array":
      return { msg: "Input should be a valid list", type: "list_type" };
    case "object":
    case "record":
      return { msg: "Input should be a valid dictionary", type: "dict_type" };
    case "null":
      return { msg: "Input should be None", type: "none_required" };
    default:
      return { msg: `Input should be a valid ${expected}`, type: `${expected}_type` };
  }
}
