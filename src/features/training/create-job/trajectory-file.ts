import { TrajectoryGroup } from "@contract/training";
import { readableIssues } from "@/lib/zod-issues";
import { placeInGroup } from "./trajectory-place";

export { formatPath } from "./trajectory-place";

/**
 * Reads trajectory groups from a JSON or JSONL file and checks each one with the contract's
 * TrajectoryGroup schema, so a malformed trajectory is reported (with its line) before anything
 * is sent. The service would accept the envelope and fail the job later, one error at a time.
 *
 * - JSONL: one group `{"trajectories": [...]}` per line; blank lines are skipped but counted, so
 *   line numbers match an editor's. CRLF and a UTF-8 byte order mark are fine.
 * - JSON: an array of groups, or `{"trajectory_groups": [...]}` (the request body's shape).
 */

export type TrajectoryIssue = {
  /** 1-based line of a JSONL file (or of a JSON syntax error); null for a group of a JSON file. */
  line: number | null;
  /** 1-based column within that line, where a JSON syntax error says where it is. */
  column: number | null;
  /** 1-based position of the group in the file. */
  group: number | null;
  /** 1-based position of the trajectory in its group (trajectory-place.ts: one numbering for people). */
  trajectory: number | null;
  /** 1-based position of the message in the trajectory's messages_and_choices. */
  message: number | null;
  /** Where inside that place, e.g. "reward"; "" for the place itself. */
  path: string;
  /** What is wrong (named `text`: `message` is the place above). */
  text: string;
};

const NOWHERE = { line: null, column: null, group: null, trajectory: null, message: null, path: "" } as const;

export type TrajectoryFile = {
  format: "json" | "jsonl";
  /** The groups that passed the check, in file order, exactly as the file has them. */
  groups: TrajectoryGroup[];
  /** Each passing group's number in the file (from 1), so a preview names it as the problems list would. */
  groupNumbers: number[];
  /** Groups found (valid or not). */
  groupCount: number;
  issues: TrajectoryIssue[];
};

/** Issues kept per group: the first few say what is wrong; thousands would bury them. */
const ISSUES_PER_GROUP = 3;

export function readTrajectoryFile(text: string, fileName = ""): TrajectoryFile {
  const content = text.replace(/^\uFEFF/, "");
  const name = fileName.toLowerCase();
  if (name.endsWith(".jsonl") || name.endsWith(".ndjson")) return readJsonl(content);
  if (name.endsWith(".json")) return readJson(content);
  // No telling extension: a document that parses as a whole is JSON, anything else JSONL.
  try {
    const whole: unknown = JSON.parse(content);
    if (Array.isArray(whole) || (isObject(whole) && "trajectory_groups" in whole)) return fromJsonValue(whole);
  } catch {
    // not one JSON document
  }
  return readJsonl(content);
}

function readJsonl(content: string): TrajectoryFile {
  const result: TrajectoryFile = { format: "jsonl", groups: [], groupNumbers: [], groupCount: 0, issues: [] };
  const lines = content.split(/\r\n|\n|\r/);
  lines.forEach((raw, index) => {
    const line = index + 1;
    if (raw.trim() === "") return;
    result.groupCount += 1;
    const group = result.groupCount;
    let value: unknown;
    try {
      value = JSON.parse(raw);
    } catch (error) {
      const syntax = syntaxError(error, raw);
      // The line was parsed alone: the engine's "line 1" is this line, and its column is the line's.
      result.issues.push({ ...NOWHERE, line, column: syntax.column, group, text: notJson(syntax) });
      return;
    }
    checkGroup(value, result, { line, group });
  });
  if (result.groupCount === 0)
    result.issues.push({ ...NOWHERE, text: "The file has no trajectory groups (it is empty)." });
  return result;
}

