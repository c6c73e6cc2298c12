import { assert, describe, expect, it } from "vitest";
import { CallUpsertBatchRequest } from "../../../contract/trace-call-writes";
import { RequestValidationError } from "../../http/errors";
import { parseOrThrow } from "../../http/validate";
import { turnsDuring } from "../../testing/event-loop";
import { bearer, createTestApp } from "../../testing/test-app";
import { parseCallBatch } from "./parse-batch";

const PROJECT = "demo/steps";
const start = (id: string) => ({
  project_id: PROJECT,
  id,
  op_name: `weave:///${PROJECT}/op/f:v1`,
  trace_id: `t-${id}`,
  started_at: "2026-11-24T10:00:00Z",
  attributes: {},
  inputs: {},
});
const end = (id: string) => ({ project_id: PROJECT, id, ended_at: "2026-11-24T10:00:01Z", output: null, summary: {} });
const pair = (id: string) => [
  { mode: "start", req: { start: start(id) } },
  { mode: "end", req: { end: end(id) } },
];

/** What a request validation answers for `body`, or "valid". */
async function detailOf(check: () => unknown): Promise<unknown> {
  try {
    await check();
    return "valid";
  } catch (error) {
    if (error instanceof RequestValidationError) return error.detail;
    throw error;
  }
}

describe("an upsert batch, checked item by item", () => {
  it.each([
    ["valid", { batch: pair("a") }],
    ["not an object", []],
    ["no batch", {}],
    ["a batch that is not a list", { batch: "all" }],
    ["an unknown mode", { batch: [{ mode: "finish", req: {} }] }],
    [
      "a start without its times and values",
      { batch: [...pair("a"), { mode: "start", req: { start: { project_id: PROJECT, op_name: "f" } } }] },
    ],
    [
      "bad items far apart",
      {
        batch: [
          { mode: "end", req: { end: { ...end("x"), ended_at: "soon" } } },
          ...Array.from({ length: 1500 }, (_, i) => pair(`p${i}`)).flat(),
          { mode: "start", req: { start: { ...start("y"), inputs: [] } } },
        ],
      },
    ],
    ["more than 100 problems", { batch: Array.from({ length: 150 }, () => ({ mode: "start", req: { start: {} } })) }],
  ])("answers %s exactly as the contract's schema does", async (_name, body) => {
    const contract = await detailOf(() => parseOrThrow(CallUpsertBatchRequest, body, "body"));
    expect(await detailOf(() => parseCallBatch(body))).toEqual(contract);
  });

  it("lets other requests in while it checks and stores a big batch", { timeout: 30_000 }, async () => {
    const { app } = createTestApp();
    const body = JSON.stringify({ batch: Array.from({ length: 10_000 }, (_, i) => pair(`c${i}`)).flat() });
    let res: Response | undefined;
    const turns = await turnsDuring(async () => {
      res = await app.request("/api/trace/call/upsert_batch", {
        method: "POST",
        headers: { ...bearer(), "Content-Type": "application/json" },
        body,
      });
    });
    assert(res);
    expect(res.status).toBe(200);
    expect(((await res.json()) as { res: unknown[] }).res).toHaveLength(20_000);
    // 20 steps checking and 20 storing (1,000 items each), besides the body's own reading steps.
    expect(turns).toBeGreaterThanOrEqual(40);
  });
});
