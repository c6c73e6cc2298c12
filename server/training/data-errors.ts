import type * as z from "zod/mini";
import { toValidationDetail } from "../http/validation-error";

/** `trajectory_groups[3].trajectories[2].reward` from a loc array. */
export function formatPath(path: readonly (string | number)[]): string {
  return path.map((part, i) => (typeof part === "number" ? `[${part}]` : i === 0 ? part : `.${part}`)).join("");
}

/**
 * A job's error message for malformed training data: which item is wrong and why, in the words a
 * 422 would use, e.g. "Trajectory group 4, trajectory 3 is malformed: reward: Field required
 * (at trajectory_groups[3].trajectories[2].reward)". The words count from 1, as people (and the
 * dashboard) number groups; the path after "at" is the request's, indices from 0, as in a 422's loc.
 */
export function describeMalformedGroup(groupIndex: number, error: z.core.$ZodError): string {
  const [first] = toValidationDetail(error.issues, "body");
  const loc = (first?.loc ?? []).slice(1);
  const trajectoryIndex = loc[0] === "trajectories" && typeof loc[1] === "number" ? loc[1] : undefined;
  const field = formatPath(trajectoryIndex === undefined ? loc : loc.slice(2)) || "value";
  const where =
    trajectoryIndex === undefined
      ? `Trajectory group ${groupIndex + 1}`
      : `Trajectory group ${groupIndex + 1}, trajectory ${trajectoryIndex + 1}`;
  return `${where} is malformed: ${field}: ${first?.msg ?? "invalid"} (at ${formatPath(["trajectory_groups", groupIndex, ...loc])})`;
}

/** Same for SFT, counting from 1: "Training example 4 is malformed: messages[0].role: Field required" for the fourth. */
export function describeMalformedExample(rowIndex: number, error: z.core.$ZodError): string {
  const [first] = toValidationDetail(error.issues, "body");
  const field = formatPath((first?.loc ?? []).slice(1)) || "value";
  return `Training example ${rowIndex + 1} is malformed: ${field}: ${first?.msg ?? "invalid"}`;
}
