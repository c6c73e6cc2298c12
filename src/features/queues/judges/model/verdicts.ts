import type { Feedback, FeedbackCreateRequest } from "@contract/trace-feedback";
import { callRef } from "@/api/annotation-specs";
import { callIdOf } from "../../shared/call-answers";
import { judgeVersionOfRef } from "./judge-value";

/**
 * A judge's verdicts are feedback on the call as upstream's actions worker writes them
 * (weave/trace_server/actions_worker/dispatcher.py): type `wandb.runnable.<judge id>`, the judge
 * version's ref as `runnable_ref`, `payload: {output}`; the W&B UI shows `output` as the judge's
 * score. A failure (a refusal, prose, an answer the question does not take, a missing field) is
 * recorded too, never as a verdict: as `wbops.judge_failure`, whose payload names the version
 * (upstream refuses `runnable_ref` on feedback that is not runnable).
 */
export const RUNNABLE_PREFIX = "wandb.runnable.";
export const JUDGE_FAILURE_TYPE = "wbops.judge_failure";
export const FAILURE_REASON_MAX = 500;

export type FailureKind = "refused" | "malformed" | "missing_field";

export type JudgeOutcome =
  | { kind: "verdict"; answer: unknown; reasoning: string; at: string; by: string }
  | { kind: "failure"; failure: FailureKind; reason: string; at: string };

export const verdictType = (judgeId: string) => `${RUNNABLE_PREFIX}${judgeId}`;

export function verdictRequest(
  projectId: string,
  judge: { id: string; ref: string },
  callId: string,
  verdict: { answer: unknown; reasoning: string },
): FeedbackCreateRequest {
  return {
    project_id: projectId,
    weave_ref: callRef(projectId, callId),
    feedback_type: verdictType(judge.id),
    runnable_ref: judge.ref,
    payload: { output: { answer: verdict.answer, reasoning: verdict.reasoning } },
  };
}

export function failureRequest(
  projectId: string,
  judge: { ref: string },
  callId: string,
  failure: { kind: FailureKind; reason: string },
): FeedbackCreateRequest {
  return {
    project_id: projectId,
    weave_ref: callRef(projectId, callId),
    feedback_type: JUDGE_FAILURE_TYPE,
    payload: {
      runnable_ref: judge.ref,
      kind: failure.kind,
      reason:
        failure.reason.length > FAILURE_REASON_MAX
          ? failure.reason.slice(0, FAILURE_REASON_MAX - 1) + "…"
          : failure.reason,
    },
  };
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

const FAILURE_KINDS: readonly string[] = ["refused", "malformed", "missing_field"];

/** One feedback row as a judge's outcome: its version (`judgeId`, `digest`), call and what it says; null for other rows. */
export function outcomeOf(
  row: Feedback,
): { judgeId: string; digest: string; callId: string; outcome: JudgeOutcome } | null {
  const callId = callIdOf(row.weave_ref);
  if (!callId) return null;
  if (row.feedback_type.startsWith(RUNNABLE_PREFIX)) {
    const version = row.runnable_ref ? judgeVersionOfRef(row.runnable_ref) : null;
    const output = row.payload.output;
    if (!version || !isRecord(output) || !("answer" in output)) return null;
    const reasoning = typeof output.reasoning === "string" ? output.reasoning : "";
    return {
      ...version,
      judgeId: version.id,
      callId,
      outcome: { kind: "verdict", answer: output.answer, reasoning, at: row.created_at, by: row.wb_user_id },
    };
  }
  if (row.feedback_type === JUDGE_FAILURE_TYPE) {
    const { runnable_ref: ref, kind, reason } = row.payload;
    const version = typeof ref === "string" ? judgeVersionOfRef(ref) : null;
    if (!version || typeof kind !== "string" || !FAILURE_KINDS.includes(kind)) return null;
    return {
      judgeId: version.id,
      digest: version.digest,
      callId,
      outcome: {
        kind: "failure",
        failure: kind as FailureKind,
        reason: typeof reason === "string" ? reason : "",
        at: row.created_at,
      },
    };
  }
  return null;
}

/** Per judge version (`<judge id>:<digest>`), per call, the outcome that stands: a verdict over any failure, else the latest. */
export type OutcomesByVersion = Map<string, Map<string, JudgeOutcome>>;

export const versionKey = (judgeId: string, digest: string) => `${judgeId}:${digest}`;

export function outcomesByVersion(rows: readonly Feedback[]): OutcomesByVersion {
  const byVersion: OutcomesByVersion = new Map();
  for (const row of rows) {
    const read = outcomeOf(row);
    if (!read) continue;
    const key = versionKey(read.judgeId, read.digest);
    let calls = byVersion.get(key);
    if (!calls) byVersion.set(key, (calls = new Map()));
    const standing = calls.get(read.callId);
    if (!standing || standsOver(read.outcome, standing)) calls.set(read.callId, read.outcome);
  }
  return byVersion;
}

/** A verdict stands over a failure whenever it came; between two of a kind, the later one. */
function standsOver(candidate: JudgeOutcome, standing: JudgeOutcome): boolean {
  if (candidate.kind !== standing.kind) return candidate.kind === "verdict";
  return candidate.at >= standing.at;
}

/** The verdicts of one version, per call (failures left out): what agreement compares. */
export function verdictsOf(outcomes: ReadonlyMap<string, JudgeOutcome> | undefined): Map<string, unknown> {
  const verdicts = new Map<string, unknown>();
  for (const [callId, outcome] of outcomes ?? []) if (outcome.kind === "verdict") verdicts.set(callId, outcome.answer);
  return verdicts;
}
