import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { Link, useLocation, useNavigate, useParams, useSearchParams } from "react-router-dom";
import type { AnnotationState, SettableState } from "../../../../contract/trace";
import { useApiClients } from "../../../app/api-clients";
import { Button } from "../../../components/button";
import { EmptyState } from "../../../components/empty-state";
import { ErrorPanel } from "../../../components/error-panel";
import { LoadingBar } from "../../../components/loading-bar";
import { PanelErrorBoundary } from "../../../components/panel-error-boundary";
import { UntrustedText } from "../../../components/untrusted-text";
import { formatCount, ordinal, shortOpName } from "../shared/format";
import { STATE_LABELS } from "../shared/item-state";
import { useShortcuts } from "../shared/keyboard";
import { INDEX_PARAM, reviewHref, tableHref } from "../shared/links";
import { NoProjectNotice } from "../shared/no-project-notice";
import { useQueue, useQueueTotals } from "../shared/queue-queries";
import { ShortcutsDialog, type Shortcut } from "../shared/shortcuts-dialog";
import { useAnnotationProject } from "../shared/use-annotation-project";
import { hasFilter, matchesFilter, parseItemsTableState } from "../queue-items/items-url-state";
import type { ItemsLocationState } from "../queue-items/queue-items-page";
import { useAnnotatorId } from "./annotator-identity";
import { CallDetails } from "./call-details";
import { DisplayFieldsPanel } from "./display-fields-panel";
import { ItemMetadata } from "./item-metadata";
import type { Neighbour } from "./list-search";
import { ReviewNav } from "./review-nav";
import { StateActions, type ReviewAction } from "./state-actions";
import { allowedMoves } from "./transition-rules";
import { useNextUnstarted } from "./use-next-unstarted";
import { REVIEW_REFRESH_MS, useCall, useNeighbours, useReviewItem } from "./use-review-queries";
import { useSetProgress, type ProgressChange } from "./use-set-progress";

export const REVIEW_SHORTCUTS: readonly Shortcut[] = [
  { keys: ["c"], action: "Complete" },
  { keys: ["s"], action: "Skip" },
  { keys: ["Shift", "C"], action: "Complete and go to the next item" },
  { keys: ["Shift", "S"], action: "Skip and go to the next item" },
  { keys: ["n"], action: "Next item" },
  { keys: ["p"], action: "Previous item" },
  { keys: ["u"], action: "Next unstarted item" },
  { keys: ["Esc"], action: "Back to the table, at the same place" },
  { keys: ["?"], action: "Show these shortcuts" },
];

/** /queues/:queueId/items/:itemId: one item, its call, and the actions an annotator takes on it. */
export function QueueReviewPage() {
  const project = useAnnotationProject();
  const { queueId = "", itemId = "" } = useParams();
  if (!project) return <NoProjectNotice />;
  return (
    <PanelErrorBoundary label="The review" resetKeys={[project, queueId, itemId]}>
      <Review project={project} queueId={queueId} itemId={itemId} />
    </PanelErrorBoundary>
  );
}

type Refusal = { change: ProgressChange; error: unknown; label: string };

