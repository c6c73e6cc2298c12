import { onlineManager, QueryClient } from "@tanstack/react-query";
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from "vitest";
import { ApiError, type ApiErrorKind } from "@/api/errors";
import { AnswerNotStored } from "./answer-not-stored";
import { answerSavesOf, OFFLINE_RECHECK_MS, type AnswerSave } from "./answer-saves";
import { keptAnswers, type KeptAnswer } from "./kept-answers";
import { KEPT_ADDRESS as ADDRESS, KEPT_AUTHOR as AUTHOR, KEPT_PROJECT as PROJECT, keptAnswer } from "./test-support";

// The retry loop of answers not yet stored: what counts as "not yet", when they are tried again,
// what stays kept in this browser, and the warning before leaving.

let tokens = 0;
/** A kept answer with a token and a time of its own, as each answer given has. */
const kept = (over: Partial<KeptAnswer> = {}): KeptAnswer =>
  keptAnswer({ token: `t${(tokens += 1)}`, at: Date.now(), ...over });

const apiError = (kind: ApiErrorKind, status?: number, message = `${kind} ${status ?? ""}`) =>
  new ApiError({ kind, service: "trace", status, message });

/** A save whose attempts fail with `failures` in turn, then succeed; it records each attempt. */
function scripted(
  answer: KeptAnswer,
  failures: readonly unknown[],
  log: string[] = [],
): AnswerSave & { attempts: boolean[] } {
  const attempts: boolean[] = [];
  return {
    kept: answer,
    attempts,
    send: async (fresh) => {
      attempts.push(fresh);
      const failure = failures[attempts.length - 1];
      log.push(`${answer.specId}=${String(answer.value)}${failure ? " failed" : ""}`);
      if (failure) throw new AnswerNotStored(failure, false);
    },
  };
}

const stored = () => keptAnswers(ADDRESS, PROJECT, AUTHOR).map((answer) => answer.value);
const settle = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
  onlineManager.setOnline(true);
});

