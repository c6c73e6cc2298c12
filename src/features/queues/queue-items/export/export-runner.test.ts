import { describe, expect, it } from "vitest";
import { seedLargeQueue } from "../../../../../server/seed/trace-seed";
import { createApiClients } from "../../../../api/clients";
import { createLocalServer } from "../../../../test/local-server";
import { DEFAULT_TABLE_STATE, toListRequest, type ItemsTableState } from "../items-url-state";
import { CSV_COLUMNS } from "./export-format";
import { exportItems, type FetchItems } from "./export-runner";

const PROJECT = "demo/support-bot";

function setup(view: Partial<ItemsTableState>) {
  const server = createLocalServer();
  const queueId = seedLargeQueue(server.db, { projectId: PROJECT, items: 230 });
  const clients = createApiClients(server.settings, { fetch: server.fetch });
  const state = { ...DEFAULT_TABLE_STATE, ...view };
  const windows: { offset: number; limit: number }[] = [];
  const fetchPage: FetchItems = async (window, signal) => {
    windows.push(window);
    return (await clients.trace.queryItems(queueId, toListRequest(PROJECT, state, window), { signal })).items;
  };
  const all = async () => (await clients.trace.queryItems(queueId, toListRequest(PROJECT, state, { offset: 0, limit: 10_000 }))).items;
  return { fetchPage, windows, all };
}

describe("exporting a list", () => {
  it("writes every matching row as CSV, page by page, in the list's order", async () => {
    const { fetchPage, windows, all } = setup({ states: ["completed", "skipped"], sort: [{ field: "call_started_at", direction: "desc" }] });
    const expected = await all();
    const progress: number[] = [];
    const { blob, rows } = await exportItems({ fetchPage, format: "csv", signal: new AbortController().signal, pageSize: 40, onProgress: (n) => progress.push(n) });
    expect(rows).toBe(expected.length);
    expect(windows.map((w) => w.offset)).toEqual(Array.from({ length: Math.floor(expected.length / 40) + 1 }, (_, i) => i * 40));
    expect(progress.at(-1)).toBe(expected.length);
    expect(blob.type).toBe("text/csv;charset=utf-8");
    const lines = (await blob.text()).trimEnd().split("\r\n");
    expect(lines[0]).toBe(CSV_COLUMNS.join(","));
    const idColumn = CSV_COLUMNS.indexOf("id");
    expect(lines.slice(1).map((line) => line.split(",")[idColumn])).toEqual(expected.map((i) => i.id));
  });

  it("writes JSON Lines that parse back into the same items", async () => {
    const { fetchPage, all } = setup({ op: "" });
    const expected = await all();
    const { blob } = await exportItems({ fetchPage, format: "jsonl", signal: new AbortController().signal, pageSize: 100 });
    const parsed = (await blob.text()).trimEnd().split("\n").map((line) => JSON.parse(line) as unknown);
    expect(parsed).toEqual(expected);
  });

  it("stops when cancelled and asks for nothing more", async () => {
    const { fetchPage, windows } = setup({});
    const controller = new AbortController();
    const run = exportItems({
      fetchPage,
      format: "csv",
      signal: controller.signal,
      pageSize: 50,
      onProgress: (rows) => {
        if (rows >= 100) controller.abort();
      },
    });
    await expect(run).rejects.toThrow(/abort/i);
    expect(windows).toHaveLength(2);
  });
});
