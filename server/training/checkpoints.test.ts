import { describe, expect, it } from "vitest";
import { ACME_KEY, bearer, call, createTestApp } from "../testing/test-app";
import { TRAINING, createModel, createRlJob, group, runToEnd } from "./test-support";

/** A model with checkpoints at steps 1..n, made by a real job. */
async function modelWithCheckpoints(n: number) {
  const test = createTestApp();
  const model = await createModel(test.app);
  await createRlJob(
    test.app,
    model.id,
    Array.from({ length: n }, (_, i) => group([i / n])),
  );
  await runToEnd(test.runner, test.db);
  const list = (query = "", key?: string) =>
    call(test.app, "GET", `${TRAINING}/preview/models/${model.id}/checkpoints${query}`, { headers: bearer(key) });
  return { ...test, model, list };
}

describe("GET /preview/models/{id}/checkpoints", () => {
  it("lists checkpoints by step with their metrics, 20 by default", async () => {
    const { list } = await modelWithCheckpoints(25);
    const res = await list();
    expect(res.status).toBe(200);
    expect(res.json.object).toBe("list");
    expect(res.json.data).toHaveLength(20);
    expect(res.json.data.map((c: { step: number }) => c.step)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(res.json.has_more).toBe(true);
    expect(res.json.first_id).toBe(res.json.data[0].id);
    expect(res.json.last_id).toBe(res.json.data[19].id);
    expect(res.json.data[4].metrics).toMatchObject({ reward: 4 / 25, num_trajectories: 1, learning_rate: 1e-5 });
  });

  it("pages with after until has_more is false, without gaps or repeats", async () => {
    const { list } = await modelWithCheckpoints(7);
    const steps: number[] = [];
    let after = "";
    for (;;) {
      const res = await list(`?limit=3${after ? `&after=${after}` : ""}`);
      expect(res.status).toBe(200);
      steps.push(...res.json.data.map((c: { step: number }) => c.step));
      if (!res.json.has_more) break;
      after = res.json.last_id;
    }
    expect(steps).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it("orders descending and pages backwards with after", async () => {
    const { list } = await modelWithCheckpoints(5);
    const first = await list("?order=desc&limit=2");
    expect(first.json.data.map((c: { step: number }) => c.step)).toEqual([5, 4]);
    const second = await list(`?order=desc&limit=2&after=${first.json.last_id}`);
    expect(second.json.data.map((c: { step: number }) => c.step)).toEqual([3, 2]);
    expect(second.json.has_more).toBe(true);
    const last = await list(`?order=desc&limit=2&after=${second.json.last_id}`);
    expect(last.json.data.map((c: { step: number }) => c.step)).toEqual([1]);
    expect(last.json.has_more).toBe(false);
  });

  it("answers an empty model with an empty page", async () => {
    const { app } = createTestApp();
    const model = await createModel(app);
    const res = await call(app, "GET", `${TRAINING}/preview/models/${model.id}/checkpoints`, { headers: bearer() });
    expect(res.json).toEqual({ object: "list", data: [], first_id: null, last_id: null, has_more: false });
  });

  it("accepts limit 1 and 100, and answers out-of-range or bad parameters with 422 at their loc", async () => {
    const { list } = await modelWithCheckpoints(2);
    expect((await list("?limit=1")).json.data).toHaveLength(1);
    expect((await list("?limit=100")).json.data).toHaveLength(2);
    for (const [query, loc] of [
      ["?limit=0", ["query", "limit"]],
      ["?limit=101", ["query", "limit"]],
      ["?limit=abc", ["query", "limit"]],
      ["?limit=2.5", ["query", "limit"]],
      ["?order=up", ["query", "order"]],
      ["?after=", ["query", "after"]],
    ] as const) {
      const res = await list(query);
      expect({ query, status: res.status }).toEqual({ query, status: 422 });
      expect(res.json.detail.map((d: { loc: unknown }) => d.loc)).toContainEqual(loc);
    }
  });

  it("answers an unknown cursor with 400 {detail}", async () => {
    const { list } = await modelWithCheckpoints(2);
    const res = await list("?after=ckpt_nope");
    expect(res.status).toBe(400);
    expect(res.json.detail).toContain("ckpt_nope");
  });

  it("is 404 for an unknown model and for another entity's (not-yours.test.ts)", async () => {
    const { app, list } = await modelWithCheckpoints(1);
    expect((await call(app, "GET", `${TRAINING}/preview/models/nope/checkpoints`, { headers: bearer() })).status).toBe(
      404,
    );
    expect((await list("", ACME_KEY)).status).toBe(404);
  });
});

describe("DELETE /preview/models/{id}/checkpoints", () => {
  it("deletes the listed steps and reports those that were not there", async () => {
    const { app, model, list } = await modelWithCheckpoints(4);
    const res = await call(app, "DELETE", `${TRAINING}/preview/models/${model.id}/checkpoints`, {
      body: { steps: [1, 3, 99, 3] },
      headers: bearer(),
    });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ deleted_count: 2, not_found_steps: [99] });
    expect((await list()).json.data.map((c: { step: number }) => c.step)).toEqual([2, 4]);
    const again = await call(app, "DELETE", `${TRAINING}/preview/models/${model.id}/checkpoints`, {
      body: { steps: [1] },
      headers: bearer(),
    });
    expect(again.json).toEqual({ deleted_count: 0, not_found_steps: [1] });
  });

  it.each([
    [{}, ["body", "steps"]],
    [{ steps: [] }, ["body", "steps"]],
    [{ steps: ["x"] }, ["body", "steps", 0]],
    [{ steps: [1, -2] }, ["body", "steps", 1]],
  ])("answers %j with 422 at %j", async (body, loc) => {
    const { app, model } = await modelWithCheckpoints(1);
    const res = await call(app, "DELETE", `${TRAINING}/preview/models/${model.id}/checkpoints`, {
      body,
      headers: bearer(),
    });
    expect(res.status).toBe(422);
    expect(res.json.detail.map((d: { loc: unknown }) => d.loc)).toContainEqual(loc);
  });

  it("is 404 for another entity's model and leaves its checkpoints alone", async () => {
    const { app, model, list } = await modelWithCheckpoints(2);
    const res = await call(app, "DELETE", `${TRAINING}/preview/models/${model.id}/checkpoints`, {
      body: { steps: [1] },
      headers: bearer(ACME_KEY),
    });
    expect(res.status).toBe(404);
    expect((await list()).json.data).toHaveLength(2);
  });
});
