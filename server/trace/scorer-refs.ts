import type { Database } from "better-sqlite3";
import { parseObjectRef } from "../../contract/weave-refs";
import { echo } from "../http/echo";
import { ServiceError } from "../http/errors";
import { cached } from "../db/statements";

const SPEC_CLASS = "AnnotationSpec";

/**
 * Each of a queue's `scorer_refs` must name a live AnnotationSpec version of the queue's project.
 * The contract has already checked their form, project and uniqueness (a 422); what the refs point
 * at is known only here, so a ref to nothing or to another kind of object is a 400 naming
 * `scorer_refs[i]`, as feedback's spec refs are refused. Upstream stores whatever it is given: a
 * typo then fails later, on every review page of the queue.
 */
export function checkScorerRefs(db: Database, projectId: string, refs: readonly string[]): void {
  const version = cached(
    db,
    "SELECT base_object_class, deleted_at FROM trace_objects WHERE project_id = ? AND object_id = ? AND digest = ?",
  );
  const problems: string[] = [];
  refs.forEach((text, index) => {
    const ref = parseObjectRef(text);
    const row = ref
      ? (version.get(projectId, ref.name, ref.digest) as
          | { base_object_class: string | null; deleted_at: number | null }
          | undefined)
      : undefined;
    const problem =
      !ref || !row
        ? "names no object version of this project"
        : row.deleted_at !== null
          ? "names a deleted object"
          : row.base_object_class !== SPEC_CLASS
            ? "is not an AnnotationSpec"
            : null;
    if (problem) problems.push(`scorer_refs[${index}] ${problem}`);
  });
  if (problems.length === 0) return;
  const shown = problems.slice(0, 5).join("; ");
  throw new ServiceError(
    400,
    `${shown}${problems.length > 5 ? `; and ${problems.length - 5} more` : ""} (project '${echo(projectId)}').`,
    "invalid_scorer_refs",
  );
}
