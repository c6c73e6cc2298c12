import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RefsReadBatchResponse } from "../../../contract/trace-objects";
import { TableQueryResponse, TableQueryStatsResponse } from "../../../contract/trace-tables";
import { rowDigest, tableDigest } from "../tables/digest";
import { startSdkServer, type SdkServer } from "./sdk-server";

// The official weave npm package, unmodified, as the client: it publishes a dataset and saves an
// op against the real server (its own process, fresh data) exactly as it would against W&B, and
// what it wrote is read back through the endpoints other clients (the dashboard, the Python SDK) use.

const PROJECT = "demo/support-bot";
const ROWS = [
  { question: "Where is my refund?", expected: "billing", meta: { priority: 2, tags: ["refund"] } },
  { question: "The app crashes on start", expected: "bug", meta: { priority: 1, tags: [] } },
  { question: "Où est ma commande ? 📦", expected: "shipping", meta: { priority: 3, tags: ["order", "fr"] } },
];

let server: SdkServer;

async function post(path: string, body: unknown, key = "local-demo-key") {
  const response = await fetch(`${server.trace}${path}`, {
    method: "POST",
    headers: { Authorization: `Bearer ${key}`, "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  return {
    status: response.status,
    bytes: new Uint8Array(await response.arrayBuffer()),
    type: response.headers.get("content-type"),
  };
}
const json = (res: { bytes: Uint8Array }): unknown => JSON.parse(new TextDecoder().decode(res.bytes));

beforeAll(async () => {
  server = await startSdkServer();
}, 60_000);

afterAll(async () => {
  await server?.stop();
});

describe("the weave SDK against the local trace service: datasets, ops and files", () => {
  it("publishes a dataset whose rows read back through /table/query and whose object reads back through /refs/read_batch", async () => {
    const weave = await import("weave");
    const client = await weave.init(PROJECT);
    // Copies: the SDK marks each row it is given with a ref of its own.
    const dataset = new weave.Dataset({
      name: "support-questions",
      description: "Tickets and their routes",
      rows: ROWS.map((row) => structuredClone(row)),
    });
    const ref = await dataset.save();
    expect(ref.uri()).toMatch(/^weave:\/\/\/demo\/support-bot\/object\/support-questions:[A-Za-z0-9]{43}$/);

    // The dataset object, as the SDK stored it: its rows are a table ref.
    const read = await post("/refs/read_batch", { refs: [ref.uri()] });
    expect(read.status).toBe(200);
    const [stored] = RefsReadBatchResponse.parse(json(read)).vals as [Record<string, unknown>];
    expect(stored).toMatchObject({ _type: "Dataset", _class_name: "Dataset", description: "Tickets and their routes" });
    const tableRef = String(stored.rows);
    const digests = ROWS.map(rowDigest);
    // The table's digest is upstream's, computed from the rows alone: the SDK's ref names the same table.
    expect(tableRef).toBe(`weave:///${PROJECT}/table/${tableDigest(digests)}`);

    const table = tableRef.split("/").at(-1)!;
    const rows = TableQueryResponse.parse(
      json(await post("/table/query", { project_id: PROJECT, digest: table })),
    ).rows;
    expect(rows).toEqual(ROWS.map((row, i) => ({ digest: digests[i], val: row, original_index: i })));
    expect(
      TableQueryStatsResponse.parse(json(await post("/table/query_stats", { project_id: PROJECT, digest: table }))),
    ).toEqual({ count: 3 });

    // One row through the dataset, by the path the SDK's DatasetRowRef builds.
    const rowRef = `${ref.uri()}/attr/rows/id/${digests[2]}`;
    expect(RefsReadBatchResponse.parse(json(await post("/refs/read_batch", { refs: [rowRef] }))).vals).toEqual([
      ROWS[2],
    ]);
    // The SDK reads its own dataset back (/obj/read, then the rows by /table/query).
    const loaded = (await client.get(ref)) as InstanceType<typeof weave.Dataset>;
    const back = Array.from(
      { length: loaded.rows.length },
      (_, i) => loaded.rows.row(i) as Record<string, unknown> & { __savedRef: { rowDigest: string } },
    );
    expect(back.map(({ __savedRef, ...row }) => row)).toEqual(ROWS);
    // Each row carries the SDK's ref to it, by the digest the service gave it.
    expect(back.map((row) => row.__savedRef.rowDigest)).toEqual(digests);
    // Another tenant may read none of it.
    expect((await post("/table/query", { project_id: PROJECT, digest: table }, "local-acme-key")).status).toBe(403);
  });

  it("saves an op's code with /file/create, and the code reads back byte for byte through /file/content", async () => {
    const weave = await import("weave");
    const client = await weave.init(PROJECT);
    const routeTicket = weave.op(async function routeTicket(question: string) {
      return question.toLowerCase().includes("refund") ? "billing" : "support";
    });
    const opRef = await client.saveOp(routeTicket);
    expect(opRef.uri()).toMatch(/^weave:\/\/\/demo\/support-bot\/op\/routeTicket:[A-Za-z0-9]{43}$/);

    const [op] = RefsReadBatchResponse.parse(json(await post("/refs/read_batch", { refs: [opRef.uri()] }))).vals as [
      { _type: string; weave_type: { type: string }; files: Record<string, string> },
    ];
    expect(op).toMatchObject({ _type: "CustomWeaveType", weave_type: { type: "Op" } });
    const codeDigest = op.files["obj.py"]!;

    const content = await post("/file/content", { project_id: PROJECT, digest: codeDigest });
    expect({ status: content.status, type: content.type }).toEqual({ status: 200, type: "application/octet-stream" });
    const code = new TextDecoder().decode(content.bytes);
    expect(code).toContain("routeTicket");
    expect(code).toContain('includes("refund")');
    // The digest the SDK computed before uploading is the one the service stored the bytes under.
    const sha = createHash("sha256")
      .update(content.bytes)
      .digest("base64url")
      .replaceAll("-", "X")
      .replaceAll("_", "Y");
    expect(sha).toBe(codeDigest);
    expect((await post("/file/content", { project_id: PROJECT, digest: codeDigest }, "local-acme-key")).status).toBe(
      403,
    );
  });
});
