import type { Database } from "better-sqlite3";
import { writeTransaction } from "../db/write-transaction";
import type { CallRow } from "./rows";
import { cached } from "../db/statements";

/** A recorded call (a traced operation execution) to store. Times in epoch milliseconds. */
export type NewCall = {
  project_id: string;
  id: string;
  op_name: string;
  trace_id: string;
  started_at: number;
  ended_at?: number | null;
  display_name?: string | null;
  parent_id?: string | null;
  inputs?: Record<string, unknown>;
  output?: unknown;
  exception?: string | null;
  attributes?: Record<string, unknown>;
  summary?: Record<string, unknown>;
  wb_user_id?: string | null;
};

const INSERT_CALL = `
  INSERT INTO trace_calls (project_id, id, op_name, display_name, trace_id, parent_id, started_at, ended_at,
    inputs, output, exception, attributes, summary, wb_user_id)
  VALUES (@project_id, @id, @op_name, @display_name, @trace_id, @parent_id, @started_at, @ended_at,
    @inputs, @output, @exception, @attributes, @summary, @wb_user_id)`;

/** Stores whole calls (the seed data and tests; clients write calls through call-writes/). */
export function insertCalls(db: Database, calls: readonly NewCall[]): void {
  const insert = cached(db, INSERT_CALL);
  writeTransaction(db, () => {
    for (const call of calls) {
      insert.run({
        project_id: call.project_id,
        id: call.id,
        op_name: call.op_name,
        display_name: call.display_name ?? null,
        trace_id: call.trace_id,
        parent_id: call.parent_id ?? null,
        started_at: call.started_at,
        ended_at: call.ended_at ?? null,
        inputs: JSON.stringify(call.inputs ?? {}),
        output: call.output === undefined || call.output === null ? null : JSON.stringify(call.output),
        exception: call.exception ?? null,
        attributes: JSON.stringify(call.attributes ?? {}),
        summary: JSON.stringify(call.summary ?? {}),
        wb_user_id: call.wb_user_id ?? null,
      });
    }
  });
}

export function findCall(db: Database, projectId: string, callId: string): CallRow | undefined {
  return cached(db, "SELECT * FROM trace_calls WHERE project_id = ? AND id = ?").get(projectId, callId) as
    | CallRow
    | undefined;
}
