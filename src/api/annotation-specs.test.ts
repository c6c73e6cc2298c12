import { describe, expect, it } from "vitest";
import { createLocalServer } from "@/test/local-server";
import { callRef, readCallsFeedback, readQueueSpecs } from "./annotation-specs";
import { createApiClients } from "./clients";

const PROJECT = "demo/support-bot";

async function setup() {
  const server = createLocalServer();
  const { trace } = createApiClients(server.settings, { fetch: server.fetch });
  const create = async (objectId: string, val: unknown, builtin: string | null = "AnnotationSpec") => {
    const res = await server.fetch(`${server.settings.traceBaseUrl}/obj/create`, {
      method: "POST",
      headers: { Authorization: `Basic ${btoa(`api:${server.settings.apiKey}`)}`, "Content-Type": "application/json" },
      body: JSON.stringify({
        obj: { project_id: PROJECT, object_id: objectId, val, ...(builtin ? { builtin_object_class: builtin } : {}) },
      }),
    });
    return `weave:///${PROJECT}/object/${objectId}:${((await res.json()) as { digest: string }).digest}`;
  };
  return { server, trace, create };
}

describe("a queue's annotation specs", () => {
  it("reads each spec with its object id, the name people read, and whether answers are per annotator", async () => {
    const { trace, create } = await setup();
    const tone = await create("tone", {
      name: "Tone",
      description: "1-5",
      field_schema: { type: "integer", minimum: 1, maximum: 5 },
      unique_among_creators: true,
    });
    const plain = await create("comment", { field_schema: { type: "string", maxLength: 50 } });
    const { specs, missing } = await readQueueSpecs(trace, [tone, plain]);
    expect(missing).toEqual([]);
    expect(specs).toEqual([
      {
        ref: tone,
        id: "tone",
        label: "Tone",
        description: "1-5",
        fieldSchema: { type: "integer", minimum: 1, maximum: 5 },
        uniqueAmongCreators: true,
      },
      {
        ref: plain,
        id: "comment",
        label: "comment",
        description: "",
        fieldSchema: { type: "string", maxLength: 50 },
        uniqueAmongCreators: false,
      },
    ]);
  });

  it("still shows the readable specs when one ref is unknown, and says which is missing and why", async () => {
    const { server, trace, create } = await setup();
    const tone = await create("tone", { field_schema: { type: "boolean" } });
    const notASpec = await create("config", { temperature: 0.2 }, null);
    const unknown = `weave:///${PROJECT}/object/gone:${"0".repeat(43)}`;
    const before = server.requests.length;
    const { specs, missing } = await readQueueSpecs(trace, [unknown, tone, notASpec]);
    expect(specs.map((s) => s.id)).toEqual(["tone"]);
    expect(missing.map((m) => m.ref)).toEqual([unknown, notASpec]);
    expect(missing[0]!.reason).toMatch(/not found/i);
    expect(missing[1]!.reason).toBe("this object is not a human-annotation spec");
    // One batch, then one read per ref.
    expect(server.requests.length - before).toBe(4);
  });
});

describe("feedback on calls", () => {
  it("reads every row on the given calls in one query per 1,000 rows, oldest first", async () => {
    const { trace, create, server } = await setup();
    const tone = await create("tone", { field_schema: { type: "integer", minimum: 1, maximum: 5 } });
    for (const [call, value] of [
      ["c1", 2],
      ["c2", 5],
      ["c3", 3],
    ] as const) {
      await trace.createFeedback({
        project_id: PROJECT,
        weave_ref: callRef(PROJECT, call),
        feedback_type: "wandb.annotation.tone",
        annotation_ref: tone,
        payload: { value },
      });
    }
    await trace.createFeedback({
      project_id: PROJECT,
      weave_ref: callRef(PROJECT, "c1"),
      feedback_type: "wandb.note.1",
      payload: { note: "Check the amount" },
    });
    const before = server.requests.length;
    const rows = await readCallsFeedback(trace, PROJECT, ["c1", "c3"]);
    expect(server.requests.length - before).toBe(1);
    expect(rows.map((r) => [r.weave_ref.split("/").at(-1), r.feedback_type, r.payload])).toEqual([
      ["c1", "wandb.annotation.tone", { value: 2 }],
      ["c3", "wandb.annotation.tone", { value: 3 }],
      ["c1", "wandb.note.1", { note: "Check the amount" }],
    ]);
  });
});
