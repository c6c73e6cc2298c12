import type * as z from "zod/mini";
import { CreateRLJobRequest, LogTrajectoriesRequest, type Metrics } from "../../../contract/training";
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

/** Validates a parsed bulk body (a 422 as validateJson words it) and serialises its groups. */
export function prepareBulk(kind: BulkKind, data: unknown): PreparedBulk {
  if (kind === "rl-job") {
    const { trajectory_groups, ...body } = parseOrThrow(CreateRLJobRequest, data, "body");
    return { kind, body, groupTexts: trajectory_groups.map((group) => JSON.stringify(group)) };
  }
  const { trajectory_groups, ...body } = parseOrThrow(LogTrajectoriesRequest, data, "body");
  return { kind, body, groupTexts: trajectory_groups.map((group) => JSON.stringify(group)), metrics: logMetrics(trajectory_groups) };
}
