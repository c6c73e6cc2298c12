import { randomBytes } from "node:crypto";

/** A new opaque id such as `model_3f9a0c1d2e4b5a69`. */
export function newId(prefix: "model" | "job" | "run"): string {
  return `${prefix}_${randomBytes(8).toString("hex")}`;
}

/** A W&B-style run id: 8 lowercase base-36 characters. */
export function newRunId(): string {
  const alphabet = "abcdefghijklmnopqrstuvwxyz0123456789";
  return Array.from(randomBytes(8), (b) => alphabet[b % alphabet.length]).join("");
}

/**
 * A checkpoint is made by exactly one step of one job, so its id is derived from both: unique,
 * and the same if a step is ever replayed (it never is: the step's transaction is atomic).
 */
export function checkpointId(jobId: string, step: number): string {
  return `ckpt_${jobId.replace(/^job_/, "")}_${step}`;
}

// Event ids sort in creation order as strings (clients compare them), so the number is padded. The
// number counts the job's own events (job-store.ts): ids of different jobs may be equal.
const EVENT_ID = /^evt_(\d{12})$/;

export function eventId(seq: number): string {
  return `evt_${String(seq).padStart(12, "0")}`;
}

/** The sequence number of a well-formed event id, else undefined. */
export function eventSeq(id: string): number | undefined {
  const match = EVENT_ID.exec(id);
  return match ? Number(match[1]) : undefined;
}
