import { timestampMs } from "../../../contract/common";
import { FEEDBACK_COLUMNS } from "../../../contract/trace-feedback";
import { LIMITS } from "../../../contract/limits";
import { ServiceError } from "../../http/errors";

/**
 * The trace server's query language (`{"$expr": ...}`) turned into an SQLite condition, so
 * filtering uses indexes instead of reading every row. What `$getField` names is the caller's
 * (a FieldResolver: feedback columns and payload paths here, call fields in calls-query/); `$literal`
 * is a bound parameter. Anything else (`$convert`, an unknown operator, a path that cannot be one)
 * is a 400 naming it.
 */
export type SqlCondition = { sql: string; params: unknown[] };

/**
 * A field as SQL. `epochMs`: the column holds epoch milliseconds, so a literal compared with it is
 * read as a time: a number is epoch seconds (as upstream compares its DateTime64 columns), a string
 * an ISO 8601 date and time.
 */
export type FieldSql = SqlCondition & { epochMs?: boolean };
export type FieldResolver = (path: string) => FieldSql;

type Operand = FieldSql & { literal?: unknown };

const COLUMNS = new Set<string>(FEEDBACK_COLUMNS);

const refuse = (message: string): never => {
  throw new ServiceError(400, `Invalid query: ${message}`, "invalid_query");
};

/**
 * A JSONPath for SQLite's json_extract (`$."a"[0]."b"` for `a.0.b`: a key of digits is a list
 * index, as upstream reads one), or null when a key cannot be one.
 */
export function jsonPath(keys: readonly string[]): string | null {
  // A quote ends SQLite's quoted key and a NUL its text (SQLite then refuses the path: a 500).
  if (keys.length === 0 || keys.some((key) => key === "" || key.includes('"') || key.includes("\u0000"))) return null;
  return `$${keys.map((key) => (/^\d{1,9}$/.test(key) ? `[${key}]` : `."${key}"`)).join("")}`;
}

/** A feedback column, or `json_extract(payload, '$."a"."b"')` for `payload.a.b`. */
export function fieldSql(path: string): SqlCondition {
  if (COLUMNS.has(path)) return { sql: `f.${path}`, params: [] };
  const [head, ...rest] = path.split(".");
  const jsonPathOfRest = jsonPath(rest);
  if (head !== "payload" || jsonPathOfRest === null) {
    return refuse(
      `'${path.slice(0, 100)}' is not a feedback field (use ${FEEDBACK_COLUMNS.join(", ")}, or payload.<path>)`,
    );
  }
  return { sql: "json_extract(f.payload, ?)", params: [jsonPathOfRest] };
}

/** SQLite binds no booleans: true and false are 1 and 0, as json_extract returns them. */
const bindable = (value: unknown): unknown => {
  if (typeof value === "boolean") return value ? 1 : 0;
  if (value === null || typeof value === "string" || typeof value === "number") return value;
  return refuse("a $literal must be a string, number, boolean or null here");
};

/** `expr` as an SQLite condition; `fields` says what `$getField` names (feedback's by default). */
export function compileQuery(expr: Record<string, unknown>, fields: FieldResolver = fieldSql): SqlCondition {
  const compiled = operation(expr, 0, fields);
  // SQLite takes at most 32,766 parameters in one statement (beyond: an error, a 500); a 1 MiB body can hold 65,000 literals.
  if (compiled.params.length > MAX_QUERY_LITERALS)
    refuse(`at most ${MAX_QUERY_LITERALS} literals and paths in one query (this one has ${compiled.params.length})`);
  return compiled;
}

const MAX_QUERY_LITERALS = 10_000;

function epochMsLiteral(value: unknown): number | null {
  if (value === null) return null;
  if (typeof value === "number" && Number.isFinite(value)) return Math.round(value * 1000);
  const ms = typeof value === "string" ? timestampMs(value) : Number.NaN;
  if (Number.isNaN(ms))
    return refuse(
      `a time is compared with epoch seconds or an ISO 8601 string, not ${JSON.stringify(value).slice(0, 60)}`,
    );
  return ms;
}

/** A literal compared with a time field, read as a time (see FieldSql). */
function asTimeOf(field: Operand, other: Operand): Operand {
  if (!field.epochMs || !("literal" in other)) return other;
  return { sql: "?", params: [epochMsLiteral(other.literal)] };
}

function single(node: unknown, depth: number): [string, unknown] {
  if (depth > LIMITS.queryDepth) refuse(`nested deeper than ${LIMITS.queryDepth} levels`);
  if (typeof node !== "object" || node === null || Array.isArray(node))
    return refuse("every operation and operand is an object with one key");
  const entries = Object.entries(node);
  if (entries.length !== 1) refuse("every operation and operand is an object with one key");
  return entries[0]!;
}

