import { TrajectoryGroup } from "@contract/training";
import { readableIssues } from "@/lib/zod-issues";

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
  /** 1-based position of the group in the file. */
  group: number | null;
  /** Where inside the group, e.g. "trajectories[2].reward"; "" for the whole line. */
  path: string;
  message: string;
};

export type TrajectoryFile = {
  format: "json" | "jsonl";
  /** The groups that passed the check, in file order, exactly as the file has them. */
  groups: TrajectoryGroup[];
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
    if (Array.isArray(whole) || isObject(whole) && "trajectory_groups" in whole) return fromJsonValue(whole);
  } catch {
    // not one JSON document
  }
  return readJsonl(content);
}

function readJsonl(content: string): TrajectoryFile {
  const result: TrajectoryFile = { format: "jsonl", groups: [], groupCount: 0, issues: [] };
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
      result.issues.push({ line, group, path: "", message: `not valid JSON (${syntaxMessage(error)})` });
      return;
    }
    checkGroup(value, result, { line, group });
  });
  if (result.groupCount === 0) result.issues.push({ line: null, group: null, path: "", message: "The file has no trajectory groups (it is empty)." });
  return result;
}

function readJson(content: string): TrajectoryFile {
  let value: unknown;
  try {
    value = JSON.parse(content);
  } catch (error) {
    const message = syntaxMessage(error);
    return { format: "json", groups: [], groupCount: 0, issues: [{ line: lineOfSyntaxError(content, message), group: null, path: "", message: `not valid JSON (${message})` }] };
  }
  return fromJsonValue(value);
}

function fromJsonValue(value: unknown): TrajectoryFile {
  const result: TrajectoryFile = { format: "json", groups: [], groupCount: 0, issues: [] };
  const list = Array.isArray(value) ? value : isObject(value) && Array.isArray(value.trajectory_groups) ? value.trajectory_groups : null;
  if (!list) {
    result.issues.push({
      line: null,
      group: null,
      path: "",
      message: 'Expected an array of trajectory groups, or {"trajectory_groups": [...]}.',
    });
    return result;
  }
  list.forEach((item: unknown, index) => {
    result.groupCount += 1;
    checkGroup(item, result, { line: null, group: index + 1 });
  });
  if (result.groupCount === 0) result.issues.push({ line: null, group: null, path: "", message: "The file has no trajectory groups (the list is empty)." });
  return result;
}

function checkGroup(value: unknown, result: TrajectoryFile, where: { line: number | null; group: number }) {
  if (!isObject(value)) {
    result.issues.push({ ...where, path: "", message: `expected a trajectory group {"trajectories": [...]}, got ${describe(value)}` });
    return;
  }
  if (!("trajectories" in value) && "messages_and_choices" in value) {
    result.issues.push({ ...where, path: "", message: 'this is a single trajectory; put it in a group: {"trajectories": [ ... ]}' });
    return;
  }
  const parsed = TrajectoryGroup.safeParse(value, { reportInput: true });
  if (parsed.success) {
    // The group as written, not zod's output: fields the schema does not name are sent as they are.
    result.groups.push(value as TrajectoryGroup);
    return;
  }
  const issues = readableIssues(parsed.error.issues);
  for (const issue of issues.slice(0, ISSUES_PER_GROUP)) {
    result.issues.push({ ...where, path: formatPath(issue.path), message: issue.message });
  }
  const more = issues.length - ISSUES_PER_GROUP;
  if (more > 0) result.issues.push({ ...where, path: "", message: `and ${more} more problem${more === 1 ? "" : "s"} in this group` });
}

/** ["trajectories", 2, "reward"] -> "trajectories[2].reward" */
export function formatPath(path: readonly PropertyKey[]): string {
  return path.reduce<string>((text, key) => (typeof key === "number" ? `${text}[${key}]` : text ? `${text}.${String(key)}` : String(key)), "");
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function describe(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  return `a ${typeof value}`;
}

function syntaxMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** V8 names the character position of a syntax error; turn it into a line number. */
function lineOfSyntaxError(content: string, message: string): number | null {
  const line = /line (\d+)/.exec(message);
  if (line) return Number(line[1]);
  const position = /position (\d+)/.exec(message);
  if (!position) return null;
  const offset = Number(position[1]);
  let count = 1;
  for (let i = 0; i < offset && i < content.length; i += 1) if (content[i] === "\n") count += 1;
  return count;
}
