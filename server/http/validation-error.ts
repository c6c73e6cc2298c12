import type { z } from "zod";
import type { ValidationErrorEntry } from "../../contract/errors";

/**
 * Turns zod issues into FastAPI's `detail[]` entries, so the local services answer a bad request
 * exactly as the real (FastAPI) services do: `loc` starts with where the value came from
 * ("body", "query", "path") and the `type` codes are pydantic's.
 */
export function toValidationDetail(issues: readonly z.core.$ZodIssue[], source: "body" | "query" | "path"): ValidationErrorEntry[] {
  const detail: ValidationErrorEntry[] = [];
  for (const issue of issues) {
    const loc = [source, ...issue.path.map((p) => (typeof p === "symbol" ? String(p) : p))];
    if (issue.code === "unrecognized_keys") {
      for (const key of issue.keys) detail.push({ loc: [...loc, key], msg: "Extra inputs are not permitted", type: "extra_forbidden" });
      continue;
    }
    if (issue.code === "invalid_union" && issue.errors.length > 0) {
      // Report the branch that got furthest (fewest issues) rather than a bare "invalid input".
      const best = [...issue.errors].sort((a, b) => a.length - b.length)[0] ?? [];
      const nested = best.map((i) => ({ ...i, path: [...issue.path, ...i.path] }));
      if (nested.length > 0) {
        detail.push(...toValidationDetail(nested, source));
        continue;
      }
    }
    detail.push({ loc, ...describe(issue) });
  }
  return detail;
}

function describe(issue: z.core.$ZodIssue): { msg: string; type: string } {
  switch (issue.code) {
    case "invalid_type":
      if (issue.input === undefined) return { msg: "Field required", type: "missing" };
      return typeMismatch(issue.expected);
    case "invalid_value":
      return {
        msg: `Input should be ${issue.values.map((v) => `'${String(v)}'`).join(", ").replace(/, ([^,]*)$/, " or $1")}`,
        type: issue.values.length > 1 ? "enum" : "literal_error",
      };
    case "too_small":
      if (issue.origin === "array" || issue.origin === "set") return { msg: `List should have at least ${issue.minimum} item(s)`, type: "too_short" };
      if (issue.origin === "string") return { msg: issue.message.startsWith("Too small") ? `String should have at least ${issue.minimum} character(s)` : issue.message, type: "string_too_short" };
      return { msg: `Input should be greater than ${issue.inclusive ? "or equal to " : ""}${issue.minimum}`, type: issue.inclusive ? "greater_than_equal" : "greater_than" };
    case "too_big":
      if (issue.origin === "array" || issue.origin === "set") return { msg: `List should have at most ${issue.maximum} item(s)`, type: "too_long" };
      if (issue.origin === "string") return { msg: `String should have at most ${issue.maximum} character(s)`, type: "string_too_long" };
      return { msg: `Input should be less than ${issue.inclusive ? "or equal to " : ""}${issue.maximum}`, type: issue.inclusive ? "less_than_equal" : "less_than" };
    case "invalid_format":
      return { msg: issue.message.startsWith("Invalid") ? `String should match pattern '${issue.pattern ?? issue.format}'` : issue.message, type: "string_pattern_mismatch" };
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
