import { describe, expect, it } from "vitest";
import type { AnnotationQueueItem } from "@contract/trace";
import { seedLargeQueue } from "@server/seed/trace-seed";
import { createApiClients } from "@/api/clients";
import { createLocalServer } from "@/test/local-server";
import { DEFAULT_TABLE_STATE, toListRequest, type ItemsTableState } from "../../shared/items-url-state";
import { CSV_COLUMNS } from "./export-format";
import { ANSWERS_BATCH, exportItems, type FetchFeedback, type FetchItems } from "./export-runner";

const PROJECT = "demo/support-bot";

const item = (n: number) => ({ id: `item-${String(n).padStart(4, "0")}` }) as AnnotationQueueItem;
const ids = (text: string) =>
  text
    .trimEnd()
    .split("\n")
    .map((line) => (JSON.parse(line) as { id: string }).id);
const exportJsonl = (fetchPage: FetchItems) =>
  exportItems({ fetchPage, format: "jsonl", signal: new AbortController().signal, pageSize: 100, overlap: 10 });

/** A list of `size` rows that runs `change` on itself before answering request number `at`. */
function changingList(size: number, changes: Record<number, (list: AnnotationQueueItem[]) => void>) {
  const list = Array.from({ length: size }, (_, i) => item(i));
  let request = 0;
  const fetchPage: FetchItems = async ({ offset, limit }) => {
    changes[request]?.(list);
    request += 1;
    return list.slice(offset, offset + limit);
  };
  return { list, fetchPage };
}

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
  const all = async () =>
    (await clients.trace.queryItems(queueId, toListRequest(PROJECT, state, { offset: 0, limit: 10_000 }))).items;
  return { fetchPage, windows, all };
}

describe("exporting a list", () => {
  it("writes every matching row as CSV, page by page, in the list's order", async () => {
    const { fetchPage, windows, all } = setup({
      states: ["completed", "skipped"],
      sort: [{ field: "call_started_at", direction: "desc" }],
    });
    const expected = await all();
    const progress: number[] = [];
    const { blob, rows } = await exportItems({
      fetchPage,
      format: "csv",
      signal: new AbortController().signal,
      pageSize: 40,
      onProgress: (n) => progress.push(n),
    });
    expect(rows).toBe(expected.length);
    // Each request ends 40 rows further on, and after the first starts up to 50 rows back (the overlap).
    const pages = Math.floor(expected.length / 40) + 1;
    expect(windows).toEqual(
      Array.from({ length: pages }, (_, i) => ({
        offset: Math.max(0, i * 40 - 50),
        limit: (i + 1) * 40 - Math.max(0, i * 40 - 50),
      })),
    );
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
    const { blob } = await exportItems({
      fetchPage,
      format: "jsonl",
      signal: new AbortController().signal,
      pageSize: 100,
    });
    const parsed = (await blob.text())
      .trimEnd()
      .split("\n")
      .map((line) => JSON.parse(line) as unknown);
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

  describe("while the list changes under the export (rows leave or join a state-filtered view)", () => {
    it("loses no row when rows already written leave the list", async () => {
      // Before the second request, five rows of the first page are completed and leave the filter.
      const { fetchPage } = changingList(250, { 1: (list) => list.splice(20, 5) });
      const result = await exportJsonl(fetchPage);
      const expected = Array.from({ length: 250 }, (_, i) => item(i).id);
      expect(ids(await result.blob.text())).toEqual(expected);
      expect(result).toMatchObject({ rows: 250, realigned: 1, inexact: false });
    });

    it("repeats no row when rows join the list before the export's place", async () => {
      const { fetchPage } = changingList(250, { 2: (list) => list.splice(3, 0, item(9001), item(9002)) });
      const result = await exportJsonl(fetchPage);
      const written = ids(await result.blob.text());
      expect(new Set(written).size).toBe(written.length);
      expect(written).toEqual(Array.from({ length: 250 }, (_, i) => item(i).id));
      expect(result).toMatchObject({ realigned: 1, inexact: false });
    });

    it("says the file may be inexact when the list moved further than the overlap", async () => {
      const { fetchPage } = changingList(250, { 1: (list) => list.splice(0, 150) });
      const result = await exportJsonl(fetchPage);
      expect(result.inexact).toBe(true);
    });
  });

  it("reads the answers on each page's calls in batches and writes them beside the items", async () => {
    const list = Array.from({ length: 600 }, (_, i) => ({ ...item(i), call_id: `call-${i}` }));
    const fetchPage: FetchItems = async ({ offset, limit }) => list.slice(offset, offset + limit);
    const asked: number[] = [];
    const fetchFeedback: FetchFeedback = async (callIds) => {
      asked.push(callIds.length);
      return {
        answers: new Map(
          callIds.map((callId) => [
            callId,
            { tone: [{ id: `f-${callId}`, by: "user-demo", value: Number(callId.slice(5)) % 5, at: "t" }] },
          ]),
        ),
        notes: new Map(callIds.map((callId) => [callId, [{ by: "user-maria", at: "t", text: `on ${callId}` }]])),
      };
    };
    const specs = [
      { ref: "r", id: "tone", label: "Tone", description: "", fieldSchema: {}, uniqueAmongCreators: true },
    ];
    const { blob } = await exportItems({
      fetchPage,
      format: "jsonl",
      signal: new AbortController().signal,
      pageSize: 500,
      specs,
      fetchFeedback,
    });
    const lines = (await blob.text())
      .trimEnd()
      .split("\n")
      .map(
        (line) =>
          JSON.parse(line) as { call_id: string; answers: { tone: { value: number }[] }; notes: { text: string }[] },
      );
    expect(lines).toHaveLength(600);
    expect(lines.every((line) => line.answers.tone[0]!.value === Number(line.call_id.slice(5)) % 5)).toBe(true);
    // The notes come from the same queries as the answers: no request more.
    expect(lines.every((line) => line.notes[0]!.text === `on ${line.call_id}`)).toBe(true);
    // Never more calls per feedback query than the batch: 500 rows are 250 + 250, then the last 100.
    expect(Math.max(...asked)).toBe(ANSWERS_BATCH);
    expect(asked.reduce((a, b) => a + b, 0)).toBe(600);
  });
});
