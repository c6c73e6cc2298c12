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
    const tone = (maximum: number) => fields("Tone", { type: "integer", minimum: 1, maximum });
    const { saved: first, check } = await saveSpec(trace, PROJECT, "tone", tone(5), null);
    expect(check).toEqual({ kind: "clean" });
    const { saved: second, check: next } = await saveSpec(trace, PROJECT, "tone", tone(4), first);
    expect(next).toEqual({ kind: "clean" });
    await saveSpec(trace, PROJECT, "policy", fields("Policy"), null);
    expect(first).toMatchObject({
      objectId: "tone",
      versionIndex: 0,
      ref: `weave:///${PROJECT}/object/tone:${first.digest}`,
      savedBy: "user-demo",
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
    await saveSpec(trace, PROJECT, "tone", fields("Tone"), null);
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
    const denied = await saveSpec(trace, "acme/support", "tone", fields("Tone"), null).catch((error: unknown) => error);
    expect(isApiError(denied) && denied.kind).toBe("forbidden");
    const listDenied = await listProjectSpecs(trace, "acme/support").catch((error: unknown) => error);
    expect(isApiError(listDenied) && listDenied.kind).toBe("forbidden");
    const bad = await saveSpec(trace, PROJECT, "has space", fields("X"), null).catch((error: unknown) => error);
    expect(isApiError(bad) && bad.fieldErrors.map((field) => field.path)).toEqual(["obj.object_id"]);
  });
});

const storeAs = (server: ReturnType<typeof setup>["server"], objectId: string, name: string, userId = "user-acme") =>
  createObject(server.db, {
    projectId: PROJECT,
    objectId,
    val: fields(name),
    builtinClass: "AnnotationSpec",
    userId,
  });

describe("saving a spec while someone else saves it", () => {
  it("names the versions someone saved between the one an edit started from and the save", async () => {
    const { server, trace } = setup();
    const { saved: start } = await saveSpec(trace, PROJECT, "tone", fields("Tone"), null);
    storeAs(server, "tone", "Theirs");
    const { saved, check } = await saveSpec(trace, PROJECT, "tone", fields("Mine"), start);
    expect(saved).toMatchObject({ versionIndex: 2, isLatest: true, name: "Mine" });
    expect(check).toMatchObject({
      kind: "overtaken",
      more: 0,
      between: [{ versionIndex: 1, name: "Theirs", savedBy: "user-acme" }],
    });
  });

  it("reads the nearest few of many versions in between and counts the rest", async () => {
    const { server, trace } = setup();
    const { saved: start } = await saveSpec(trace, PROJECT, "tone", fields("Tone"), null);
    for (const n of [1, 2, 3, 4, 5]) storeAs(server, "tone", `Theirs ${n}`);
    const { check } = await saveSpec(trace, PROJECT, "tone", fields("Mine"), start);
    expect(check.kind === "overtaken" && check.between.map((spec) => spec.versionIndex)).toEqual([3, 4, 5]);
    expect(check.kind === "overtaken" && check.more).toBe(2);
  });

  it("a new spec whose id someone took between the check and the save is told it became their next version", async () => {
    const { server, trace } = setup();
    storeAs(server, "tone", "Theirs");
    const { saved, check } = await saveSpec(trace, PROJECT, "tone", fields("Mine"), null);
    expect(saved.versionIndex).toBe(1);
    expect(check).toMatchObject({ kind: "overtaken", between: [{ versionIndex: 0, name: "Theirs" }] });
  });

  it("a value the spec already had makes no version: the latest someone else saved is named", async () => {
    const { server, trace } = setup();
    const { saved: start } = await saveSpec(trace, PROJECT, "tone", fields("Tone"), null);
    const { saved: edited } = await saveSpec(trace, PROJECT, "tone", fields("Mine"), start);
    storeAs(server, "tone", "Theirs");
    // Going back to the first value: the service answers version 1's digest and makes nothing new.
    const { saved, check } = await saveSpec(trace, PROJECT, "tone", fields("Tone"), edited);
    expect(saved).toMatchObject({ versionIndex: 0, isLatest: false });
    expect(check).toMatchObject({ kind: "unchanged", latest: { versionIndex: 2, name: "Theirs" } });
  });
});
