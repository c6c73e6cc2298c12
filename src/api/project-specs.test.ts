import { describe, expect, it } from "vitest";
import { createObject } from "@server/trace/objects/objects";
import { createLocalServer } from "@/test/local-server";
import { createApiClients } from "./clients";
import { readProjectSpecs } from "./project-specs";

const PROJECT = "demo/support-bot";

describe("readProjectSpecs", () => {
  it("reads the latest version of each AnnotationSpec of the project, by ref with its digest, and lists unreadable ones", async () => {
    const server = createLocalServer();
    const clients = createApiClients(server.settings, { fetch: server.fetch });
    const make = (projectId: string, objectId: string, val: unknown, builtinClass: string | null = "AnnotationSpec") =>
      createObject(server.db, { projectId, objectId, val, builtinClass, userId: "user-demo" }).digest;
    make(PROJECT, "tone", { name: "Tone", field_schema: { type: "integer", minimum: 1, maximum: 3 } });
    const latestTone = make(PROJECT, "tone", {
      name: "Tone",
      description: "1-5 now",
      field_schema: { type: "integer", minimum: 1, maximum: 5 },
    });
    const comment = make(PROJECT, "comment", { field_schema: { type: "string", maxLength: 500 } });
    make(PROJECT, "prompt", { text: "not a spec" }, null);
    make("acme/claims", "accuracy", { name: "Accuracy", field_schema: { type: "boolean" } });
    // Stored as a spec by an older client, but its value has no schema: listed, not hidden.
    server.db
      .prepare(
        "INSERT INTO trace_objects (project_id, object_id, digest, kind, base_object_class, leaf_object_class, val, version_index, created_at) VALUES (?, 'broken', 'd1', 'object', 'AnnotationSpec', 'AnnotationSpec', '{}', 0, 0)",
      )
      .run(PROJECT);

    const specs = await readProjectSpecs(clients.trace, PROJECT);
    expect(specs.specs.map((s) => [s.id, s.label, s.ref, s.description])).toEqual([
      ["comment", "comment", `weave:///${PROJECT}/object/comment:${comment}`, ""],
      ["tone", "Tone", `weave:///${PROJECT}/object/tone:${latestTone}`, "1-5 now"],
    ]);
    expect(specs.unreadable).toEqual([
      { ref: `weave:///${PROJECT}/object/broken:d1`, reason: "this object is not a human-annotation spec" },
    ]);
  });
});
