import { useState } from "react";
import { useLocation, useNavigate } from "react-router-dom";
import type { AnnotationQueue } from "@contract/trace";
import { Button } from "@/components/button";
import { PlusIcon, TrashIcon } from "@/components/icons";
import { paths } from "@/lib/paths";
import { queueHref } from "../shared/links";
import { DeleteQueueDialog } from "./delete-queue-dialog";
import { QueueFormDialog } from "./queue-form-dialog";

/** The queue list reads this from the navigation's state to say which queue was deleted. */
export type QueueListNotice = { deletedQueueName: string };

export function isQueueListNotice(state: unknown): state is QueueListNotice {
  return (
    typeof state === "object" &&
    state !== null &&
    typeof (state as { deletedQueueName?: unknown }).deletedQueueName === "string"
  );
}

/** "New queue": opens the form; a created queue's page opens next. */
export function NewQueueButton({ projectId }: { projectId: string }) {
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  return (
    <>
      <Button variant="primary" icon={<PlusIcon size={14} />} onClick={() => setOpen(true)}>
        New queue
      </Button>
      {open ? (
        <QueueFormDialog
          projectId={projectId}
          onClose={() => setOpen(false)}
          onSaved={(queueId) => navigate(queueHref(projectId, queueId))}
        />
      ) : null}
    </>
  );
}

/**
 * Edit and Delete for one queue: on its page (`compact` false) and as a row's actions in the list
 * (`compact`: small buttons named after the queue). After a delete the list opens (or stays)
 * with a notice naming the queue.
 */
export function QueueActions({
  projectId,
  queue,
  compact = false,
}: {
  projectId: string;
  queue: AnnotationQueue;
  compact?: boolean;
}) {
  const [open, setOpen] = useState<"edit" | "delete" | null>(null);
  const navigate = useNavigate();
  const location = useLocation();
  const close = () => setOpen(null);
  const onDeleted = (deleted: AnnotationQueue) => {
    const notice: QueueListNotice = { deletedQueueName: deleted.name };
    // From the list itself, keep its search; from the queue's pages, go to the list.
    const onList = location.pathname === paths.queues;
    navigate(onList ? `${location.pathname}${location.search}` : paths.queues, { state: notice, replace: onList });
  };
  const size = compact ? "sm" : "md";
  return (
    <>
      <Button
        size={size}
        variant={compact ? "ghost" : "secondary"}
        onClick={() => setOpen("edit")}
        aria-label={compact ? `Edit ${queue.name}` : undefined}
      >
        {compact ? "Edit" : "Edit queue"}
      </Button>
      <Button
        size={size}
        variant="ghost"
        icon={<TrashIcon size={14} />}
        onClick={() => setOpen("delete")}
        aria-label={`Delete ${queue.name}`}
        title="Delete this queue"
      >
        {compact ? null : "Delete…"}
      </Button>
      {open === "edit" ? <QueueFormDialog projectId={projectId} queue={queue} onClose={close} onSaved={close} /> : null}
      {open === "delete" ? (
        <DeleteQueueDialog projectId={projectId} queue={queue} onClose={close} onDeleted={onDeleted} />
      ) : null}
    </>
  );
}
