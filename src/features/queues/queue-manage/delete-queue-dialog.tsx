import type { AnnotationQueue } from "@contract/trace";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { ErrorPanel } from "@/components/error-panel";
import { useDeleteQueue } from "./use-queue-mutations";

/** The failure shows from the mutation's state. */
const ignoreFailure = () => {};

/**
 * Asks before deleting a queue, naming it and saying what happens: its items leave the dashboard,
 * the answers and progress stay on the service. A failure shows in the dialog (Delete again is
 * the retry); `onDeleted` runs once the service has answered.
 */
export function DeleteQueueDialog({
  projectId,
  queue,
  onClose,
  onDeleted,
}: {
  projectId: string;
  queue: AnnotationQueue;
  onClose: () => void;
  onDeleted: (queue: AnnotationQueue) => void;
}) {
  const remove = useDeleteQueue(projectId);
  // mutateAsync, not mutate's callbacks: deleting removes the list row this dialog may belong to,
  // and callbacks given to mutate do not run once their component has unmounted.
  const confirm = () => remove.mutateAsync(queue.id).then(() => onDeleted(queue), ignoreFailure);
  return (
    <ConfirmDialog
      open
      // The title is plain text (a dialog's name): React renders it as text, never as HTML.
      title={`Delete the queue “${queue.name}”?`}
      description={
        <>
          Its items disappear from the dashboard and no one can work on them any more. The answers and progress recorded
          in it are kept on the service.
        </>
      }
      confirmLabel="Delete queue"
      busy={remove.isPending}
      onCancel={onClose}
      onConfirm={() => void confirm()}
    >
      {remove.isError ? (
        <ErrorPanel error={remove.error} title="Could not delete the queue" onRetry={() => void confirm()} />
      ) : null}
    </ConfirmDialog>
  );
}