function list(value: unknown, what: string): unknown[] {
  if (!Array.isArray(value)) return refuse(`${what} takes a list`);
  if (value.length > LIMITS.queryOperands) refuse(`${what} takes at most ${LIMITS.queryOperands} entries`);
  return value;
}

/**
 * `parts` joined by AND or OR as a balanced tree: SQLite parses `a OR b OR c ...` as a left-deep
 * tree and refuses one deeper than 1,000 levels, which a list of 1,000 operands reached (a 500).
 */
function join(parts: SqlCondition[], separator: string): SqlCondition {
  if (parts.length <= 2)
    return { sql: `(${parts.map((p) => p.sql).join(separator)})`, params: parts.flatMap((p) => p.params) };
  const middle = Math.ceil(parts.length / 2);
  return join([join(parts.slice(0, middle), separator), join(parts.slice(middle), separator)], separator);
}

function operation(node: unknown, depth: number, fields: FieldResolver): SqlCondition {
  const [op, value] = single(node, depth);
  switch (op) {
    case "$and":
    case "$or": {
      const parts = list(value, op).map((child) => operation(child, depth + 1, fields));
      if (parts.length === 0) return { sql: op === "$and" ? "1" : "0", params: [] };
      return join(parts, op === "$and" ? " AND " : " OR ");
    }
    case "$not": {
      const items = list(value, op);
      if (items.length !== 1) refuse("$not takes a list of one operation");
      // NOT (a >= b) is a < b (both are NULL when either side is): written so, an upper bound on
      // an indexed column (a time range's end) is an index range, not a test of every row after its start.
      const child = items[0];
      const childKeys = typeof child === "object" && child !== null && !Array.isArray(child) ? Object.keys(child) : [];
      const inverse = childKeys.length === 1 ? INVERSE[childKeys[0] as string] : undefined;
      if (inverse) return comparison(child, inverse, depth + 1, fields);
      const compiled = operation(items[0], depth + 1, fields);
      return { sql: `(NOT ${compiled.sql})`, params: compiled.params };
    }
    case "$eq":
    case "$gt":
    case "$gte":
      return comparison(node, op === "$eq" ? "IS" : op === "$gt" ? ">" : ">=", depth, fields);
    case "$in": {
      const pair = list(value, op);
      if (pair.length !== 2) refuse("$in takes an operand and a list of operands");
      const left = operandSql(pair[0], depth + 1, fields);
      const options = list(pair[1], "$in's list").map((operand) =>
        asTimeOf(left, operandSql(operand, depth + 1, fields)),
      );
      if (options.length === 0) return { sql: "0", params: [] };
      return {
        sql: `(${left.sql} IN (${options.map((o) => o.sql).join(", ")}))`,
        params: [...left.params, ...options.flatMap((o) => o.params)],
      };
    }
    case "$contains": {
      if (typeof value !== "object" || value === null)
        return refuse("$contains takes {input, substr, case_insensitive}");
      const { input, substr, case_insensitive: caseInsensitive } = value as Record<string, unknown>;
      const haystack = operandSql(input, depth + 1, fields);
      const needle = operandSql(substr, depth + 1, fields);
      const wrap = (part: SqlCondition) => (caseInsensitive === true ? `lower(${part.sql})` : part.sql);
      return { sql: `(instr(${wrap(haystack)}, ${wrap(needle)}) > 0)`, params: [...haystack.params, ...needle.params] };
    }
    default:
      return refuse(
        `'${op.slice(0, 40)}' is not an operation this service evaluates ($and, $or, $not, $eq, $gt, $gte, $in, $contains)`,
      );
  }
}

const INVERSE: Record<string, string> = { $gt: "<=", $gte: "<" };

/** `{$eq|$gt|$gte: [a, b]}` as `a <sign> b`. */
function comparison(node: unknown, sign: string, depth: number, fields: FieldResolver): SqlCondition {
  const [op, value] = single(node, depth);
  const pair = list(value, op);
  if (pair.length !== 2) refuse(`${op} takes two operands`);
  const [first, second] = pair.map((operand) => operandSql(operand, depth + 1, fields)) as [Operand, Operand];
  const left = asTimeOf(second, first);
  const right = asTimeOf(first, second);
  return { sql: `(${left.sql} ${sign} ${right.sql})`, params: [...left.params, ...right.params] };
}

function operandSql(node: unknown, depth: number, fields: FieldResolver): Operand {
  const [op, value] = single(node, depth);
  if (op === "$literal") return { sql: "?", params: [bindable(value)], literal: value };
  if (op === "$getField") {
    if (typeof value !== "string") return refuse("$getField takes a field name");
    return fields(value);
  }
  if (op === "$convert") return refuse("$convert is not supported by this service");
  return operation(node, depth, fields);
}

/** The 400 a query this service cannot evaluate gets, for other resolvers to give too. */
export { refuse as refuseQuery };
