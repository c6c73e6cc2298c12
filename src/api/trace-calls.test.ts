import { beforeEach, describe, expect, it } from "vitest";
import { insertCalls } from "@server/trace/calls";
import { DEMO_KEY } from "@server/testing/test-app";
import { createLocalServer } from "@/test/local-server";
import { createTraceCallsClient, type TraceCallsClient } from "./trace-calls";

const PROJECT = "demo/support-bot";
const op = (name: string) => `weave:///${PROJECT}/op/${name}:v1`;

let server: ReturnType<typeof createLocalServer>;
let client: TraceCallsClient;

beforeEach(() => {
  server = createLocalServer();
  client = createTraceCallsClient({ apiKey: DEMO_KEY, baseUrl: server.settings.traceBaseUrl, fetch: server.fetch });
  insertCalls(
    server.db,
    Array.from({ length: 6 }, (_, i) => ({
      project_id: PROJECT,
      id: `call-${i}`,
      op_name: op(i % 2 === 0 ? "chat" : "search"),
      trace_id: `trace-${i}`,
      started_at: Date.UTC(2026, 0, 1, 0, i),
      ended_at: Date.UTC(2026, 0, 1, 0, i, 30),
      inputs: { messages: [{ role: "user", content: i === 3 ? "Where is my refund?" : "Hello" }] },
    })),
  );
});

describe("calls client against the local trace service", () => {
  it("reads a page of calls as checked Call objects and counts the same filter", async () => {
    const filter = { op_names: [op("chat")] };
    const calls = await client.queryCalls({ project_id: PROJECT, filter, sort_by: [{ field: "started_at", direction: "desc" }], limit: 2 });
    expect(calls.map((c) => c.id)).toEqual(["call-4", "call-2"]);
    expect(calls[0]?.started_at).toBe("2026-01-01T00:04:00.000Z");
    expect(await client.countCalls({ project_id: PROJECT, filter })).toBe(3);
  });

  it("searches text in the inputs and sends the key as Basic auth", async () => {
    const query = { $expr: { $contains: { input: { $getField: "inputs" }, substr: { $literal: "REFUND" }, case_insensitive: true } } };
    expect((await client.queryCalls({ project_id: PROJECT, query })).map((c) => c.id)).toEqual(["call-3"]);
    expect(server.requests.at(-1)?.headers.get("authorization")).toBe(`Basic ${btoa(`api:${DEMO_KEY}`)}`);
  });

  it("rejects with the service's 422 for a limit over the cap", async () => {
    await expect(client.queryCalls({ project_id: PROJECT, limit: 10_001 })).rejects.toMatchObject({ status: 422 });
  });
});
