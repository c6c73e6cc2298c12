import type { Database } from "better-sqlite3";
import { CALL_FIELDS_TO_API, type CallRow } from "../rows";
import { chunkStatement, rowsById, WALK_STEP_MS, type CallsPlan } from "./query";
import { walkStep, type WalkState } from "./scan";
import { feedbackByCall } from "./feedback";
import { setImmediate as nextTurn } from "node:timers/promises";

/** Rows read in one step (the dashboard's largest page); between steps the event loop serves other requests. */
const CHUNK_ROWS = 250;
/** A step also ends after this long (large rows). */
const CHUNK_MS = WALK_STEP_MS;

const encoder = new TextEncoder();

type Row = CallRow & { r: number } & Record<`k${number}`, unknown>;

/**
 * Reads a calls query in steps and hands back NDJSON, one call per line, as it is read. A step is
 * one SQLite iterator, run to its end synchronously: better-sqlite3 keeps the connection busy while
 * an iterator is open, so one held across a yield would fail every other request's statement. The
 * next step resumes after the last row's sort keys (keyset), so a long stream never re-reads what
 * it skipped. The first step runs before the response starts, so a query SQLite refuses is still
 * an error answer, not a cut stream.
 */
export function streamCalls(
  db: Database,
  plan: CallsPlan,
  options: { projectId: string; includeFeedback: boolean; chunkRows?: number; walkWindow?: number },
): ReadableStream<Uint8Array> {
  const chunkRows = options.chunkRows ?? CHUNK_ROWS;
  let sent = 0;
  let last: unknown[] | null = null;
  let done = plan.limit === 0;

  const walkState: WalkState = { last: null, skipped: 0, exhausted: false };

  /** A condition no index answers: one step of the walk (scan.ts), then the matched rows read by row id. */
  const walk = (): Row[] => {
    const scan = plan.scan as NonNullable<CallsPlan["scan"]>;
    const wanted = Math.min(chunkRows, plan.limit - sent);
    const rowids = walkStep(db, { where: plan.where, scan, keys: plan.keys }, walkState, {
      wanted,
      offset: plan.offset,
      window: options.walkWindow,
    });
    const rows = rowsById(db, plan, rowids) as Row[];
    sent += rows.length;
    if (walkState.exhausted || sent >= plan.limit) done = true;
    return rows;
  };

  const step = (): string => {
    const rows = plan.scan ? walk() : read();
    const feedback = options.includeFeedback
      ? feedbackByCall(
          db,
          options.projectId,
          rows.map((row) => row.id),
        )
      : null;
    return rows.map((row) => `${JSON.stringify(toApi(row, plan, feedback))}\n`).join("");
  };

  /** No text search: SQLite filters and orders; a step is up to `chunkRows` rows after the last one sent. */
  const read = (): Row[] => {
    const wanted = Math.min(chunkRows, plan.limit - sent);
    const { statement, params } = chunkStatement(db, plan, last, wanted, last ? 0 : plan.offset);
    const found: Row[] = [];
    const started = performance.now();
    let cutShort = false;
    for (const row of statement.iterate(...params) as IterableIterator<Row>) {
      found.push(row);
      if (found.length < wanted && performance.now() - started > CHUNK_MS) {
        cutShort = true;
        break;
      }
    }
    sent += found.length;
    // Done when SQLite ran out of rows (not when the step was only cut short by time) or the limit is reached.
    if ((!cutShort && found.length < wanted) || sent >= plan.limit) done = true;
    const tail = found.at(-1);
    if (tail) last = plan.keys.map((_, i) => tail[`k${i}`]);
    return rowsById(
      db,
      plan,
      found.map((row) => row.r),
    ) as Row[];
  };

  const first = done ? "" : step();
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        if (first) controller.enqueue(encoder.encode(first));
        if (done) controller.close();
      },
      // The stream asks again only after something is enqueued: steps that find nothing (a text
      // search between matches) are taken here, each after a turn of the event loop.
      async pull(controller) {
        for (;;) {
          await nextTurn();
          const text = step();
          if (text) controller.enqueue(encoder.encode(text));
          if (done) return controller.close();
          if (text) return;
        }
      },
    },
    { highWaterMark: 0 },
  );
}

function toApi(row: Row, plan: CallsPlan, feedback: Map<string, unknown[]> | null): Record<string, unknown> {
  const call: Record<string, unknown> = {};
  for (const column of plan.columns) call[column] = CALL_FIELDS_TO_API[column](row);
  if (feedback) {
    const summary = (call.summary ?? {}) as Record<string, unknown>;
    call.summary = {
      ...summary,
      weave: { ...(summary.weave as Record<string, unknown> | undefined), feedback: feedback.get(row.id) ?? [] },
    };
  }
  return call;
}
