import type { Database } from "better-sqlite3";
import { cached } from "../db/statements";

export type ProjectRecord = { entityName: string; name: string };

/**
 * The projects of an entity. The local services keep no project table: a project exists once
 * something lives in it (a trace call, a queue, a training model or dataset), as on the real
 * platform a project appears with its first logged data.
 *
 * `trace_calls` can hold a million rows of one project, so each table is read with a skip scan on
 * its `project_id` index: one seek per distinct project, never a walk over the rows.
 */
export function listProjects(db: Database, entityName: string): ProjectRecord[] {
  const prefix = `${entityName}/`;
  // Every id of the entity sorts in [prefix, upper): "/" + 1 is "0".
  const upper = `${entityName}0`;
  const names = new Set<string>();
  for (const table of ["trace_calls", "annotation_queues"] as const) {
    const next = cached(
      db,
      `SELECT project_id FROM ${table} WHERE project_id > ? AND project_id < ? ORDER BY project_id LIMIT 1`,
      "pluck",
    );
    let after = prefix;
    for (
      let id = next.get(after, upper) as string | undefined;
      id !== undefined;
      id = next.get(after, upper) as string | undefined
    ) {
      names.add(id.slice(prefix.length));
      after = id;
    }
  }
  const training = cached(
    db,
    "SELECT project FROM training_models WHERE entity = ? UNION SELECT project FROM training_datasets WHERE entity = ?",
    "pluck",
  );
  for (const name of training.all(entityName, entityName) as string[]) names.add(name);
  return [...names]
    .filter((name) => name.length > 0)
    .sort()
    .map((name) => ({ entityName, name }));
}
