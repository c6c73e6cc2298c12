import { FEEDBACK_COLUMNS } from "../../../contract/trace-feedback";
import { LIMITS } from "../../../contract/limits";
import { ServiceError } from "../../http/errors";

/**
 * The trace server's query language (`{"$expr": ...}`) turned into an SQLite condition over the
 * feedback table, so filtering uses its indexes instead of reading every row. `$getField` names a
 * column or a dotted path into the payload (`payload.value`); `$literal` is a bound parameter.
 * Anything else (`$convert`, an unknown operator, a path that cannot be one) is a 400 naming it.
 */
export type SqlCondition = { sql: string; params: unknown[] };

const COLUMNS = new Set<string>(FEEDBACK_COLUMNS);

const refuse = (message: string): never => {
  throw new ServiceError(400, `Invalid query: ${message}`, "invalid_query");
};

/** A column, or `json_extract(payload, '$."a"."b"')` for `payload.a.b`. */
export function fieldSql(path: string): SqlCondition {
  if (COLUMNS.has(path)) return { sql: `f.${path}`, params: [] };
  const [head, ...rest] = path.split(".");
  if (head !== "payload" || rest.length === 0 || rest.some((key) => key === "" || key.includes('"'))) {
    refuse(`'${path.slice(0, 100)}' is not a feedback field (use ${FEEDBACK_COLUMNS.join(", ")}, or payload.<path>)`);
  }
  return { sql: "json_extract(f.payload, ?)", params: [`$.${rest.map((key) => `"${key}"`).join(".")}`] };
}

/** SQLite binds no booleans: true and false are 1 and 0, as json_extract returns them. */
const bindable = (value: unknown): unknown => {
  if (typeof value === "boolean") return value ? 1 : 0;
  if (value === null || typeof value === "string" || typeof value === "number") return value;
  return refuse("a $literal must be a string, number, boolean or null here");
};

export function compileQuery(expr: Record<string, unknown>): SqlCondition {
  return operation(expr, 0);
}

function single(node: unknown, depth: number): [string, unknown] {
  if (depth > LIMITS.queryDepth) refuse(`nested deeper than ${LIMITS.queryDepth} levels`);
  if (typeof node !== "object" || node === null || Array.isArray(node)) return refuse("every operation and operand is an object with one key");
  const entries = Object.entries(node);
  if (entries.length !== 1) refuse("every operation and operand is an object with one key");
  return entries[0]!;
}

function list(value: unknown, what: string): unknown[] {
  if (!Array.isArray(value)) return refuse(`${what} takes a list`);
  if (value.length > LIMITS.queryOperands) refuse(`${what} takes at most ${LIMITS.queryOperands} entries`);
  return value;
}

function join(parts: SqlCondition[], separator: string): SqlCondition {
  return { sql: `(${parts.map((p) => p.sql).join(separator)})`, params: parts.flatMap((p) => p.params) };
}

function operation(node: unknown, depth: number): SqlCondition {
  const [op, value] = single(node, depth);
  switch (op) {
    case "$and":
    case "$or": {
      const parts = list(value, op).map((child) => operation(child, depth + 1));
      if (parts.length === 0) return { sql: op === "$and" ? "1" : "0", params: [] };
      return join(parts, op === "$and" ? " AND " : " OR ");
    }
    case "$not": {
      const items = list(value, op);
      if (items.length !== 1) refuse("$not takes a list of one operation");
      const compiled = operation(items[0], depth + 1);
      return { sql: `(NOT ${compiled.sql})`, params: compiled.params };
    }
    case "$eq":
    case "$gt":
    case "$gte": {
      const pair = list(value, op);
      if (pair.length !== 2) refuse(`${op} takes two operands`);
      const [left, right] = pair.map((operand) => operandSql(operand, depth + 1)) as [SqlCondition, SqlCondition];
      const sign = op === "$eq" ? "IS" : op === "$gt" ? ">" : ">=";
      return { sql: `(${left.sql} ${sign} ${right.sql})`, params: [...left.params, ...right.params] };
    }
    case "$in": {
      const pair = list(value, op);
      if (pair.length !== 2) refuse("$in takes an operand and a list of operands");
      const left = operandSql(pair[0], depth + 1);
      const options = list(pair[1], "$in's list").map((operand) => operandSql(operand, depth + 1));
      if (options.length === 0) return { sql: "0", params: [] };
      return { sql: `(${left.sql} IN (${options.map((o) => o.sql).join(", ")}))`, params: [...left.params, ...options.flatMap((o) => o.params)] };
    }
    case "$contains": {
      if (typeof value !== "object" || value === null) return refuse("$contains takes {input, substr, case_insensitive}");
      const { input, substr, case_insensitive: caseInsensitive } = value as Record<string, unknown>;
      const haystack = operandSql(input, depth + 1);
      const needle = operandSql(substr, depth + 1);
      const wrap = (part: SqlCondition) => (caseInsensitive === true ? `lower(${part.sql})` : part.sql);
      return { sql: `(instr(${wrap(haystack)}, ${wrap(needle)}) > 0)`, params: [...haystack.params, ...needle.params] };
    }
    default:
      return refuse(`'${op.slice(0, 40)}' is not an operation this service evaluates ($and, $or, $not, $eq, $gt, $gte, $in, $contains)`);
  }
}

function operandSql(node: unknown, depth: number): SqlCondition {
  const [op, value] = single(node, depth);
  if (op === "$literal") return { sql: "?", params: [bindable(value)] };
  if (op === "$getField") {
    if (typeof value !== "string") return refuse("$getField takes a field name");
    return fieldSql(value);
  }
  if (op === "$convert") return refuse("$convert is not supported by this service");
  return operation(node, depth);
}
