import { useEffect, useMemo, useRef, useState } from "react";
import { Checkbox } from "@/components/checkbox";
import type { JobEventStore } from "../events/job-event-store";
import { Section } from "@/components/section";
import { formatCount } from "@/lib/number-format";
import { readText, writeParam } from "@/lib/url-state/params";
import { useUrlTable, type UrlViewCodec } from "@/lib/url-state/use-url-table";
import { cn } from "@/lib/cn";
import { EventTypeFilter } from "./event-type-filter";
import { useNarrowScreen } from "./use-narrow-screen";
import {
  BodyRow,
  createDataColumnHelper,
  DataTable,
  DataTableBody,
  DataTableCells,
  dataRowAt,
  useDataTable,
} from "@/components/table";

const ROW_HEIGHT = 30;
/** The log's most height; fewer events make it shorter (a log of one event kept 250 px of empty frame). */
const LOG_HEIGHT = 360;
/** Room for the "No events" line. */
const EMPTY_HEIGHT = 96;
const FILTER_PARAM = "events";

/**
 * The event types turned off, as `events=-metrics,-log` (the job's types are known only once
 * its events arrive, so the URL names what is hidden and a new type shows).
 */
const EVENT_FILTER_CODEC: UrlViewCodec<{ hidden: string[] }> = {
  params: [FILTER_PARAM],
  read: (params) => ({
    hidden: readText(params, FILTER_PARAM)
      .split(",")
      .filter(Boolean)
      .map((t) => t.replace(/^-/, "")),
  }),
  write: (filter, params) => writeParam(params, FILTER_PARAM, filter.hidden.map((t) => `-${t}`).join(",")),
};

function compactJson(data: unknown): string {
  const text = JSON.stringify(data);
  return text.length > 400 ? `${text.slice(0, 400)}…` : text;
}

/** A row of the log: the event's place in the store. */
type EventRow = { index: number };
const helper = createDataColumnHelper<EventRow>();
const FAILED = "training_failed";

/**
 * The log's columns: on a phone the Event column (its type, opening it) and the data; on a wider
 * screen the event's number, id and type apart.
 */
function eventColumns(store: JobEventStore, chosen: number | null, choose: (index: number) => void) {
  return helper.columns([
    helper.display({
      id: "event",
      meta: { label: "Event", width: 144, cellClassName: "truncate" },
      cell: ({
        row: {
          original: { index },
        },
      }) => {
        const type = store.typeAt(index);
        // The type opens the event (its id is read out with it): the data keeps a column of its own.
        return (
          <button
            type="button"
            className={cn(
              "max-w-full truncate hover:underline",
              type === FAILED ? "font-medium text-red-700 dark:text-red-400" : "text-link",
            )}
            onClick={() => choose(index)}
            aria-pressed={chosen === index}
          >
            {type}
            <span className="sr-only"> {store.idAt(index)}</span>
          </button>
        );
      },
    }),
    helper.display({
      id: "number",
      meta: { label: "#", width: 64, cellClassName: "text-fg-muted tabular-nums" },
      cell: ({
        row: {
          original: { index },
        },
      }) => index + 1,
    }),
    helper.display({
      id: "id",
      meta: { label: "Event id", width: 176, cellClassName: "truncate" },
      cell: ({
        row: {
          original: { index },
        },
      }) => (
        <button
          type="button"
          className="truncate text-link hover:underline"
          onClick={() => choose(index)}
          aria-pressed={chosen === index}
        >
          {store.idAt(index)}
        </button>
      ),
    }),
    helper.display({
      id: "type",
      meta: {
        label: "Type",
        width: 144,
        cellClassOf: ({ index }: EventRow) =>
          store.typeAt(index) === FAILED ? "truncate font-medium text-red-700 dark:text-red-400" : "truncate text-fg",
      },
      cell: ({
        row: {
          original: { index },
        },
      }) => store.typeAt(index),
    }),
    helper.display({
      id: "data",
      meta: { label: "Data", cellClassName: "truncate text-fg-muted" },
      cell: ({
        row: {
          original: { index },
        },
      }) => compactJson(store.eventAt(index).data),
    }),
  ]);
}

const PHONE_COLUMNS = { number: false, id: false, type: false };
const WIDE_COLUMNS = { event: false };
const NO_ROWS: EventRow[] = [];
const getRowId = (row: EventRow) => String(row.index);

/**
 * Every event with its type and data, filterable by type (kept in the URL), windowed: only the
 * rows in view exist in the page, so 100,000 events scroll like 100. Choosing an event's id shows
 * its full data below. It follows new events only while the job is `live` (caught up and polled):
 * a finished job's log opens at its start (training_started and the data sizes), not its end.
 */
