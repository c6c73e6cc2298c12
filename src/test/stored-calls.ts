/** Calls as the contract describes them, stored straight into the local services' trace store. */
import type { Call } from "@contract/trace";
import { insertCalls } from "@server/trace/calls";
import type { createLocalServer } from "./local-server";

export function storeCalls(db: ReturnType<typeof createLocalServer>["db"], calls: readonly Call[]) {
  insertCalls(
    db,
    calls.map((c) => ({
      project_id: c.project_id,
      id: c.id,
      op_name: c.op_name,
      trace_id: c.trace_id,
      parent_id: c.parent_id,
      started_at: Date.parse(c.started_at),
      ended_at: Date.parse(c.ended_at!),
      inputs: c.inputs ?? {},
      output: c.output,
      exception: c.exception,
    })),
  );
}
