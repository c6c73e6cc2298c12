import type { ChatCompletion, ChatCompletionRequest } from "@contract/chat";
import type { FeedbackCreateRequest } from "@contract/trace-feedback";
import { isApiError, type ApiError } from "@/api/errors";
import type { CallPart } from "@/lib/call-paths";
import type { Judge } from "../model/judge-value";
import { readReply } from "../model/parse-reply";
import { judgeMessages, missingFields, type PromptQuestion } from "../model/prompt-template";
import { responseFormatFor } from "../model/response-schema";
import { failureRequest, verdictRequest, type FailureKind } from "../model/verdicts";

/**
 * Runs a judge over calls: at most `concurrency` requests at once, each call asked once, its
 * outcome written as one feedback row (a verdict, or a failure with its reason) only after the
 * model has answered: a run stopped at any moment (Cancel, a closed tab) leaves whole outcomes and
 * calls not yet judged, so running again resumes it. Rate limits, server errors and lost
 * connections are retried with backoff, then pause the run; they are never recorded.
 */
export type RunTarget = { callId: string; call: CallPart };

export type RunCounts = {
  total: number;
  /** Calls whose outcome is written. */
  done: number;
  verdicts: number;
  failures: number;
  /** Requests now waiting out a backoff after a 429 or a server error. */
  backingOff: number;
  promptTokens: number;
  completionTokens: number;
  /** The service said its replies are simulated (system_fingerprint "local-simulation"). */
  simulated: boolean;
};

export type RunEnd =
  | { state: "finished" }
  | { state: "cancelled" }
  /** Retries ran out (the service is overloaded or unreachable): run again to resume. */
  | { state: "paused"; reason: string }
  /** A refusal every call would meet (the schema, the model, the key): change the judge, then run again. */
  | { state: "stopped"; reason: string };

export type RunDeps = {
  chat: (request: ChatCompletionRequest, signal: AbortSignal) => Promise<ChatCompletion>;
  writeFeedback: (request: FeedbackCreateRequest, signal: AbortSignal) => Promise<unknown>;
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
};

export type RunRequest = {
  projectId: string;
  judge: Judge;
  question: PromptQuestion & { schema: Record<string, unknown> };
  targets: readonly RunTarget[];
  concurrency: number;
  signal: AbortSignal;
  onProgress: (counts: RunCounts) => void;
};

/** A run's counts before its first call. */
export const countsAtStart = (total: number): RunCounts => ({
  total,
  done: 0,
  verdicts: 0,
  failures: 0,
  backingOff: 0,
  promptTokens: 0,
  completionTokens: 0,
  simulated: false,
});

export const RUN_BOUNDS = { concurrency: { min: 1, max: 16 } } as const;
/** Tries per request before the run pauses: 1 s, 2 s, 4 s, 8 s, 16 s of backoff in between. */
export const MAX_TRIES = 6;
const BACKOFF_CAP_MS = 30_000;
const SIMULATION_FINGERPRINT = "local-simulation";

export const backoffMs = (attempt: number, error: ApiError | null): number =>
  Math.min(error?.retryAfterMs ?? 1000 * 2 ** attempt, BACKOFF_CAP_MS);

const defaultSleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(done, ms);
    signal.addEventListener("abort", done, { once: true });
    function done() {
      clearTimeout(timer);
      signal.removeEventListener("abort", done);
      resolve();
    }
  });

/** Why a run stopped early: thrown inside a worker, caught by the run. */
class RunHalt extends Error {
  constructor(readonly end: Exclude<RunEnd, { state: "finished" | "cancelled" }>) {
    super(end.reason);
  }
}

/**
 * A refusal that is about the request as a whole, not this call: a 400 that names the response
 * format (the service cannot satisfy the schema), an unknown model, a key the service refuses.
 */
function refusesEveryCall(error: ApiError): boolean {
  if (error.kind === "not_found" || error.kind === "unauthorized" || error.kind === "forbidden") return true;
  if (error.kind === "quota" || error.kind === "not_configured" || error.kind === "payload_too_large") return true;
  const said = `${error.serviceMessage ?? ""} ${error.fieldErrors.map((f) => f.path).join(" ")}`;
  return (error.kind === "bad_request" || error.kind === "validation") && /response_format|json_schema/i.test(said);
}