describe("an answer the service could not take yet", () => {
  it("waits, kept in this browser, and is sent again after 1 s, 2 s, 4 s, reading the call's answers afresh; stored, it is dropped", async () => {
    const saves = answerSavesOf(new QueryClient());
    const save = scripted(kept(), [apiError("network"), apiError("server", 503), apiError("timeout")]);
    saves.save(save);
    await settle();
    expect(saves.pendingFor("call-1").tone).toMatchObject({
      status: "waiting",
      reason: "network ",
      offline: false,
      kept: true,
    });
    expect(stored()).toEqual([4]);
    await vi.advanceTimersByTimeAsync(999);
    expect(save.attempts).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(save.attempts).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(2000);
    expect(save.attempts).toHaveLength(3);
    await vi.advanceTimersByTimeAsync(4000);
    expect(save.attempts).toEqual([false, true, true, true]);
    expect(saves.pendingFor("call-1")).toEqual({});
    expect(stored()).toEqual([]);
  });

  it("offline, is not tried at all; the connection's return sends it at once", async () => {
    const saves = answerSavesOf(new QueryClient());
    onlineManager.setOnline(false);
    const save = scripted(kept(), []);
    saves.save(save);
    await settle();
    expect(saves.pendingFor("call-1").tone).toMatchObject({ status: "waiting", offline: true, kept: true });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(save.attempts).toEqual([]);
    onlineManager.setOnline(true);
    await settle();
    expect(save.attempts).toEqual([false]);
    expect(saves.pendingFor("call-1")).toEqual({});
    expect(stored()).toEqual([]);
  });

  it("offline, looks again every few seconds: a missed notice of the connection's return does not leave it waiting", async () => {
    const saves = answerSavesOf(new QueryClient());
    onlineManager.setOnline(false);
    // Every subscription from here on hears nothing: the notice of the return is missed.
    const deaf = vi.spyOn(onlineManager, "subscribe").mockImplementation(() => () => undefined);
    onTestFinished(() => deaf.mockRestore());
    const save = scripted(kept(), []);
    saves.save(save);
    await settle();
    const shown = saves.pendingFor("call-1").tone;
    expect(shown).toMatchObject({ status: "waiting", offline: true });
    await vi.advanceTimersByTimeAsync(4 * OFFLINE_RECHECK_MS);
    expect(save.attempts).toEqual([]);
    // Still offline, looking again changed nothing on screen (no new entry, so no render).
    expect(saves.pendingFor("call-1").tone).toBe(shown);
    onlineManager.setOnline(true);
    await settle();
    expect(save.attempts).toEqual([]);
    await vi.advanceTimersByTimeAsync(OFFLINE_RECHECK_MS);
    expect(save.attempts).toEqual([false]);
    expect(saves.pendingFor("call-1")).toEqual({});
  });

  it("a refusal (4xx) is shown with its reason and no longer kept; a 500 is tried three times first; a 501 is refused at once", async () => {
    const saves = answerSavesOf(new QueryClient());
    saves.save(scripted(kept({ specId: "tone" }), [apiError("bad_request", 400, "payload.value does not fit")]));
    saves.save(
      scripted(kept({ specId: "resolution", value: "Resolved" }), [
        apiError("server", 500),
        apiError("server", 500),
        apiError("server", 500, "Internal server error"),
      ]),
    );
    saves.save(scripted(kept({ specId: "comment", value: "x" }), [apiError("server", 501, "Not implemented")]));
    await settle();
    expect(saves.pendingFor("call-1").tone).toMatchObject({ status: "refused", reason: "payload.value does not fit" });
    expect(saves.pendingFor("call-1").comment).toMatchObject({ status: "refused", reason: "Not implemented" });
    expect(saves.pendingFor("call-1").resolution).toMatchObject({ status: "waiting" });
    await vi.advanceTimersByTimeAsync(3000);
    expect(saves.pendingFor("call-1").resolution).toMatchObject({ status: "refused", reason: "Internal server error" });
    expect(stored()).toEqual([]);
    expect(
      saves
        .refused()
        .map((refused) => refused.specId)
        .sort(),
    ).toEqual(["comment", "resolution", "tone"]);
  });

  it("a 429 waits as long as the service asked", async () => {
    const saves = answerSavesOf(new QueryClient());
    const limited = new ApiError({
      kind: "rate_limited",
      service: "trace",
      status: 429,
      message: "slow down",
      retryAfterMs: 7000,
    });
    const save = scripted(kept(), [limited]);
    saves.save(save);
    await vi.advanceTimersByTimeAsync(6999);
    expect(save.attempts).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(save.attempts).toHaveLength(2);
  });

  it("a later answer to a waiting question takes its place: the earlier is not sent again, and the later goes out at once", async () => {
    const saves = answerSavesOf(new QueryClient());
    const log: string[] = [];
    const first = scripted(kept({ value: 2 }), [apiError("network")], log);
    saves.save(first);
    await settle();
    expect(saves.pendingFor("call-1").tone).toMatchObject({ status: "waiting", value: 2 });
    saves.save(scripted(kept({ value: 5 }), [], log));
    await settle();
    expect(log).toEqual(["tone=2 failed", "tone=5"]);
    expect(saves.pendingFor("call-1")).toEqual({});
    expect(stored()).toEqual([]);
  });

  it("one question's answers go out one after another, while another question's go side by side; Try now sends every waiting one", async () => {
    const saves = answerSavesOf(new QueryClient());
    const log: string[] = [];
    saves.save(scripted(kept({ specId: "tone", value: 1 }), [apiError("network")], log));
    saves.save(scripted(kept({ specId: "resolution", value: "Resolved" }), [apiError("network")], log));
    await settle();
    expect(log).toEqual(["tone=1 failed", "resolution=Resolved failed"]);
    saves.retryNow();
    await settle();
    expect(log).toEqual(["tone=1 failed", "resolution=Resolved failed", "tone=1", "resolution=Resolved"]);
  });
});

describe("answers kept from an earlier page load", () => {
  it("are sent again oldest first, except one this page already has a later answer to", async () => {
    const saves = answerSavesOf(new QueryClient());
    const log: string[] = [];
    const earlier = [
      kept({ specId: "tone", value: 3, at: 1 }),
      kept({ specId: "resolution", value: "Resolved", at: 2 }),
      kept({ callId: "call-2", specId: "tone", value: 5, at: 3 }),
    ];
    saves.save(scripted(kept({ specId: "resolution", value: "Not resolved" }), [apiError("network")], log));
    await settle();
    saves.resume(earlier, (answer) => scripted(answer, [], log));
    await settle();
    expect(log).toEqual(["resolution=Not resolved failed", "tone=3", "tone=5"]);
    // Resuming again sends nothing twice.
    saves.resume(earlier, (answer) => scripted(answer, [], log));
    await settle();
    expect(log).toHaveLength(3);
  });
});
