import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useId, useMemo, useRef, useState } from "react";
import { Link } from "react-router-dom";
import type { Call } from "@contract/trace";
import { LIMITS } from "@contract/limits";
import { traceKeys, traceQueries } from "@/api/queries/trace";
import { Button } from "@/components/button";
import { Dialog } from "@/components/dialog";
import { ErrorPanel } from "@/components/error-panel";
import { SelectField } from "@/components/select-field";
import { UntrustedText } from "@/components/untrusted-text";
import { formatCount } from "@/lib/number-format";
import { revealHiddenCharacters } from "@/lib/hidden-characters";
import { useApiClients } from "@/connection/api-clients";
import { QueueFormDialog, queueHref } from "@/features/queues";
import type { AddOutcome } from "./add-in-batches";
import { defaultDisplayFields, flattenCallPaths, type FieldPath } from "./display-field-paths";
import type { AddRun, AddStatus } from "./use-add-to-queue";

type Props = {
  open: boolean;
  onClose: () => void;
  projectId: string;
  /** How many calls will be added (null while the count of "all matching" is unknown). */
  count: number | null;
  /** Calls whose inputs and output suggest display fields (the first selected, or the page). */
  sample: readonly Call[];
  status: AddStatus;
  onStart: (run: AddRun) => void;
  onCancel: () => void;
  onRetry: () => void;
};

/** "Add to queue": pick a queue (or make one) and the display fields, then watch the batches go and read the summary. */
export function AddToQueueDialog(props: Props) {
  return props.open ? <AddToQueueFlow {...props} /> : null;
}

/**
 * The choices live here, above the form: "New queue…" puts the queue form (the queues feature's)
 * in the dialog's place, one dialog at a time, and the form comes back as it was with the new
 * queue chosen.
 */
function AddToQueueFlow(props: Props) {
  const { onClose, status, projectId, sample } = props;
  const { trace } = useApiClients();
  const queryClient = useQueryClient();
  const [queueId, setQueueId] = useState("");
  const [creating, setCreating] = useState(false);
  const fieldPaths = useMemo(() => flattenCallPaths(sample), [sample]);
  const [chosen, setChosen] = useState<ReadonlySet<string>>(() => new Set(defaultDisplayFields(fieldPaths)));

  if (creating) {
    return (
      <QueueFormDialog
        projectId={projectId}
        onClose={() => setCreating(false)}
        onSaved={(created) => {
          // The list is read again before the form returns, so the new queue is among its choices.
          void queryClient.refetchQueries({ queryKey: traceKeys.queueLists(trace.scope) }).finally(() => {
            setQueueId(created);
            setCreating(false);
          });
        }}
      />
    );
  }
  return (
    <Dialog
      open
      onClose={status.kind === "running" ? () => undefined : onClose}
      title="Add calls to a queue"
      className="sm:max-w-2xl"
    >
      {status.kind === "idle" ? (
        <AddForm
          {...props}
          queueId={queueId}
          onQueueId={setQueueId}
          fieldPaths={fieldPaths}
          chosen={chosen}
          onChosen={setChosen}
          onNewQueue={() => setCreating(true)}
        />
      ) : status.kind === "running" ? (
        <AddRunning status={status} onCancel={props.onCancel} />
      ) : (
        <AddSummary
          outcome={status.outcome}
          projectId={props.projectId}
          queueId={status.run.queueId}
          onRetry={props.onRetry}
          onClose={onClose}
        />
      )}
    </Dialog>
  );
}

type FormProps = Props & {
  queueId: string;
  onQueueId: (queueId: string) => void;
  fieldPaths: readonly FieldPath[];
  chosen: ReadonlySet<string>;
  onChosen: (update: (current: ReadonlySet<string>) => ReadonlySet<string>) => void;
  onNewQueue: () => void;
};