const reasonOf = (error: unknown): string =>
  isApiError(error) ? (error.serviceMessage ?? error.message) : error instanceof Error ? error.message : String(error);

export async function runJudge(request: RunRequest, deps: RunDeps): Promise<RunEnd> {
  const { judge, question, signal } = request;
  const sleep = deps.sleep ?? defaultSleep;
  const counts = countsAtStart(request.targets.length);
  const report = () => request.onProgress({ ...counts });
  // Workers stop taking calls once the run halts; the first halt is the one reported.
  const halted = new AbortController();
  let halt: RunHalt | null = null;
  const stopSignal = AbortSignal.any([signal, halted.signal]);

  /** `task` tried up to MAX_TRIES times while it fails in a way a retry can mend. */
  async function withRetries<T>(task: () => Promise<T>): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await task();
      } catch (error) {
        const api = isApiError(error) ? error : null;
        if (stopSignal.aborted || !api?.retryable || attempt + 1 >= MAX_TRIES) throw error;
        counts.backingOff += 1;
        report();
        await sleep(backoffMs(attempt, api), stopSignal);
        counts.backingOff -= 1;
        if (stopSignal.aborted) throw error;
      }
    }
  }

  async function record(write: FeedbackCreateRequest, outcome: "verdict" | "failure") {
    // A reply that lands after Cancel (or after another worker halted the run) is dropped: nothing is written once stopped.
    if (stopSignal.aborted) return;
    await withRetries(() => deps.writeFeedback(write, stopSignal));
    counts.done += 1;
    if (outcome === "verdict") counts.verdicts += 1;
    else counts.failures += 1;
    report();
  }

  const fail = (callId: string, kind: FailureKind, reason: string) =>
    record(failureRequest(request.projectId, judge, callId, { kind, reason }), "failure");

  async function judgeOne(target: RunTarget): Promise<void> {
    const missing = missingFields(judge.prompt, target.call);
    if (missing.length > 0) {
      const names = missing.map((name) => `{{${name}}}`).join(", ");
      return fail(target.callId, "missing_field", `The call has no ${names}, which the prompt uses.`);
    }
    let reply: ChatCompletion;
    try {
      reply = await withRetries(() =>
        deps.chat(
          {
            model: judge.model,
            messages: judgeMessages(judge.prompt, question, target.call),
            response_format: responseFormatFor(judge.responseSchema),
            temperature: 0,
          },
          stopSignal,
        ),
      );
    } catch (error) {
      if (stopSignal.aborted) return;
      if (isApiError(error) && !error.retryable && !refusesEveryCall(error))
        return fail(target.callId, "refused", reasonOf(error));
      const retryable = isApiError(error) && error.retryable;
      throw new RunHalt(
        retryable
          ? { state: "paused", reason: `The service kept failing: ${reasonOf(error)}` }
          : { state: "stopped", reason: `The service refused the judge: ${reasonOf(error)}` },
      );
    }
    if (reply.system_fingerprint === SIMULATION_FINGERPRINT) counts.simulated = true;
    counts.promptTokens += reply.usage?.prompt_tokens ?? 0;
    counts.completionTokens += reply.usage?.completion_tokens ?? 0;
    const choice = reply.choices[0];
    const read = readReply(choice?.message.content, choice?.finish_reason, question.schema);
    if (!read.ok) return fail(target.callId, "malformed", read.reason);
    return record(verdictRequest(request.projectId, judge, target.callId, read), "verdict");
  }

  let next = 0;
  async function worker(): Promise<void> {
    while (!stopSignal.aborted && next < request.targets.length) {
      const target = request.targets[next++]!;
      try {
        await judgeOne(target);
      } catch (error) {
        if (stopSignal.aborted) return;
        halt ??=
          error instanceof RunHalt
            ? error
            : new RunHalt({ state: "paused", reason: `Writing an outcome failed: ${reasonOf(error)}` });
        halted.abort();
        return;
      }
    }
  }

  report();
  const workers = Math.max(RUN_BOUNDS.concurrency.min, Math.min(RUN_BOUNDS.concurrency.max, request.concurrency));
  await Promise.all(Array.from({ length: Math.min(workers, request.targets.length) }, worker));
  if (halt) return (halt as RunHalt).end;
  if (signal.aborted) return { state: "cancelled" };
  return { state: "finished" };
}
