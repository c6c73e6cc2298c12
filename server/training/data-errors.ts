import type * as z from "zod/mini";
import { toValidationDetail } from "../http/validation-error";

/** `trajectory_groups[3].trajectories[2].reward` from a loc array. */
export function formatPath(path: readonly (string | number)[]): string {
  return path.map((part, i) => (typeof part === "number" ? `[${part}]` : i === 0 ? part : `.${part}`)).join("");
}

/**
 * A job's error message for malformed training data: which item is wrong and why, in the words a
 * 422 would use, e.g. "Trajectory group 3, trajectory 2 is malformed: reward: Field required
 * (at trajectory_groups[3].trajectories[2].reward)".
 */
export function describeMalformedGroup(groupIndex: number, error: z.core.$ZodError): string {
  const [first] = toValidationDetail(error.issues, "body");
  const loc = (first?.loc ?? []).slice(1);
  const trajectoryIndex = loc[0] === "trajectories" && typeof loc[1] === "number" ? loc[1] : undefined;
  const field = formatPath(trajectoryIndex === undefined ? loc : loc.slice(2)) || "value";
  const where = trajectoryIndex === undefined ? `Trajectory group ${groupIndex}` : `Trajectory group ${groupIndex}, trajectory ${trajectoryIndex}`;
  return `${where} is malformed: ${field}: ${first?.msg ?? "invalid"} (at ${formatPath(["trajectory_groups", groupIndex, ...loc])})`;
}

/** Same for SFT: "Training example 4 is malformed: messages[0].role: Field required". */
export function describeMalformedExample(rowIndex: number, error: z.core.$ZodError): string {
  const [first] = toValidationDetail(error.issues, "body");
  const field = formatPath((first?.loc ?? []).slice(1)) || "value";
  return `Training example ${rowIndex} is malformed: ${field}: ${first?.msg ?? "invalid"}`;
}