function AddForm({
  projectId,
  count,
  sample,
  onStart,
  onClose,
  queueId,
  onQueueId: setQueueId,
  fieldPaths,
  chosen,
  onChosen: setChosen,
  onNewQueue,
}: FormProps) {
  const { trace } = useApiClients();
  const queues = useQuery(
    traceQueries.queues(trace, {
      project_id: projectId,
      sort_by: [{ field: "name", direction: "asc" }],
      limit: LIMITS.queuesPerProject,
    }),
  );
  const [tried, setTried] = useState(false);
  const fieldsId = useId();
  const tooMany = chosen.size > LIMITS.displayFields;
  const queueError = tried && !queueId ? "Choose a queue." : null;
  // Add is offered only once there is a queue to choose: none in the project, or none read yet, and it could not work.
  const noQueue = queues.data?.length === 0;
  const canChoose = (queues.data?.length ?? 0) > 0;

  return (
    <form
      className="space-y-4"
      onSubmit={(event) => {
        event.preventDefault();
        setTried(true);
        if (!canChoose || !queueId || tooMany || count === null || count === 0) return;
        onStart({ queueId, displayFields: fieldPaths.filter((p) => chosen.has(p.path)).map((p) => p.path) });
      }}
    >
      {noQueue ? (
        <div role="note" className="space-y-2 rounded-md border border-line bg-subtle px-3 py-3 text-sm">
          <p className="text-fg">This project has no queue yet. Make one here, then add the calls to it.</p>
          <Button variant="primary" onClick={onNewQueue}>
            New queue…
          </Button>
        </div>
      ) : (
        <div className="flex items-end gap-2">
          <div className="min-w-0 flex-1">
            <SelectField
              label="Queue"
              error={queueError}
              after={
                queues.isError ? (
                  <ErrorPanel
                    error={queues.error}
                    title="Could not load the project's queues"
                    onRetry={() => void queues.refetch()}
                  />
                ) : null
              }
              value={queueId}
              onChange={(event) => setQueueId(event.target.value)}
            >
              <option value="">{queues.isPending ? "Loading queues…" : "Choose a queue…"}</option>
              {(queues.data ?? []).map((q) => (
                // An <option> holds text only: hidden characters are shown as markers in it.
                <option key={q.id} value={q.id}>
                  {revealHiddenCharacters(q.name)}
                </option>
              ))}
            </SelectField>
          </div>
          {canChoose ? <Button onClick={onNewQueue}>New queue…</Button> : null}
        </div>
      )}

      <fieldset aria-describedby={fieldsId} className="min-w-0 space-y-1">
        <legend className="text-sm font-medium text-fg">Display fields</legend>
        <p id={fieldsId} className="text-xs text-fg-muted">
          What the review shows of each call, as paths into its inputs and output. Previews come from{" "}
          {formatCount(Math.min(sample.length, 20))} of the chosen {sample.length === 1 ? "call" : "calls"}.
          {tooMany ? ` At most ${LIMITS.displayFields} fields.` : ""}
        </p>
        {chosen.size > 0 ? (
          <p className="text-xs text-fg">
            Chosen ({formatCount(chosen.size)}):{" "}
            {[...chosen].map((path, index) => (
              <span key={path}>
                {index > 0 ? ", " : ""}
                <UntrustedText text={path} className="font-mono" />
              </span>
            ))}
          </p>
        ) : null}
        {fieldPaths.length === 0 ? (
          <p className="text-sm text-fg-muted">
            These calls have no inputs or output to choose from; the review will show the whole call.
          </p>
        ) : (
          <ul className="max-h-72 overflow-y-auto rounded-md border border-line">
            {fieldPaths.map((p, index) => (
              <FieldPathOption
                key={p.path}
                path={p.path}
                preview={p.preview}
                previewId={`${fieldsId}-${index}`}
                checked={chosen.has(p.path)}
                onChange={(checked) =>
                  setChosen((current) => {
                    const next = new Set(current);
                    if (checked) next.add(p.path);
                    else next.delete(p.path);
                    return next;
                  })
                }
              />
            ))}
          </ul>
        )}
      </fieldset>

      <div className="flex justify-end gap-2">
        <Button variant="ghost" onClick={onClose}>
          Close
        </Button>
        {canChoose ? (
          <Button type="submit" variant="primary" disabled={count === null || count === 0 || tooMany}>
            {count === null ? "Counting calls…" : `Add ${formatCount(count)} ${count === 1 ? "call" : "calls"}`}
          </Button>
        ) : null}
      </div>
    </form>
  );
}

