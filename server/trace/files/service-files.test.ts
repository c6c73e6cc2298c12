import { describe, expect, it } from "vitest";
import { LIMITS } from "../../../contract/limits";
import { FileCreateResponse } from "../../../contract/trace-tables";
import { ACME_KEY, bearer, call, createTestApp } from "../../testing/test-app";
import { PROJECT } from "../test-fixtures";

const API = "/api/trace";
type App = ReturnType<typeof createTestApp>["app"];

// Computed with CPython 3 from upstream's bytes_digest: SHA-256, URL-safe base64, '-'/'_' as 'X'/'Y', no padding.
const CODE = "def answer(q):\n    return 42\n";
const CODE_DIGEST = "4OSdXjqZXXdgDApQSP136YGvU1lskUF5DlQWkJzSWX8";
const ALL_BYTES = Uint8Array.from({ length: 256 }, (_, i) => i);
const ALL_BYTES_DIGEST = "QKYy6dLYki5Hr9RkjmlnSXFYeFX9Hahw5xECZrXUSIA";

function form(fields: Record<string, string | Blob>, fileName = "obj.py"): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (typeof value === "string") data.append(name, value);
    else data.append(name, value, fileName);
  }
  return data;
}

async function upload(app: App, body: FormData | string, key?: string, contentType?: string) {
  const headers: Record<string, string> = { ...bearer(key), ...(contentType ? { "Content-Type": contentType } : {}) };
  const response = await app.request(`${API}/file/create`, { method: "POST", headers, body });
  return {
    status: response.status,
    json: (await response.json()) as Record<string, unknown> & {
      detail?: { loc: unknown[]; type: string; msg: string }[];
    },
  };
}

async function content(app: App, digest: string, key?: string) {
  const response = await app.request(`${API}/file/content`, {
    method: "POST",
    headers: { ...bearer(key), "Content-Type": "application/json" },
    body: JSON.stringify({ project_id: PROJECT, digest }),
  });
  return {
    status: response.status,
    type: response.headers.get("content-type"),
    bytes: new Uint8Array(await response.arrayBuffer()),
  };
}

describe("files", () => {
  it("stores bytes under upstream's digest and hands them back unchanged; the same bytes are the same file", async () => {
    const { app } = createTestApp();
    const created = await upload(app, form({ project_id: PROJECT, file: new Blob([CODE]) }));
    expect(created.status).toBe(200);
    expect(FileCreateResponse.parse(created.json)).toEqual({ digest: CODE_DIGEST });
    expect((await upload(app, form({ project_id: PROJECT, file: new Blob([CODE]) }, "again.py"))).json).toEqual({
      digest: CODE_DIGEST,
    });
    const read = await content(app, CODE_DIGEST);
    expect({ status: read.status, type: read.type, text: new TextDecoder().decode(read.bytes) }).toEqual({
      status: 200,
      type: "application/octet-stream",
      text: CODE,
    });

    // Any bytes, not only text, and an empty file.
    expect((await upload(app, form({ project_id: PROJECT, file: new Blob([ALL_BYTES]) }, "all.bin"))).json).toEqual({
      digest: ALL_BYTES_DIGEST,
    });
    expect((await content(app, ALL_BYTES_DIGEST)).bytes).toEqual(ALL_BYTES);
    const empty = await upload(app, form({ project_id: PROJECT, file: new Blob([]) }));
    expect(empty.status).toBe(200);
    expect((await content(app, String(empty.json.digest))).bytes).toEqual(new Uint8Array());
  });

  it("keeps each tenant's files to itself: 403 across entities, and a digest of another project is not found", async () => {
    const { app } = createTestApp();
    await upload(app, form({ project_id: PROJECT, file: new Blob([CODE]) }));
    expect((await upload(app, form({ project_id: PROJECT, file: new Blob([CODE]) }), ACME_KEY)).status).toBe(403);
    expect((await content(app, CODE_DIGEST, ACME_KEY)).status).toBe(403);
    const elsewhere = await call(app, "POST", `${API}/file/content`, {
      body: { project_id: "demo/other", digest: CODE_DIGEST },
      headers: bearer(),
    });
    expect({ status: elsewhere.status, reason: elsewhere.json.reason }).toEqual({
      status: 404,
      reason: `File ${CODE_DIGEST} not found`,
    });
  });

  it("names what is wrong with a form: missing fields, a text file part, a bad project, a file over the bound, not multipart at all", async () => {
    const { app } = createTestApp();
    const noFile = await upload(app, form({ project_id: PROJECT }));
    expect({ status: noFile.status, detail: noFile.json.detail }).toEqual({
      status: 422,
      detail: [{ loc: ["body", "file"], msg: "Field required", type: "missing" }],
    });
    const noProject = await upload(app, form({ file: new Blob([CODE]) }));
    expect(noProject.json.detail?.[0]?.loc).toEqual(["body", "project_id"]);
    expect((await upload(app, form({ project_id: PROJECT, file: "just text" }))).json.detail?.[0]?.loc).toEqual([
      "body",
      "file",
    ]);
    expect((await upload(app, form({ project_id: "no-slash", file: new Blob([CODE]) }))).json.detail?.[0]?.loc).toEqual(
      ["body", "project_id"],
    );

    const big = await upload(
      app,
      form({ project_id: PROJECT, file: new Blob([new Uint8Array(LIMITS.fileBytes + 1)]) }),
    );
    expect(big.status).toBe(422);
    expect(big.json.detail?.[0]).toMatchObject({ loc: ["body", "file"], type: "too_long" });
    expect(big.json.detail?.[0]?.msg).toContain(String(LIMITS.fileBytes));
    const longName = await upload(
      app,
      form({ project_id: PROJECT, file: new Blob([CODE]) }, "n".repeat(LIMITS.labelLength + 1)),
    );
    expect(longName.json.detail?.[0]?.loc).toEqual(["body", "file", "filename"]);

    const json = await upload(app, JSON.stringify({ project_id: PROJECT, file: CODE }), undefined, "application/json");
    expect(json.status).toBe(422);
    expect(json.json.detail?.[0]?.loc).toEqual(["body"]);
    const broken = await upload(
      app,
      '--xyz\r\nContent-Disposition: form-data; name="project_id"\r\n\r\ndemo',
      undefined,
      "multipart/form-data; boundary=xyz",
    );
    expect({ status: broken.status, reason: broken.json.reason }).toEqual({
      status: 400,
      reason: "There was an error parsing the body: it is not valid multipart form data.",
    });
    expect(
      (await call(app, "POST", `${API}/file/content`, { body: { project_id: PROJECT }, headers: bearer() })).status,
    ).toBe(422);
  });
});