export function EventLog({
  store,
  version,
  live,
  finished,
}: {
  store: JobEventStore;
  version: number;
  live: boolean;
  finished: boolean;
}) {
  const { state: filter, update } = useUrlTable(EVENT_FILTER_CODEC);
  const types = useMemo(() => store.types(), [store, version]); // oxlint-disable-line react-hooks/exhaustive-deps, react/memo-dependencies -- version marks new events
  const hidden = useMemo(() => new Set(filter.hidden), [filter.hidden]);
  const selected = useMemo(() => new Set(types.map((t) => t.type).filter((t) => !hidden.has(t))), [types, hidden]);
  const indices = useMemo(() => store.indicesOfTypes(selected), [store, selected, version]); // oxlint-disable-line react-hooks/exhaustive-deps, react/memo-dependencies -- version marks new events
  const [follow, setFollow] = useState(true);
  const [chosen, setChosen] = useState<number | null>(null);
  const scroller = useRef<HTMLDivElement>(null);
  const detail = useRef<HTMLDivElement>(null);
  const narrow = useNarrowScreen();
  // The header row, the rows and the frame's border, up to the log's most.
  const height = indices.length === 0 ? EMPTY_HEIGHT : Math.min(LOG_HEIGHT, ROW_HEIGHT * (indices.length + 1) + 2);
  const columns = useMemo(() => eventColumns(store, chosen, setChosen), [store, chosen]);
  // The rows are built only as the body renders them (dataRowAt): the log may hold 100,000 events.
  const table = useDataTable({
    columns,
    data: NO_ROWS,
    getRowId,
    columnVisibility: narrow ? PHONE_COLUMNS : WIDE_COLUMNS,
  });
  const columnCount = table.getVisibleLeafColumns().length;

  // Rows all have one height, so the end of the log is the end of its frame's scroll.
  useEffect(() => {
    const frame = scroller.current;
    if (follow && live && indices.length > 0 && frame) frame.scrollTop = frame.scrollHeight;
  }, [follow, live, indices]);

  const setSelected = (next: Set<string>) => update({ hidden: types.map((t) => t.type).filter((t) => !next.has(t)) });

  const chosenEvent = chosen !== null && chosen < store.size ? store.eventAt(chosen) : null;

  // An event's data opens below the log: brought into view, so on a phone it does not open off screen.
  useEffect(() => {
    if (chosen !== null) detail.current?.scrollIntoView?.({ block: "nearest" });
  }, [chosen]);

  return (
    <Section
      title="Event log"
      note={`${formatCount(indices.length)} of ${formatCount(store.size)} events shown`}
      actions={
        // A finished job has no new events to follow.
        finished ? undefined : (
          <label className="inline-flex items-center gap-1.5 text-xs text-fg">
            <Checkbox checked={follow} onCheckedChange={setFollow} />
            Follow new events
          </label>
        )
      }
    >
      {types.length > 0 ? <EventTypeFilter types={types} selected={selected} onChange={setSelected} /> : null}
      <section
        ref={scroller}
        // Keyboard users scroll the log with the arrow keys once it has focus.
        // oxlint-disable-next-line jsx-a11y/no-noninteractive-tabindex
        tabIndex={0}
        aria-label="Events, scrollable"
        style={{ height }}
        className="relative overflow-auto rounded-lg border border-line bg-surface"
        onWheel={() => setFollow(false)}
      >
        <DataTable
          table={table}
          caption="Training events in the order they happened"
          density="fixed"
          className="table-fixed"
          aria-rowcount={indices.length + 1}
          stickyHead
          headRowHeight={ROW_HEIGHT}
        >
          <DataTableBody
            count={indices.length}
            rowHeight={ROW_HEIGHT}
            columnCount={columnCount}
            frame={scroller}
            className="font-mono"
            renderRow={(place) => {
              const index = indices[place]!;
              return (
                <BodyRow
                  key={place}
                  aria-rowindex={place + 2}
                  style={{ height: ROW_HEIGHT }}
                  className={chosen === index ? "bg-accent/10" : undefined}
                >
                  <DataTableCells row={dataRowAt(table, { index }, place)} />
                </BodyRow>
              );
            }}
          />
        </DataTable>
        {indices.length === 0 ? (
          <p className="px-3 py-6 text-center font-sans text-sm text-fg-muted">
            No events {store.size ? "of the chosen types" : "yet"}.
          </p>
        ) : null}
      </section>
      {chosenEvent ? (
        <div ref={detail} className="scroll-mb-4 rounded-lg border border-line bg-surface">
          <div className="flex items-center gap-2 border-b border-line px-3 py-2 text-xs">
            <span className="font-medium text-fg">Event {chosenEvent.id}</span>
            <button type="button" className="ml-auto text-link hover:underline" onClick={() => setChosen(null)}>
              Close
            </button>
          </div>
          {/* Focusable: a long event scrolls inside this box, and keyboard users must be able to scroll it too (axe: scrollable-region-focusable). */}
          <section
            // oxlint-disable-next-line jsx-a11y/no-noninteractive-tabindex
            tabIndex={0}
            aria-label={`Event ${chosenEvent.id} as JSON`}
            className="max-h-64 overflow-auto rounded-b-lg focus-visible:outline-2 focus-visible:outline-focus"
          >
            <pre className="px-3 py-2 font-mono text-xs text-fg">{JSON.stringify(chosenEvent, null, 2)}</pre>
          </section>
        </div>
      ) : null}
    </Section>
  );
}