function readJson(content: string): TrajectoryFile {
  let value: unknown;
  try {
    value = JSON.parse(content);
  } catch (error) {
    const syntax = syntaxError(error, content);
    return {
      format: "json",
      groups: [],
      groupNumbers: [],
      groupCount: 0,
      issues: [{ ...NOWHERE, line: syntax.line, column: syntax.column, text: notJson(syntax) }],
    };
  }
  return fromJsonValue(value);
}

function fromJsonValue(value: unknown): TrajectoryFile {
  const result: TrajectoryFile = { format: "json", groups: [], groupNumbers: [], groupCount: 0, issues: [] };
  const list = Array.isArray(value)
    ? value
    : isObject(value) && Array.isArray(value.trajectory_groups)
      ? value.trajectory_groups
      : null;
  if (!list) {
    result.issues.push({
      ...NOWHERE,
      text: 'Expected an array of trajectory groups, or {"trajectory_groups": [...]}.',
    });
    return result;
  }
  list.forEach((item: unknown, index) => {
    result.groupCount += 1;
    checkGroup(item, result, { line: null, group: index + 1 });
  });
  if (result.groupCount === 0)
    result.issues.push({ ...NOWHERE, text: "The file has no trajectory groups (the list is empty)." });
  return result;
}

function checkGroup(value: unknown, result: TrajectoryFile, at: { line: number | null; group: number }) {
  const where = { ...NOWHERE, ...at };
  if (!isObject(value)) {
    result.issues.push({
      ...where,
      text: `expected a trajectory group {"trajectories": [...]}, got ${describe(value)}`,
    });
    return;
  }
  if (!("trajectories" in value) && "messages_and_choices" in value) {
    result.issues.push({ ...where, text: 'this is a single trajectory; put it in a group: {"trajectories": [ ... ]}' });
    return;
  }
  const parsed = TrajectoryGroup.safeParse(value, { reportInput: true });
  if (parsed.success) {
    // The group as written, not zod's output: fields the schema does not name are sent as they are.
    result.groups.push(value as TrajectoryGroup);
    result.groupNumbers.push(at.group);
    return;
  }
  const issues = readableIssues(parsed.error.issues);
  for (const issue of issues.slice(0, ISSUES_PER_GROUP)) {
    const place = placeInGroup(issue.path, at.group);
    result.issues.push({
      ...where,
      trajectory: place.trajectory,
      message: place.message,
      path: place.field,
      text: issue.message,
    });
  }
  const more = issues.length - ISSUES_PER_GROUP;
  if (more > 0)
    result.issues.push({ ...where, text: `and ${more} more problem${more === 1 ? "" : "s"} in this group` });
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function describe(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  return `a ${typeof value}`;
}

type SyntaxPlace = { line: number | null; column: number | null; text: string };

const notJson = (syntax: SyntaxPlace) => (syntax.text ? `not valid JSON: ${syntax.text}` : "not valid JSON");

/**
 * A JSON syntax error's place (1-based line and column in `source`) and its description without
 * the engine's own place, which counts in the text given to JSON.parse: Chromium and Node say "at
 * position 1226 (line 1 column 1227)" or just "at position 1226", Firefox "at line 1 column 1227 of
 * the JSON data", Safari names no place.
 */
export function syntaxError(error: unknown, source: string): SyntaxPlace {
  const message = error instanceof Error ? error.message : String(error);
  const text = message
    .replace(/^JSON\.parse: /, "")
    .replace(/\s*(in JSON )?at position \d+(\s*\(line \d+ column \d+\))?/, "")
    .replace(/\s*at line \d+ column \d+ of the JSON data/, "")
    .trim();
  const lineColumn = /line (\d+) column (\d+)/.exec(message);
  if (lineColumn) return { line: Number(lineColumn[1]), column: Number(lineColumn[2]), text };
  const position = /position (\d+)/.exec(message);
  if (!position) return { line: null, column: null, text };
  const offset = Math.min(Number(position[1]), source.length);
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < offset; i += 1) {
    if (source[i] === "\n") {
      line += 1;
      lineStart = i + 1;
    }
  }
  return { line, column: offset - lineStart + 1, text };
}
