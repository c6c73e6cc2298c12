import type * as z from "zod/mini";
import { CreateRLJobRequest, LogTrajectoriesRequest, type Metrics } from "../../../contract/training";
import { RequestValidationError } from "../../http/errors";
import { parseOrThrow } from "../../http/validate";
import { logMetrics } from "../trajectory-metrics";

/** The two bulk uploads of the training service: an RL job's trajectory groups, and logged ones. */
export type BulkKind = "rl-job" | "log";

/**
 * A validated bulk upload, ready to store: its other fields, and each trajectory group already
 * written as JSON (the form it is stored in). Only strings, numbers and plain objects: it crosses
 * from a worker thread by structured clone, and 32 MiB of strings copy in a few milliseconds where
 * the parsed groups would take as long to copy as to parse.
 */
export type PreparedBulk =
  | { kind: "rl-job"; body: Omit<CreateRLJobRequestOutput, "trajectory_groups">; groupTexts: string[] }
  | { kind: "log"; body: Omit<LogRequestOutput, "trajectory_groups">; groupTexts: string[]; metrics: Metrics };

type CreateRLJobRequestOutput = z.output<typeof CreateRLJobRequest>;
type LogRequestOutput = z.output<typeof LogTrajectoriesRequest>;

/**
 * The largest trajectory group, in characters of its JSON. A group is one gradient step: the job
 * runner reads and parses it on the event loop, and it is stored as one row, so its size is what
 * one step or one write holds every other request for (about 10 ms per MiB here). 4 Mi characters
 * hold a group of four trajectories each at the largest context window (262,144 tokens, about
 * 1 MiB of text). Not published by the real service.
 */
export const MAX_GROUP_CHARS = 4 * 1024 * 1024;

/** Each group as its JSON text; a 422 naming the first group over MAX_GROUP_CHARS. */
function groupTextsOf(groups: readonly unknown[]): string[] {
  return groups.map((group, index) => {
    const text = JSON.stringify(group);
    if (text.length > MAX_GROUP_CHARS) {
      throw new RequestValidationError([
        {
          loc: ["body", "trajectory_groups", index],
          msg: `A trajectory group should have at most ${MAX_GROUP_CHARS} characters of JSON (this one has ${text.length}): use fewer or shorter trajectories in it`,
          type: "too_long",
        },
      ]);
    }
    return text;
  });
}

/** Validates a parsed bulk body (a 422 as validateJson words it) and serialises its groups. */
export function prepareBulk(kind: BulkKind, data: unknown): PreparedBulk {
  if (kind === "rl-job") {
    const { trajectory_groups, ...body } = parseOrThrow(CreateRLJobRequest, data, "body");
    return { kind, body, groupTexts: groupTextsOf(trajectory_groups) };
  }
  const { trajectory_groups, ...body } = parseOrThrow(LogTrajectoriesRequest, data, "body");
  return { kind, body, groupTexts: groupTextsOf(trajectory_groups), metrics: logMetrics(trajectory_groups) };
}
