import { afterEach, describe, expect, it } from "vitest";
import { OFF_THREAD_BYTES } from "../../upload-worker/prepare-body";
import { QUALITY_PROJECT, TRACE } from "./fixtures";
import { httpClient } from "./http-client";
import { seedDataDir } from "./seed-data-dir";
import { cleanUp, makeDataDir, startServerProcess } from "../server-process";

// The child server the quality tests start is an esbuild bundle (child-server-bundle.ts), not the
// sources under tsx: the upload worker must still be found and started from it. A worker that cannot
// start answers every large upload with a 503, so a stored large table is the proof.

afterEach(cleanUp);

/** A dataset row of some 900 characters. */
const row = (i: number) => ({ question: `Where is order NW-${i}?`, notes: "carrier scan missing; ".repeat(40) });

describe("the upload worker in a server process", () => {
  it("prepares a table larger than the worker's threshold and stores every row", { timeout: 60_000 }, async () => {
    // Users only, no calls: the table needs no demo data, and the services then skip its seconds-long seed.
    const dataDir = makeDataDir();
    seedDataDir(dataDir, 0);
    const server = await startServerProcess(dataDir);
    const api = httpClient(server.url, undefined, 30_000);
    const count = Math.ceil((2 * OFF_THREAD_BYTES) / JSON.stringify(row(0)).length);
    const rows = Array.from({ length: count }, (_, i) => row(i));
    expect(JSON.stringify(rows).length).toBeGreaterThan(OFF_THREAD_BYTES);

    const created = await api.ok<{ digest: string; row_digests: string[] }>(
      api.post(`${TRACE}/table/create`, { table: { project_id: QUALITY_PROJECT, rows } }),
    );
    expect(new Set(created.row_digests).size).toBe(count);
    const read = await api.ok<{ rows: { val: { question: string } }[] }>(
      api.post(`${TRACE}/table/query`, {
        project_id: QUALITY_PROJECT,
        digest: created.digest,
        limit: 5,
        offset: count - 5,
      }),
    );
    expect(read.rows.map((r) => r.val.question)).toEqual(rows.slice(-5).map((r) => r.question));
  });
});
