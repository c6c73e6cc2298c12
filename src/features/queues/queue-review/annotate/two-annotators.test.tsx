import { act, renderHook, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { upsertUser } from "@server/auth/users";
import { seedLargeQueue } from "@server/seed/trace-seed";
import { DEMO_QUESTIONS, firstItem, seedQuestions, setQueueQuestions } from "@/test/annotation-queue";
import { createLocalServer } from "@/test/local-server";
import { createApiClients } from "@/api/clients";
import { teamSettingsObjectId, valueFromSettings, type TeamSettings } from "../../team/team-settings";
import { createQueueTestContext } from "../../test-support";
import { answersFor } from "./answers";
import { useAnnotations } from "./use-annotations";

const PROJECT = "demo/support-bot";
const MARIA_KEY = "maria-two-annotators-key";
const SLOW = { timeout: 10_000 };

/** One item of a queue with the demo's four questions, and two annotators (each their own key, cache and clients) on it. */
async function setup(team?: TeamSettings) {
  const server = createLocalServer();
  upsertUser(server.db, { id: "user-maria", username: "maria", entity: "demo", apiKey: MARIA_KEY });
  const queueId = seedLargeQueue(server.db, { projectId: PROJECT, items: 3 });
  if (team) {
    const { trace } = createApiClients(server.settings, { fetch: server.fetch });
    await trace.createObject({
      obj: { project_id: PROJECT, object_id: teamSettingsObjectId(queueId), val: valueFromSettings(queueId, team) },
    });
  }
  const refs = Object.values(seedQuestions(server.db, PROJECT, DEMO_QUESTIONS));
  setQueueQuestions(server.db, queueId, refs);
  const item = await firstItem(server, PROJECT, queueId);
  const annotator = (apiKey: string, me: string) => {
    const context = createQueueTestContext({ ...server.settings, apiKey }, server.fetch);
    return renderHook(() => useAnnotations(PROJECT, refs, item, me), { wrapper: context.Wrapper }).result;
  };
  const rows = () =>
    server.db.prepare("SELECT feedback_type, wb_user_id, payload FROM trace_feedback ORDER BY seq").all() as {
      feedback_type: string;
      wb_user_id: string;
      payload: string;
    }[];
  return { demo: annotator(server.settings.apiKey, "user-demo"), maria: annotator(MARIA_KEY, "user-maria"), rows };
}

type Annotator = Awaited<ReturnType<typeof setup>>["demo"];
const spec = (who: Annotator, id: string) => who.current.specs.data!.specs.find((s) => s.id === id)!;
const shown = (who: Annotator, id: string, me: string) =>
  answersFor(spec(who, id), who.current.feedback.data ?? [], me);

describe("two annotators answering the same item at once", () => {
  it("loses nothing: each one's rating is kept, the shared answers are stored, and each sees the other's after a refresh", async () => {
    const { demo, maria, rows } = await setup();
    await waitFor(
      () =>
        expect(
          demo.current.specs.data &&
            maria.current.specs.data &&
            demo.current.feedback.data &&
            maria.current.feedback.data,
        ).toBeTruthy(),
      SLOW,
    );

    act(() => {
      for (const [who, tone, resolution, policy, comment] of [
        [demo, 4, "Resolved", true, "Fine"],
        [maria, 2, "Not resolved", false, "Cold"],
      ] as const) {
        who.current.answer(spec(who, "tone"), tone);
        who.current.answer(spec(who, "resolution"), resolution);
        who.current.answer(spec(who, "follows_policy"), policy);
        who.current.answer(spec(who, "reviewer_comment"), comment);
      }
    });
    await waitFor(() => expect([demo.current.pending, maria.current.pending]).toEqual([{}, {}]), SLOW);
    // Every answer reached the service and none was refused: a rating each, and one row per shared
    // question (whoever came second found the first one's answer standing and replaced it).
    const typeCounts: Record<string, number> = {};
    for (const row of rows()) typeCounts[row.feedback_type] = (typeCounts[row.feedback_type] ?? 0) + 1;
    expect(typeCounts).toEqual({
      "wandb.annotation.tone": 2,
      "wandb.annotation.resolution": 1,
      "wandb.annotation.follows_policy": 1,
      "wandb.annotation.reviewer_comment": 1,
    });
    expect(
      rows()
        .filter((row) => row.feedback_type === "wandb.annotation.tone")
        .map((row) => row.wb_user_id)
        .sort(),
    ).toEqual(["user-demo", "user-maria"]);

    // A refresh: each reads the call's answers again.
    act(() => {
      void demo.current.feedback.refetch();
      void maria.current.feedback.refetch();
    });
    await waitFor(
      () => expect([demo.current.feedback.data?.length, maria.current.feedback.data?.length]).toEqual([5, 5]),
      SLOW,
    );
    // The rating is per annotator: each has their own and sees the other's.
    expect(shown(demo, "tone", "user-demo")).toMatchObject({
      current: { value: 4, by: "user-demo" },
      others: [{ by: "user-maria", value: 2 }],
    });
    expect(shown(maria, "tone", "user-maria")).toMatchObject({
      current: { value: 2, by: "user-maria" },
      others: [{ by: "user-demo", value: 4 }],
    });
    // A shared answer: both see the same one, the latest stored, and who set it.
    for (const id of ["resolution", "follows_policy", "reviewer_comment"])
      expect(shown(demo, id, "user-demo").current).toEqual(shown(maria, id, "user-maria").current);
  }, 60_000);

  it("when both change the same shared answer at once, one is refused and says so, and Retry puts it on top of the other's", async () => {
    const { demo, maria, rows } = await setup();
    await waitFor(
      () => expect(demo.current.specs.data && maria.current.specs.data && demo.current.feedback.data).toBeTruthy(),
      SLOW,
    );
    act(() => demo.current.answer(spec(demo, "resolution"), "Resolved"));
    await waitFor(() => expect(demo.current.pending).toEqual({}), SLOW);
    act(() => void maria.current.feedback.refetch());
    await waitFor(() => expect(shown(maria, "resolution", "user-maria").current?.value).toBe("Resolved"), SLOW);

    // Both replace the row they both see.
    act(() => {
      demo.current.answer(spec(demo, "resolution"), "Partly resolved");
      maria.current.answer(spec(maria, "resolution"), "Not resolved");
    });
    await waitFor(
      () =>
        expect(Object.values({ ...demo.current.pending, ...maria.current.pending }).map((p) => p.status)).toEqual([
          "refused",
        ]),
      SLOW,
    );
    const [loser, value] = demo.current.pending.resolution
      ? ([demo, "Partly resolved"] as const)
      : ([maria, "Not resolved"] as const);
    expect(loser.current.pending.resolution).toMatchObject({
      value,
      status: "refused",
      reason: expect.stringMatching(/someone else changed this answer at the same moment/),
    });
    // Nothing half-written: one shared answer stands, the winner's.
    expect(rows().filter((row) => row.feedback_type === "wandb.annotation.resolution")).toHaveLength(1);

    // The refusal re-read the answers; Retry replaces the winner's answer with the loser's.
    await waitFor(() => expect(loser.current.feedback.isFetching).toBe(false), SLOW);
    act(() => loser.current.answer(spec(loser, "resolution"), value));
    await waitFor(() => expect(loser.current.pending).toEqual({}), SLOW);
    const stored = rows().filter((row) => row.feedback_type === "wandb.annotation.resolution");
    expect(stored.map((row) => JSON.parse(row.payload).value)).toEqual([value]);
  }, 60_000);
});

describe("two annotators on a queue that asks two answers per item", () => {
  it("each stores their own answer to every question, the shared ones too: neither replaces the other's", async () => {
    const { demo, maria, rows } = await setup({ claimTimeoutMinutes: 30, answersPerItem: 2, blindReview: false });
    await waitFor(
      () =>
        expect(
          demo.current.team.settings?.answersPerItem === 2 &&
            maria.current.team.settings?.answersPerItem === 2 &&
            demo.current.feedback.data &&
            maria.current.feedback.data,
        ).toBeTruthy(),
      SLOW,
    );
    // "resolution" is a spec shared among creators; on this queue it is answered per annotator all the same.
    expect(spec(demo, "resolution").uniqueAmongCreators).toBe(true);
    act(() => demo.current.answer(spec(demo, "resolution"), "Resolved"));
    await waitFor(() => expect(demo.current.pending).toEqual({}), SLOW);
    // Maria sees Demo's answer standing, and still creates her own beside it.
    act(() => void maria.current.feedback.refetch());
    await waitFor(() => expect(shown(maria, "resolution", "user-maria").others).toHaveLength(1), SLOW);
    act(() => maria.current.answer(spec(maria, "resolution"), "Not resolved"));
    await waitFor(() => expect(maria.current.pending).toEqual({}), SLOW);

    const stored = rows()
      .filter((row) => row.feedback_type === "wandb.annotation.resolution")
      .map((row) => [row.wb_user_id, JSON.parse(row.payload).value]);
    expect(stored).toEqual([
      ["user-demo", "Resolved"],
      ["user-maria", "Not resolved"],
    ]);
    act(() => void demo.current.feedback.refetch());
    await waitFor(
      () =>
        expect(shown(demo, "resolution", "user-demo")).toMatchObject({
          current: { by: "user-demo", value: "Resolved" },
          others: [{ by: "user-maria", value: "Not resolved" }],
        }),
      SLOW,
    );
  }, 60_000);
});
