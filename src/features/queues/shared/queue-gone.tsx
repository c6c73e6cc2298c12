import { Link } from "react-router-dom";
import { isApiError } from "@/api/errors";
import { Breadcrumbs } from "@/components/breadcrumbs";
import { EmptyState } from "@/components/empty-state";
import { paths } from "@/lib/paths";
import { useAnnotationProject } from "./use-annotation-project";

/**
 * Whether a failed queue read means the queue is gone: the service answers a deleted queue as it
 * answers an unknown one (404 "not found or already deleted"), and its items must not be offered.
 */
export const queueIsGone = (error: unknown): boolean => isApiError(error) && error.kind === "not_found";

/**
 * What the queue's pages show for a queue the project does not have, instead of an error. The
 * service cannot tell a deleted queue from one of another project (an address without `annotation_project=`,
 * typed or made before links named it), so this names the project and both causes.
 */
export function QueueGone() {
  const project = useAnnotationProject();
  return (
    <div className="space-y-4">
      <Breadcrumbs trail={[{ label: "Annotation queues", to: paths.queues }]} />
      <h1 className="text-lg font-semibold tracking-tight text-fg">Queue not found</h1>
      <EmptyState
        title={`${project} has no queue with this id`}
        description="It was deleted, or the link is for another project or mistyped. A deleted queue's items are no longer offered for review; the answers and progress recorded in it are kept on the service."
        action={
          <Link to={paths.queues} className="text-sm font-medium text-link underline underline-offset-2">
            Go to the annotation queues
          </Link>
        }
      />
    </div>
  );
}
