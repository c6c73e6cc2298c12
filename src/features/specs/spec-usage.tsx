import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router-dom";
import type { AnnotationQueue } from "@contract/trace";
import { LIMITS } from "@contract/limits";
import { parseObjectRef } from "@contract/weave-refs";
import { traceQueries } from "@/api/queries/trace";
import { UntrustedText } from "@/components/untrusted-text";
import { queueHref } from "@/features/queues";
import { useApiClients } from "@/connection/api-clients";

/** The queues of the project whose questions include a version of this spec (refs name `<project>/object/<id>:<digest>`). */
export function queuesUsingSpec(
  queues: readonly AnnotationQueue[],
  projectId: string,
  objectId: string,
): AnnotationQueue[] {
  return queues.filter((queue) =>
    (queue.scorer_refs ?? []).some((ref) => {
      const parsed = parseObjectRef(ref);
      return (
        parsed !== null &&
        parsed.kind === "object" &&
        `${parsed.entity}/${parsed.project}` === projectId &&
        parsed.name === objectId
      );
    }),
  );
}

/**
 * What saving a new version means for the queues that ask this question. Queues hold the spec by
 * versioned ref, so they keep asking the version they point at until the queue itself is edited;
 * answers already given stay with the version they were given for. Said plainly before saving.
 */
export function SpecUsageNotice({
  projectId,
  objectId,
  nextVersion,
}: {
  projectId: string;
  objectId: string;
  nextVersion: number;
}) {
  const { trace } = useApiClients();
  // A project holds at most LIMITS.queuesPerProject live queues: one read covers them all.
  const queues = useQuery({
    ...traceQueries.queues(trace, { project_id: projectId, limit: LIMITS.queuesPerProject }),
    select: (all) => queuesUsingSpec(all, projectId, objectId),
  });
  const users = queues.data ?? [];
  return (
    <div
      role="note"
      className="space-y-1 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-fg dark:border-amber-500/40 dark:bg-amber-500/10"
    >
      <p className="font-medium">
        Saving makes version {nextVersion}; the id stays “{objectId}”.
      </p>
      <p className="text-fg-muted">
        Answers already given stay with the version they were given for. Queues point at one version: they keep asking
        the version they were set up with until the queue is edited to use the new one.
      </p>
      {queues.isError ? (
        <p className="text-fg-muted">Could not check which queues use this spec.</p>
      ) : queues.isPending ? (
        <p className="text-fg-muted">Checking which queues use this spec…</p>
      ) : users.length === 0 ? (
        <p className="text-fg-muted">No queue of this project uses this spec.</p>
      ) : (
        <p>
          Used by {users.length === 1 ? "1 queue" : `${users.length} queues`}:{" "}
          {users.slice(0, 10).map((queue, index) => (
            <span key={queue.id}>
              {index > 0 ? ", " : ""}
              <Link to={queueHref(projectId, queue.id)} className="text-link underline">
                <UntrustedText text={queue.name} />
              </Link>
            </span>
          ))}
          {users.length > 10 ? ` and ${users.length - 10} more` : ""}.
        </p>
      )}
    </div>
  );
}