/** One path to choose: named by the path, described by the preview of its value. */
function FieldPathOption({
  path,
  preview,
  previewId,
  checked,
  onChange,
}: {
  path: string;
  preview: string;
  previewId: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <li className="border-b border-line last:border-b-0">
      <label className="flex cursor-pointer items-start gap-2 px-2 py-1.5 hover:bg-subtle">
        <input
          type="checkbox"
          aria-label={path}
          aria-describedby={preview ? previewId : undefined}
          checked={checked}
          onChange={(event) => onChange(event.target.checked)}
          className="mt-0.5 size-4 shrink-0 accent-(--ui-accent)"
        />
        <span className="min-w-0">
          <span className="block font-mono text-xs text-fg">
            <UntrustedText text={path} />
          </span>
          {preview ? (
            <span id={previewId} className="block truncate text-xs text-fg-muted">
              <UntrustedText text={preview} />
            </span>
          ) : null}
        </span>
      </label>
    </li>
  );
}

/**
 * The form that had the focus is replaced by the progress, then by the summary: each takes the
 * focus on its main button, so the keyboard stays in the dialog (and Cancel is one key away).
 */
function useFocusOnMount<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useEffect(() => ref.current?.focus(), []);
  return ref;
}

function AddRunning({ status, onCancel }: { status: Extract<AddStatus, { kind: "running" }>; onCancel: () => void }) {
  const { progress, cancelling } = status;
  const cancelRef = useFocusOnMount<HTMLButtonElement>();
  return (
    <div className="space-y-3">
      <label className="block text-sm text-fg">
        <span className="mb-1 block">
          Sent {formatCount(progress.done)} of {formatCount(progress.total)} calls
        </span>
        <progress max={Math.max(progress.total, 1)} value={progress.done} className="h-2 w-full accent-(--ui-accent)" />
      </label>
      <output aria-live="polite" className="block text-sm text-fg-muted">
        {cancelling ? "Stopping after the batch in flight…" : `Added ${formatCount(progress.added)} so far.`}
      </output>
      <div className="flex justify-end">
        <Button ref={cancelRef} onClick={onCancel} disabled={cancelling}>
          Cancel
        </Button>
      </div>
    </div>
  );
}

/** The counts a finished, cancelled or failed run reached, in words. */
export function summarize(outcome: AddOutcome): string {
  const parts = [`Added ${formatCount(outcome.added)} ${outcome.added === 1 ? "call" : "calls"}.`];
  if (outcome.duplicates > 0)
    parts.push(
      `${formatCount(outcome.duplicates)} ${outcome.duplicates === 1 ? "was" : "were"} already in the queue (not added twice).`,
    );
  if (outcome.unknown > 0)
    parts.push(`${formatCount(outcome.unknown)} ${outcome.unknown === 1 ? "was" : "were"} not known to the service.`);
  const left = outcome.total - outcome.done;
  if (outcome.status === "cancelled") parts.unshift(`Cancelled: ${formatCount(left)} not sent.`);
  if (outcome.status === "failed") parts.unshift(`Stopped by an error: ${formatCount(left)} not sent yet.`);
  return parts.join(" ");
}

function AddSummary({
  outcome,
  projectId,
  queueId,
  onRetry,
  onClose,
}: {
  outcome: AddOutcome;
  projectId: string;
  queueId: string;
  onRetry: () => void;
  onClose: () => void;
}) {
  const left = outcome.total - outcome.done;
  const failed = outcome.status === "failed";
  const mainRef = useFocusOnMount<HTMLButtonElement>();
  return (
    <div className="space-y-3">
      <output aria-live="polite" className="block text-sm text-fg">
        {summarize(outcome)}
      </output>
      {failed ? <ErrorPanel error={outcome.error} title="Adding calls failed" /> : null}
      <div className="flex flex-wrap items-center justify-end gap-2">
        <Link
          to={queueHref(projectId, queueId)}
          className="mr-auto text-sm font-medium text-link underline underline-offset-2"
        >
          Open the queue
        </Link>
        {failed ? (
          <Button ref={mainRef} variant="primary" onClick={onRetry}>
            Retry the remaining {formatCount(left)}
          </Button>
        ) : null}
        <Button ref={failed ? undefined : mainRef} onClick={onClose}>
          Close
        </Button>
      </div>
    </div>
  );
}
