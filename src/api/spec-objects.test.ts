import { describe, expect, it } from "vitest";
import { LIMITS } from "@contract/limits";
import { createObject } from "@server/trace/objects/objects";
import { createLocalServer } from "@/test/local-server";
import { createApiClients } from "./clients";
import { isApiError } from "./errors";
import { listProjectSpecs, objectIdTaken, readLatestSpec, saveSpec, toSpecObject } from "./spec-objects";

const PROJECT = "demo/support-bot";
const fields = (name: string, field_schema: Record<string, unknown> = { type: "boolean" }) => ({
  name,
  description: "",
  field_schema,
  unique_among_creators: false,
  op_scope: null,
});

function setup() {
  const server = createLocalServer();
  const { trace } = createApiClients(server.settings, { fetch: server.fetch });
  return { server, trace };
}

describe("a project's specs as objects", () => {
  it("saves versions under one id and lists the latest of each spec only", async () => {
    const { trace } = setup();
    const first = await saveSpec(trace, PROJECT, "tone", fields("Tone", { type: "integer", minimum: 1, maximum: 5 }));
    const second = await saveSpec(trace, PROJECT, "tone", fields("Tone", { type: "integer", minimum: 1, maximum: 4 }));
    await saveSpec(trace, PROJECT, "policy", fields("Policy"));
    expect(first).toMatchObject({
      objectId: "tone",
      versionIndex: 0,
      ref: `weave:///${PROJECT}/object/tone:${first.digest}`,
    });
    expect(second).toMatchObject({
      objectId: "tone",
      versionIndex: 1,
      isLatest: true,
      fieldSchema: { type: "integer", minimum: 1, maximum: 4 },
    });
    const listed = await listProjectSpecs(trace, PROJECT);
    expect(listed.map((spec) => [spec.objectId, spec.versionIndex])).toEqual([
      ["policy", 0],
      ["tone", 1],
    ]);
    expect(await readLatestSpec(trace, PROJECT, "tone")).toEqual(second);
    expect(await objectIdTaken(trace, PROJECT, "tone")).toBe(true);
    expect(await objectIdTaken(trace, PROJECT, "nothing")).toBe(false);
  });

  it("leaves out objects that are not specs, and reads a stored value that is not a spec tolerantly", async () => {
    const { server, trace } = setup();
    createObject(server.db, {
      projectId: PROJECT,
      objectId: "dataset",
      val: { rows: [] },
      builtinClass: null,
      userId: "u",
    });
    await saveSpec(trace, PROJECT, "tone", fields("Tone"));
    const listed = await listProjectSpecs(trace, PROJECT);
    expect(listed.map((spec) => spec.objectId)).toEqual(["tone"]);
    // Upstream stores a value that names its own class as sent: a "spec" may lack its fields.
    const [stored] = await trace.queryObjects({ project_id: PROJECT, filter: { object_ids: ["tone"] } });
    const broken = toSpecObject({ ...stored!, val: { _class_name: "AnnotationSpec", name: 5 } });
    expect(broken).toMatchObject({
      objectId: "tone",
      name: "",
      fieldSchema: {},
      problem: expect.stringMatching(/not a human-annotation spec/),
    });
  });

  it("reads every page of a project with more specs than one page holds", async () => {
    const { server, trace } = setup();
    for (let i = 0; i <= LIMITS.objectPage; i++) {
      createObject(server.db, {
        projectId: PROJECT,
        objectId: `spec_${String(i).padStart(4, "0")}`,
        val: fields(`Spec ${i}`),
        builtinClass: "AnnotationSpec",
        userId: "u",
      });
    }
    const listed = await listProjectSpecs(trace, PROJECT);
    expect(listed).toHaveLength(LIMITS.objectPage + 1);
    expect(listed.at(-1)!.objectId).toBe(`spec_${LIMITS.objectPage}`);
  }, 30_000);

  it("refuses another entity's project (403) and a bad id (422 naming obj.object_id)", async () => {
    const { trace } = setup();
    const denied = await saveSpec(trace, "acme/support", "tone", fields("Tone")).catch((error: unknown) => error);
    expect(isApiError(denied) && denied.kind).toBe("forbidden");
    const listDenied = await listProjectSpecs(trace, "acme/support").catch((error: unknown) => error);
    expect(isApiError(listDenied) && listDenied.kind).toBe("forbidden");
    const bad = await saveSpec(trace, PROJECT, "has space", fields("X")).catch((error: unknown) => error);
    expect(isApiError(bad) && bad.fieldErrors.map((field) => field.path)).toEqual(["obj.object_id"]);
  });
});
