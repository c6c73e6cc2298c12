import type { SortingState, Updater } from "@tanstack/react-table";
import { functionalUpdate } from "@tanstack/react-table";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { MemoryRouter } from "react-router-dom";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { SORTABLE_ITEM_FIELDS, type AnnotationQueueItem } from "@contract/trace";
import { seedLargeQueue } from "@server/seed/trace-seed";
import { createApiClients } from "@/api/clients";
import { createLocalServer } from "@/test/local-server";
import { formatDuration } from "@/lib/number-format";
import { DEFAULT_HIDDEN_COLUMNS, ITEM_COLUMNS, type ItemRow } from "./items-columns";
import { ItemsTable } from "./items-table";

const PROJECT = "demo/support-bot";
let items: AnnotationQueueItem[];

beforeAll(async () => {
  const server = createLocalServer();
  const queueId = seedLargeQueue(server.db, { projectId: PROJECT, items: 40 });
  const clients = createApiClients(server.settings, { fetch: server.fetch });
  items = (await clients.trace.queryItems(queueId, { project_id: PROJECT, limit: 6, include_position: true })).items;
});

const idOf = (c: unknown) =>
  (c as { id?: string; accessorKey?: string }).id ?? (c as { accessorKey?: string }).accessorKey;

function Harness({ onSort, initial = [] }: { onSort?: (s: SortingState) => void; initial?: SortingState }) {
  const [sorting, setSorting] = useState<SortingState>(initial);
  const rows: ItemRow[] = items.map((item) => ({ ...item, reviewHref: `/review/${item.id}` }));
  return (
    <MemoryRouter>
      <h2 id="title">Tone review</h2>
      <ItemsTable
        rows={rows}
        sorting={sorting}
        onSortingChange={(updater: Updater<SortingState>) => {
          const next = functionalUpdate(updater, sorting);
          setSorting(next);
          onSort?.(next);
        }}
        columnVisibility={{ ...DEFAULT_HIDDEN_COLUMNS, call_trace_id: true }}
        labelledBy="title"
        busy={false}
        offset={0}
        total={40}
        onOpen={() => {}}
        empty={null}
        scrollToRowRef={{ current: null }}
      />
    </MemoryRouter>
  );
}

describe("the items table's columns", () => {
  it("sort exactly the service's sortable fields, under the same ids", () => {
    const sortable = ITEM_COLUMNS.filter((c) => c.enableSorting !== false);
    expect(sortable.map(idOf).sort()).toEqual([...SORTABLE_ITEM_FIELDS].sort());
    for (const column of sortable)
      expect((column.meta as { sortField?: string } | undefined)?.sortField).toBe(idOf(column));
  });

  it("are these eleven, with Position always shown", () => {
    expect(ITEM_COLUMNS.map((c) => c.meta?.label)).toEqual([
      "Position",
      "Operation",
      "Call",
      "Trace",
      "State",
      "Annotator",
      "Added by",
      "Call started",
      "Duration",
      "Created",
      "Updated",
    ]);
    expect(ITEM_COLUMNS[0]?.enableHiding).toBe(false);
  });

  it("render a named table with real rows: short operation names, copyable ids, relative times", () => {
    render(<Harness />);
    const table = screen.getByRole("table", { name: "Tone review" });
    expect(table).toHaveAttribute("aria-rowcount", "41");
    const rows = within(table).getAllByRole("row");
    expect(rows).toHaveLength(7);
    const first = items[0]!;
    const cells = within(rows[1]!).getAllByRole("cell");
    expect(within(cells[0]!).getByRole("link", { name: "Open item 1" })).toHaveAttribute("href", `/review/${first.id}`);
    // The op ref is shortened; the full ref is one hover or focus away.
    const op = within(cells[1]!).getByText(/^[\w.]+$/);
    expect(op.closest("[title]")).toHaveAttribute("title", first.call_op_name);
    expect(first.call_op_name.startsWith("weave:///")).toBe(true);
    expect(within(cells[2]!).getByRole("button", { name: `Copy call ID ${first.call_id}` })).toBeInTheDocument();
    expect(within(cells[3]!).getByRole("button", { name: `Copy trace ID ${first.call_trace_id}` })).toBeInTheDocument();
    expect(within(rows[1]!).getAllByRole("time").length).toBeGreaterThanOrEqual(2);
    // Hidden by default: Updated.
    expect(within(table).queryByRole("columnheader", { name: /Updated/ })).not.toBeInTheDocument();
  });

  it("show the duration, or 'running' for a call without an end", () => {
    const ended = items[0]!;
    items[1] = { ...items[1]!, call_ended_at: null };
    render(<Harness />);
    const [, first, second] = screen.getAllByRole("row");
    const ms = Date.parse(ended.call_ended_at!) - Date.parse(ended.call_started_at);
    expect(within(first!).getByText(formatDuration(ms))).toBeInTheDocument();
    expect(within(second!).getByText("running")).toBeInTheDocument();
  });

  it("sort with a button in the header: click for one key, Shift+click to add keys, aria-sort on the first", async () => {
    const user = userEvent.setup();
    const onSort = vi.fn<(s: SortingState) => void>();
    render(<Harness onSort={onSort} />);
    const created = screen.getByRole("button", { name: "Created" });
    expect(created.closest("th")).not.toHaveAttribute("aria-sort");
    // Timestamps sort newest first on the first click.
    await user.click(created);
    expect(onSort).toHaveBeenLastCalledWith([{ id: "created_at", desc: true }]);
    expect(created.closest("th")).toHaveAttribute("aria-sort", "descending");

    await user.keyboard("{Shift>}");
    await user.click(screen.getByRole("button", { name: "Operation" }));
    await user.keyboard("{/Shift}");
    expect(onSort).toHaveBeenLastCalledWith([
      { id: "created_at", desc: true },
      { id: "call_op_name", desc: false },
    ]);
    const operationHeader = screen.getByRole("button", { name: "Operation" }).closest("th")!;
    expect(operationHeader).not.toHaveAttribute("aria-sort");
    expect(within(operationHeader).getByText("2")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Operation" })).toHaveAccessibleDescription(
      /Sorted ascending, 2nd of 2 sort keys/,
    );

    // A plain click makes a column the only key again.
    await user.click(screen.getByRole("button", { name: "Operation" }));
    expect(onSort).toHaveBeenLastCalledWith([{ id: "call_op_name", desc: true }]);
    // Unsortable columns have no button.
    expect(within(screen.getByRole("columnheader", { name: "State" })).queryByRole("button")).not.toBeInTheDocument();
  }, 15_000);
});
