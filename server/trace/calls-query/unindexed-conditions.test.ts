import { beforeAll, describe, expect, it } from "vitest";
import { CallsQueryRequest } from "../../../contract/trace-calls";
import { ServiceError } from "../../http/errors";
import { openDatabase } from "../../db/database";
import { turnsDuring } from "../../testing/event-loop";
import { insertCalls } from "../calls";
import { PROJECT } from "../test-fixtures";
import { countCalls, MAX_JSON_SORTED_CALLS, planCallsQuery } from "./query";
import { streamCalls } from "./stream";

// Conditions no index answers (a value inside a call's JSON, the refs its inputs hold) and sorts by
// a JSON path: over a large project the first are walked in steps, with the event loop free between
// them, and the second is refused when it would sort more than MAX_JSON_SORTED_CALLS calls.

/** Over one walk window (scan.ts reads 20,000 rows per step), so a walk takes at least two steps. */
const CALLS = 25_000;
const db = openDatabase(":memory:");
const T0 = Date.parse("2026-11-01T08:00:00.000Z");
const ids = Array.from({ length: CALLS }, (_, i) => `call-${String(i).padStart(6, "0")}`);
beforeAll(() => {
  insertCalls(
    db,
    ids.map((id, i) => ({
      project_id: PROJECT,
      id,
      op_name: `weave:///${PROJECT}/op/chat:v${i % 3}`,
      trace_id: `trace-${i}`,
      started_at: T0 + i * 1000,
      ended_at: i % 7 === 0 ? null : T0 + i * 1000 + 500,
      inputs: { question: `question ${i}`, nested: { docs: [{ id: `kb-${i}` }] } },
      output: { answer: `answer ${i}` },
      exception: i % 11 === 0 ? "TimeoutError" : null,
    })),
  );
}, 60_000);

const eqOnInputs = (value: string) => ({
  $expr: { $eq: [{ $getField: "inputs.question" }, { $literal: value }] },
});
const refOf = (i: number) => `kb-${i}`;

async function streamedIds(request: CallsQueryRequest): Promise<string[]> {
  const stream = streamCalls(db, planCallsQuery(db, CallsQueryRequest.parse(request)), {
    projectId: PROJECT,
    includeFeedback: false,
  });
  const text = await new Response(stream).text();
  return text
    .split("\n")
    .filter(Boolean)
    .map((line) => (JSON.parse(line) as { id: string }).id);
}

describe("conditions inside a call's JSON", () => {
  it("walks $eq on inputs.question in steps (the event loop gets turns) and finds the one match", async () => {
    let count = -1;
    const turns = await turnsDuring(async () => {
      count = await countCalls(db, { project_id: PROJECT, query: eqOnInputs("question 24999") });
    });
    expect(count).toBe(1);
    expect(turns).toBeGreaterThanOrEqual(1);
    expect(await streamedIds({ project_id: PROJECT, query: eqOnInputs("question 17") })).toEqual([ids[17]]);
  });

  it("walks input_refs in steps too, beside indexed conditions", async () => {
    // The fixture's inputs hold `{"id": "kb-<i>"}`, not a weave ref; instr finds any JSON string value alike.
    const filter = { input_refs: [refOf(24_998)] };
    let count = -1;
    const turns = await turnsDuring(async () => {
      count = await countCalls(db, { project_id: PROJECT, filter });
    });
    expect(count).toBe(1);
    expect(turns).toBeGreaterThanOrEqual(1);
    const plan = planCallsQuery(db, CallsQueryRequest.parse({ project_id: PROJECT, filter }));
    expect(plan.scan?.sql).toContain("instr");
    expect(plan.where.sql).not.toContain("instr");
  });

  it("keeps an indexed conjunct in SQLite's WHERE and walks only the JSON one", () => {
    const plan = planCallsQuery(
      db,
      CallsQueryRequest.parse({
        project_id: PROJECT,
        query: {
          $expr: {
            $and: [
              { $eq: [{ $getField: "summary.weave.status" }, { $literal: "error" }] },
              { $eq: [{ $getField: "output.answer" }, { $literal: "answer 3" }] },
            ],
          },
        },
      }),
    );
    expect(plan.where.sql).not.toContain("json_extract");
    expect(plan.scan?.sql).toContain("json_extract");
  });
});

describe("sorting by a path inside a call's JSON", () => {
  it(`is refused with a 400 naming what to narrow when the query leaves more than ${MAX_JSON_SORTED_CALLS} calls`, () => {
    const request = CallsQueryRequest.parse({
      project_id: PROJECT,
      sort_by: [{ field: "inputs.question", direction: "asc" }],
    });
    let refusal: unknown;
    try {
      planCallsQuery(db, request);
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(ServiceError);
    expect((refusal as ServiceError).status).toBe(400);
    expect((refusal as ServiceError).message).toMatch(/orders at most 10000 calls.*narrow it/);
  });

  it("orders a narrowed query", async () => {
    const chosen = [ids[5]!, ids[20_000]!, ids[123]!];
    const answered = await streamedIds({
      project_id: PROJECT,
      filter: { call_ids: chosen },
      sort_by: [{ field: "inputs.question", direction: "desc" }],
    });
    // "question 5" > "question 20000" > "question 123" as text.
    expect(answered).toEqual([ids[5], ids[20_000], ids[123]]);
  });
});
