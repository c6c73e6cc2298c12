import type { Database } from "better-sqlite3";
import { insertCalls, type NewCall } from "../calls";
import { PROJECT } from "../test-fixtures";

// A small, hand-made project of calls for the calls query tests: two traces with children, an op
// in two versions, one error, one running call, display names, ties on started_at.

export const T = Date.parse("2026-11-01T08:00:00.000Z");
export const op = (name: string, digest: string, project = PROJECT) => `weave:///${project}/op/${name}:${digest}`;
export const CHAT_V1 = op("chat", "aaaa");
export const CHAT_V2 = op("chat", "bbbb");
export const SEARCH = op("retriever.search", "cccc");
/** A name that shares `chat` as a prefix: `chat:*` must not match it. */
export const CHAT_SUMMARY = op("chat_summary", "dddd");

const call = (
  id: string,
  fields: Partial<NewCall> & Pick<NewCall, "op_name" | "trace_id" | "started_at">,
): NewCall => ({
  project_id: PROJECT,
  id,
  ended_at: fields.started_at + 1000,
  inputs: {},
  output: null,
  wb_user_id: "user-demo",
  ...fields,
});

export const CALLS: NewCall[] = [
  call("c01", {
    op_name: CHAT_V1,
    trace_id: "t1",
    started_at: T,
    ended_at: T + 4000,
    display_name: "Refund chat",
    inputs: { messages: [{ role: "user", content: "Where is my Refund?" }], n: 3 },
    output: { choices: [{ message: { content: "On its way." } }] },
  }),
  call("c02", {
    op_name: SEARCH,
    trace_id: "t1",
    parent_id: "c01",
    started_at: T + 100,
    ended_at: T + 600,
    inputs: { query: "refund policy", n: 10 },
    output: [{ id: "kb-1" }],
  }),
  call("c03", {
    op_name: SEARCH,
    trace_id: "t1",
    parent_id: "c01",
    started_at: T + 100,
    ended_at: T + 900,
    inputs: { query: "shipping", n: 2 },
    output: [],
  }),
  call("c04", {
    op_name: CHAT_V2,
    trace_id: "t2",
    started_at: T + 60_000,
    ended_at: null,
    display_name: "Address change",
    inputs: { messages: [{ role: "user", content: "New address please" }], n: 1 },
  }),
  call("c05", {
    op_name: CHAT_V2,
    trace_id: "t3",
    started_at: T + 120_000,
    ended_at: T + 125_000,
    exception: "RateLimitError: 429",
    inputs: { messages: [{ role: "user", content: "Cancel my order" }] },
    wb_user_id: "user-maria",
  }),
  call("c06", {
    op_name: CHAT_SUMMARY,
    trace_id: "t4",
    started_at: T + 120_000,
    ended_at: T + 121_000,
    inputs: { transcript: "..." },
    output: "Customer wants a refund",
  }),
  call("c07", {
    op_name: SEARCH,
    trace_id: "t2",
    parent_id: "c04",
    started_at: T + 60_050,
    ended_at: T + 60_300,
    inputs: { query: "address" },
    output: [],
  }),
  call("c08", {
    op_name: SEARCH,
    trace_id: "t8",
    started_at: T + 180_000,
    ended_at: T + 180_500,
    inputs: { doc: "weave:///demo/support-bot/object/doc:abc" },
    output: [],
  }),
];

export function insertFixtureCalls(db: Database): void {
  insertCalls(db, CALLS);
  insertCalls(db, [
    call("other-1", {
      project_id: "acme/claims",
      op_name: op("chat", "aaaa", "acme/claims"),
      trace_id: "t9",
      started_at: T,
    }),
  ]);
}
