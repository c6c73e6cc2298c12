import { describe, expect, it } from "vitest";
import { ObjCreateResponse, ObjQueryResponse } from "../../../contract/trace-objects";
import { bearer, call, createTestApp } from "../../testing/test-app";
import { PROJECT } from "../test-fixtures";

const API = "/api/trace";
const CREATES = 20;

const spec = (n: number) => ({
  name: `Tone ${n}`,
  description: "",
  field_schema: { type: "integer", minimum: 1, maximum: 5 },
});

describe("objects: creates of one object id at the same instant", () => {
  it("gives every distinct value its own consecutive version, with exactly one latest", async () => {
    const { app } = createTestApp();
    // All requests are in flight before any answer is read: their bodies are parsed and their
    // writes land in whatever order the server's event loop takes them.
    const answers = await Promise.all(
      Array.from({ length: CREATES }, (_, n) =>
        call(app, "POST", `${API}/obj/create`, {
          body: {
            obj: { project_id: PROJECT, object_id: "tone", val: spec(n), builtin_object_class: "AnnotationSpec" },
          },
          headers: bearer(),
        }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(CREATES).fill(200));
    const digests = answers.map((answer) => ObjCreateResponse.parse(answer.json).digest);
    expect(new Set(digests).size).toBe(CREATES);

    const listed = await call(app, "POST", `${API}/objs/query`, {
      body: { project_id: PROJECT, filter: { object_ids: ["tone"] } },
      headers: bearer(),
    });
    const { objs } = ObjQueryResponse.parse(listed.json);
    expect(objs.map((obj) => obj.version_index).sort((a, b) => a - b)).toEqual([...Array(CREATES).keys()]);
    expect(new Set(objs.map((obj) => obj.digest))).toEqual(new Set(digests));
    expect(objs.filter((obj) => obj.is_latest === 1)).toHaveLength(1);
    expect(objs.find((obj) => obj.is_latest === 1)?.version_index).toBe(CREATES - 1);
  });
});