function Review({ project, queueId, itemId }: { project: string; queueId: string; itemId: string }) {
  const navigate = useNavigate();
  const location = useLocation();
  const wrapped = (location.state as { wrapped?: boolean } | null)?.wrapped === true;
  const { trace } = useApiClients();
  const [params, setParams] = useSearchParams();
  const search = params.toString();
  const view = useMemo(() => parseItemsTableState(new URLSearchParams(search)).state, [search]);
  const hintParam = params.get(INDEX_PARAM);
  const hint = hintParam !== null && /^\d+$/.test(hintParam) ? Number(hintParam) : null;

  const queue = useQueue(project, queueId);
  const totals = useQueueTotals(project, queueId, { refetchIntervalMs: REVIEW_REFRESH_MS });
  const itemQuery = useReviewItem(project, queueId, itemId, view.sort);
  const item = itemQuery.data;
  const call = useCall(project, item?.call_id);
  const { query: neighboursQuery, inList } = useNeighbours(project, queueId, view, item, hint);
  const neighbours = neighboursQuery.isPlaceholderData ? undefined : neighboursQuery.data;
  const { me, remember } = useAnnotatorId(trace.scope);
  const nextUnstarted = useNextUnstarted(project, queueId, view);

  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [announcement, setAnnouncement] = useState("");
  const [endReached, setEndReached] = useState<string | null>(null);
  const [shortcutsOpen, setShortcutsOpen] = useState(false);

  const labelOf = useCallback((position: number | null | undefined) => (position ? `Item ${formatCount(position)}` : "The item"), []);
  const progress = useSetProgress(project, queueId, {
    me,
    onAccepted: (accepted) => {
      remember(accepted.annotator_user_id);
      setAnnouncement(`${labelOf(accepted.position_in_queue)} marked ${STATE_LABELS[accepted.annotation_state].toLowerCase()}.`);
    },
    onRefused: (change, error) => setRefusal({ change, error, label: labelOf(item?.id === change.itemId ? item?.position_in_queue : null) }),
  });

  // Keep the URL's index true, so a reload or a later refresh takes the fast path.
  const resolvedIndex = neighbours?.index ?? null;
  useEffect(() => {
    if (resolvedIndex === null || resolvedIndex === hint) return;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set(INDEX_PARAM, String(resolvedIndex));
        return next;
      },
      { replace: true },
    );
  }, [resolvedIndex, hint, setParams]);

  const listIndex = resolvedIndex ?? (inList ? hint : null);
  const backHref = tableHref(queueId, view, listIndex);
  const backState = useMemo<ItemsLocationState>(() => ({ focusItemId: itemId }), [itemId]);
  const goTo = useCallback((neighbour: Neighbour) => navigate(reviewHref(queueId, neighbour.item.id, view, neighbour.index)), [navigate, queueId, view]);
  const goBack = useCallback(() => navigate(backHref, { state: backState }), [navigate, backHref, backState]);

  // "& next" pressed before this item's neighbours are known (a fast annotator): go once they are.
  const [pendingAdvance, setPendingAdvance] = useState<string | null>(null);
  const advancedFrom = useRef<string | null>(null);
  const advanceFrom = useCallback(
    (from: NonNullable<typeof item>, state: SettableState) => {
      const next = neighbours?.next;
      if (!next) {
        setEndReached(from.id);
        return;
      }
      // If the new state takes this item out of the list, everything after it moves up one place.
      const leaves = neighbours.index !== null && !matchesFilter({ ...from, annotation_state: state }, view);
      goTo({ item: next.item, index: leaves ? next.index - 1 : next.index });
    },
    [neighbours, view, goTo],
  );

  // Only a change to this item waits for its answer: after "Complete & next" the next item can be
  // worked on while the previous one's change is still on its way (keys pressed then used to be lost).
  const savingThisItem = !!item && progress.isPending && progress.variables?.itemId === item.id;
  const act = useCallback(
    ({ state, advance }: ReviewAction) => {
      if (!item || savingThisItem || !allowedMoves(item, me)[state].allowed) return;
      setRefusal(null);
      setEndReached(null);
      setPendingAdvance(null);
      progress.mutate({ itemId: item.id, state });
      if (!advance) return;
      if (neighbours) advanceFrom(item, state);
      else setPendingAdvance(item.id);
    },
    [item, me, savingThisItem, progress, neighbours, advanceFrom],
  );
  useEffect(() => {
    if (!item || pendingAdvance !== item.id || !neighbours?.next || advancedFrom.current === item.id) return;
    advancedFrom.current = item.id;
    // Read after the change, these neighbours' indexes already describe the list without it.
    goTo(neighbours.next);
  }, [item, pendingAdvance, neighbours, goTo]);
  const atEnd = !!item && (endReached === item.id || (pendingAdvance === item.id && !!neighbours && !neighbours.next));

  const goNextUnstarted = useCallback(async () => {
    if (!item) return;
    const found = await nextUnstarted.find(item);
    if (found) navigate(reviewHref(queueId, found.item.id, view, null), { state: { wrapped: found.wrapped } });
  }, [item, nextUnstarted, navigate, queueId, view]);

  const shortcut = (state: SettableState, advance: boolean) => () => act({ state, advance });
  useShortcuts({
    c: shortcut("completed", false),
    s: shortcut("skipped", false),
    C: shortcut("completed", true),
    S: shortcut("skipped", true),
    n: () => neighbours?.next && goTo(neighbours.next),
    p: () => neighbours?.prev && goTo(neighbours.prev),
    u: () => void goNextUnstarted(),
    Escape: goBack,
    "?": () => setShortcutsOpen(true),
  });

  const total = totals.data?.total_items ?? null;
  const filtered = hasFilter(view);
  const position = item?.position_in_queue ?? null;
  const heading = position !== null ? `Item ${formatCount(position)}${total !== null ? ` of ${formatCount(total)}` : ""}` : "Item";

  return (
    <div className="space-y-4">
      <header className="space-y-2 border-b border-line pb-4">
        <nav aria-label="Breadcrumb" className="flex flex-wrap items-center gap-1 text-xs text-fg-muted">
          <Link to="/queues" className="hover:text-fg hover:underline">
            Annotation queues
          </Link>
          <span aria-hidden="true">/</span>
          <Link to={backHref} state={backState} className="hover:text-fg hover:underline">
            {queue.data ? <UntrustedText text={queue.data.name} /> : "Queue"}
          </Link>
          <span aria-hidden="true">/</span>
        </nav>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <div className="flex min-w-0 flex-wrap items-baseline gap-x-3 gap-y-1">
            <h1 className="text-lg font-semibold tracking-tight text-fg tabular-nums">{heading}</h1>
            {item ? <UntrustedText text={shortOpName(item.call_op_name)} className="max-w-full truncate font-mono text-xs text-fg-muted" /> : null}
            {item ? <ListPlace filtered={filtered} inList={inList} index={listIndex} state={item.annotation_state} /> : null}
          </div>
          <ReviewNav
            neighbours={neighbours}
            resolving={!!item && (neighboursQuery.isPending || neighboursQuery.isPlaceholderData)}
            onPrev={() => neighbours?.prev && goTo(neighbours.prev)}
            onNext={() => neighbours?.next && goTo(neighbours.next)}
            onNextUnstarted={() => void goNextUnstarted()}
            searchingUnstarted={nextUnstarted.status.phase === "searching"}
            backHref={backHref}
            backState={backState}
          />
        </div>
      </header>

      <div className="h-0.5">
        <LoadingBar active={itemQuery.isFetching || neighboursQuery.isFetching} label="Refreshing the item" />
      </div>

      {itemQuery.isError && !item ? (
        <ErrorPanel error={itemQuery.error} title="Could not load this item" onRetry={() => void itemQuery.refetch()} />
      ) : item === undefined ? (
        <p className="py-10 text-center text-sm text-fg-muted">Loading the item…</p>
      ) : item === null ? (
        <EmptyState
          title="This item is not in the queue"
          description="It may have been removed from the queue, or the link is wrong."
          action={
            <Link to={backHref} className="text-sm font-medium text-link underline underline-offset-2">
              Back to the table
            </Link>
          }
        />
      ) : (
        <>
          <div className="sticky top-0.5 z-10 flex flex-wrap items-center justify-between gap-x-4 gap-y-1 rounded-lg border border-line bg-surface/95 px-3 py-2 shadow-sm backdrop-blur">
            <StateActions item={item} me={me} busy={savingThisItem} hasNext={!!neighbours?.next} onAction={act} />
            <output className="block text-xs text-fg-muted empty:hidden">{announcement}</output>
          </div>

          {refusal ? (
            <div className="space-y-2">
              <ErrorPanel error={refusal.error} title={`${refusal.label} was not marked ${STATE_LABELS[refusal.change.state].toLowerCase()}; its state is as before.`} />
              <div className="flex gap-2">
                {refusal.change.itemId !== item.id ? (
                  <Link to={reviewHref(queueId, refusal.change.itemId, view, null)} className="text-sm font-medium text-link underline underline-offset-2">
                    Go back to that item
                  </Link>
                ) : null}
                <Button size="sm" variant="ghost" onClick={() => setRefusal(null)}>
                  Dismiss
                </Button>
              </div>
            </div>
          ) : null}

          {wrapped ? (
            <output className="block rounded-md bg-subtle px-3 py-2 text-xs text-fg-muted">
              No unstarted item came after the previous one: this is the first unstarted item from the start of the list.
            </output>
          ) : null}
          {atEnd ? (
            <EndOfList filtered={filtered} done={totals.data?.completed_items ?? null} total={total} onNextUnstarted={() => void goNextUnstarted()} backHref={backHref} />
          ) : neighbours && !neighbours.next && neighbours.index !== null ? (
            <p role="note" className="rounded-md bg-subtle px-3 py-2 text-xs text-fg-muted">
              This is the last item of {filtered ? "the filtered list" : "the queue"}.
            </p>
          ) : null}

          {nextUnstarted.status.phase === "none" ? (
            <output className="block rounded-md bg-subtle px-3 py-2 text-sm text-fg">
              No unstarted items are left{filtered ? " with these filters" : " in this queue"}.
            </output>
          ) : nextUnstarted.status.phase === "failed" ? (
            <ErrorPanel error={nextUnstarted.status.error} title="Could not look for the next unstarted item" onRetry={() => void goNextUnstarted()} />
          ) : null}
          {neighboursQuery.isError ? <ErrorPanel error={neighboursQuery.error} title="Could not find the items before and after this one" onRetry={() => void neighboursQuery.refetch()} /> : null}

          <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
            <div className="min-w-0 space-y-4">
              <h2 className="sr-only">Call</h2>
              {call.isError ? (
                <ErrorPanel error={call.error} title="Could not read the call" onRetry={() => void call.refetch()} />
              ) : !call.data ? (
                <p className="py-6 text-sm text-fg-muted">Loading the call…</p>
              ) : (
                <PanelErrorBoundary label="The call" resetKeys={[call.data.id]}>
                  <DisplayFieldsPanel call={call.data} paths={item.display_fields} />
                  <div className="mt-4">
                    <CallDetails key={call.data.id} call={call.data} />
                  </div>
                </PanelErrorBoundary>
              )}
            </div>
            <aside aria-labelledby="item-details-heading" className="h-fit rounded-lg border border-line bg-surface px-4 py-3">
              <h2 id="item-details-heading" className="pb-1 text-sm font-semibold text-fg">
                Details
              </h2>
              <ItemMetadata item={item} call={call.data} />
            </aside>
          </div>
        </>
      )}

      <ShortcutsDialog open={shortcutsOpen} onClose={() => setShortcutsOpen(false)} shortcuts={REVIEW_SHORTCUTS} />
    </div>
  );
}

function ListPlace({ filtered, inList, index, state }: { filtered: boolean; inList: boolean; index: number | null; state: AnnotationState }) {
  if (!filtered) return null;
  if (!inList) return <span className="text-xs text-amber-800 dark:text-amber-300">Outside the table&apos;s filters (it is {STATE_LABELS[state].toLowerCase()}); Previous and Next follow the filtered list</span>;
  return index !== null ? <span className="text-xs text-fg-muted">{ordinal(index + 1)} in the filtered list</span> : null;
}

function EndOfList({
  filtered,
  done,
  total,
  onNextUnstarted,
  backHref,
}: {
  filtered: boolean;
  done: number | null;
  total: number | null;
  onNextUnstarted: () => void;
  backHref: string;
}) {
  return (
    <output className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-emerald-300 bg-emerald-50 px-4 py-3 text-sm dark:border-emerald-500/30 dark:bg-emerald-500/10">
      <p className="text-fg">
        <span className="font-medium">End of {filtered ? "the filtered list" : "the queue"}.</span> No item comes after this one
        {done !== null && total !== null ? ` · ${formatCount(done)} of ${formatCount(total)} done in the queue` : ""}.
      </p>
      <div className="flex gap-2">
        <Button size="sm" onClick={onNextUnstarted}>
          Next unstarted
        </Button>
        <Link to={backHref} className="text-sm font-medium text-link underline underline-offset-2">
          Back to the table
        </Link>
      </div>
    </output>
  );
}
