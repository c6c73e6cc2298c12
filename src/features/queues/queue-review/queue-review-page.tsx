import { memo, useCallback, useEffect, useMemo, useState } from "react";
import { Link, useParams } from "react-router-dom";
import type { AnnotationState } from "@contract/trace";
import { Breadcrumbs } from "@/components/breadcrumbs";
import { EmptyState } from "@/components/empty-state";
import { ErrorPanel } from "@/components/error-panel";
import { LoadingBar } from "@/components/loading-bar";
import { PanelErrorBoundary } from "@/components/panel-error-boundary";
import { UntrustedText } from "@/components/untrusted-text";
import { shortOpName } from "@/lib/op-refs";
import { formatCount, ordinal } from "@/lib/number-format";
import { useQueue, useQueueTotals } from "../api/queue";
import { STATE_LABELS } from "../shared/item-state";
import { inQuietRegion, oncePerPress, useShortcuts } from "../shared/keyboard";
import { reviewHref } from "../shared/links";
import { NoProjectNotice } from "../shared/no-project-notice";
import { QueueGone, queueIsGone } from "../shared/queue-gone";
import { ShortcutsDialog, type Shortcut } from "../shared/shortcuts-dialog";
import { useAnnotationProject } from "../shared/use-annotation-project";
import { DEFAULT_TABLE_STATE, hasFilter, hasTextFilter } from "../shared/items-url-state";
import { cn } from "@/lib/cn";
import { ACCEPT_SUGGESTIONS_KEY } from "./annotate/judge-suggestion";
import { NOTE_KEY } from "./annotate/notes-thread";
import { UnsavedAnswersNotice } from "./annotate/unsaved-answers-notice";
import { ItemBody } from "./item-body";
import { ReviewNav } from "./review-nav";
import { EndOfList, IdentityNotice, NextUnstartedNotice, RefusalNotice } from "./review-notices";
import { StateActions } from "./state-actions";
import { ClaimNotice } from "./claim-notice";
import { WorkModeBar, WorkNotice } from "./work-mode-bar";
import { REVIEW_REFRESH_MS } from "./use-review-queries";
import { useReviewSession, type ReviewAction } from "./use-review-session";
import { useStickyBarHeight } from "./use-sticky-bar-height";
import { usePageTopOnMove } from "./use-page-top-on-move";
import { paths } from "@/lib/paths";
import { useErrorKeptWhileRetrying } from "@/lib/use-error-kept-while-retrying";

export { prefetchReview } from "./prefetch-review";

export const REVIEW_SHORTCUTS: readonly Shortcut[] = [
  { keys: ["t"], action: "Start (mark in progress)" },
  { keys: ["c"], action: "Complete" },
  { keys: ["s"], action: "Skip" },
  { keys: ["Shift", "C"], action: "Complete and go to the next item" },
  { keys: ["Shift", "S"], action: "Skip and go to the next item" },
  { keys: ["n"], action: "Next item" },
  { keys: ["p"], action: "Previous item" },
  { keys: ["u"], action: "Next unstarted item (in work mode: the next item for you)" },
  { keys: ["w"], action: "Work mode: claim the next item offered to you and go to it" },
  { keys: ["1", "…", "9"], action: "Answer the highlighted question (then the next one is highlighted)" },
  {
    keys: [ACCEPT_SUGGESTIONS_KEY],
    action: "Accept the judge's suggestions on this item (each saved as your own answer)",
  },
  { keys: ["j"], action: "Highlight the next question" },
  { keys: ["k"], action: "Highlight the previous question" },
  { keys: ["e"], action: "Go into the highlighted question's field (Esc leaves it, saving what you typed)" },
  {
    keys: [NOTE_KEY],
    action: "Write a note on the call (Ctrl+Enter adds it; no other key acts while you are in the notes)",
  },
  { keys: ["Esc"], action: "Back to the table, at the same place" },
  { keys: ["?"], action: "Show these shortcuts" },
];

const NO_REFS: readonly string[] = [];

// Memoised: the address catches up with a move after the item is painted (written then, rendered by the router
// as a transition), and these, given the same props, need not render again then.
const ReviewCrumbs = memo(Breadcrumbs);
const ReviewShortcuts = memo(ShortcutsDialog);
const UnsavedAnswers = memo(UnsavedAnswersNotice);
const Navigation = memo(ReviewNav);
const Actions = memo(StateActions);
const WorkBar = memo(WorkModeBar);

/** Takes the focus out of a form field or the notes (blur saves a typed answer); false when neither had it. */
function leaveField(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement) || !(target.matches("input, textarea, select") || inQuietRegion(target)))
    return false;
  target.blur();
  return true;
}

/** /queues/:queueId/items/:itemId: one item, its call, and the actions an annotator takes on it. */
export function QueueReviewPage() {
  const project = useAnnotationProject();
  const { queueId = "", itemId = "" } = useParams();
  if (!project) return <NoProjectNotice pageTitle="Review" />;
  return (
    <PanelErrorBoundary label="The review" resetKeys={[project, queueId, itemId]}>
      <Review project={project} queueId={queueId} itemId={itemId} />
    </PanelErrorBoundary>
  );
}

function Review({ project, queueId, itemId }: { project: string; queueId: string; itemId: string }) {
  const queue = useQueue(project, queueId);
  // Unknown while the queue loads; a queue that cannot be read shows no questions to answer.
  const scorerRefs = queue.data ? (queue.data.scorer_refs ?? NO_REFS) : queue.isError ? NO_REFS : undefined;
  const session = useReviewSession(project, queueId, itemId, scorerRefs);
  const { view, item, neighbours } = session;
  // While the service is down, the 5-s refresh must not turn the error (and its Retry) into "Loading…".
  const itemError = useErrorKeptWhileRetrying(session.itemQuery.error, item !== undefined);
  const totals = useQueueTotals(project, queueId, { refetchIntervalMs: REVIEW_REFRESH_MS });
  const [shortcutsOpen, setShortcutsOpen] = useState(false);
  const closeShortcuts = useCallback(() => setShortcutsOpen(false), []);
  const { bar: stickyBarRef, scope: belowBarRef } = useStickyBarHeight();
  usePageTopOnMove(item?.id);
  const { step, workMode } = session;
  const goWork = session.work.go;
  const goNextUnstarted = session.nextUnstarted.go;
  const onPrev = useCallback(() => step("prev"), [step]);
  const onNext = useCallback(() => step("next"), [step]);
  const onNextUnstarted = useCallback(
    () => void (workMode ? goWork() : goNextUnstarted()),
    [workMode, goWork, goNextUnstarted],
  );
  const onStartWork = useCallback(() => void goWork(), [goWork]);
  const queueName = queue.data?.name;
  const { backHref, backState } = session;
  const crumbs = useMemo(
    () => [
      { label: "Annotation queues", to: paths.queues },
      { label: queueName !== undefined ? <UntrustedText text={queueName} /> : "Queue", to: backHref, state: backState },
    ],
    [queueName, backHref, backState],
  );
  const unsavedHrefOf = useCallback(
    (refusedQueueId: string, refusedItemId: string) =>
      reviewHref(project, refusedQueueId, refusedItemId, refusedQueueId === queueId ? view : DEFAULT_TABLE_STATE, null),
    [project, queueId, view],
  );

  // A held C must not warn, then complete.
  const run = (action: ReviewAction) => oncePerPress(() => session.act(action));
  useShortcuts({
    t: run({ state: "in_progress", advance: false }),
    c: run({ state: "completed", advance: false }),
    s: run({ state: "skipped", advance: false }),
    C: run({ state: "completed", advance: true }),
    S: run({ state: "skipped", advance: true }),
    n: () => session.step("next"),
    p: () => session.step("prev"),
    u: () => void (session.workMode ? session.work.go() : session.nextUnstarted.go()),
    w: () => void session.work.go(),
    Escape: (event) => {
      // Esc in a field (an answer, a note, a choice) leaves the field, with what was typed; the
      // next Esc leaves the item. Only then is nothing half-typed left behind.
      if (leaveField(event.target)) return;
      session.back();
    },
    "?": () => setShortcutsOpen(true),
  });

  // A state change refused with a 404 may mean the queue was deleted meanwhile: read the queue again,
  // so the page says so instead of refusing every key that follows.
  const refusedAsGone = session.refusal !== null && queueIsGone(session.refusal.error);
  const refetchQueue = queue.refetch;
  useEffect(() => {
    if (refusedAsGone) void refetchQueue();
  }, [refusedAsGone, refetchQueue]);

  // A deleted queue's items are never offered, whatever the items query still answers (upstream answers them).
  if (queue.isError && queueIsGone(queue.error)) return <QueueGone />;

  const total = totals.data?.total_items ?? null;
  const filtered = hasFilter(view);
  // Positions number the list the scalar filters keep (upstream): without them, that is the queue.
  const heading =
    session.position !== null && !hasTextFilter(view)
      ? `Item ${formatCount(session.position)}${total !== null ? ` of ${formatCount(total)}` : ""}`
      : "Item";

  return (
    <div className="space-y-4">
      <header className="space-y-2 border-b border-line pb-4">
        <ReviewCrumbs trail={crumbs} />
        <div className="flex flex-wrap items-center justify-between gap-3">
          {/* At least 36rem however long its lines are, so whether the navigation fits beside it depends on the
              page's width alone, not on the item: the buttons stay where they are from item to item. */}
          <div className="flex min-w-[min(100%,36rem)] flex-1 flex-wrap items-baseline gap-x-3 gap-y-1">
            <h1 className="text-lg font-semibold tracking-tight text-fg tabular-nums">{heading}</h1>
            {item ? (
              <UntrustedText
                text={shortOpName(item.call_op_name)}
                className="max-w-full truncate font-mono text-xs text-fg-muted"
              />
            ) : null}
            {filtered ? (
              <ListPlace
                inList={item && neighbours ? neighbours.index !== null : null}
                index={item ? session.listIndex : null}
                state={item?.annotation_state}
              />
            ) : null}
          </div>
          <Navigation
            neighbours={neighbours}
            trail={session.trail}
            onPrev={onPrev}
            onNext={onNext}
            onNextUnstarted={onNextUnstarted}
            searchingUnstarted={
              session.workMode
                ? session.work.status.phase === "claiming"
                : session.nextUnstarted.status.phase === "searching"
            }
            workMode={session.workMode}
            backHref={session.backHref}
            backState={session.backState}
          />
        </div>
        <WorkBar
          settings={session.teamSettings}
          claiming={session.work.status.phase === "claiming"}
          onStart={onStartWork}
          leaveHref={session.leaveWorkHref}
        />
      </header>

      <div className="h-0.5">
        <LoadingBar
          active={session.itemQuery.isFetching || session.windowQuery.isFetching}
          label="Refreshing the item"
          delayMs={300}
        />
      </div>

      {itemError && !item ? (
        <ErrorPanel
          error={itemError}
          title="Could not load this item"
          onRetry={() => void session.itemQuery.refetch()}
        />
      ) : item === undefined ? (
        <p className="py-10 text-center text-sm text-fg-muted">Loading the item…</p>
      ) : item === null ? (
        <EmptyState
          title="This item is not in the queue"
          description="It may have been removed from the queue, or the link is wrong."
          action={
            <Link to={session.backHref} className="text-sm font-medium text-link underline underline-offset-2">
              Back to the table
            </Link>
          }
        />
      ) : (
        <>
          <div
            ref={stickyBarRef}
            className="sticky top-0.5 z-10 flex flex-wrap items-center justify-between gap-x-4 gap-y-1 rounded-lg border border-line bg-surface px-3 py-2 shadow-sm"
          >
            <Actions
              state={item.annotation_state}
              writer={item.annotator_user_id ?? null}
              me={session.annotator.me}
              busy={session.saving}
              hasNext={!!neighbours?.next || session.trail.forward}
              onAction={session.act}
            />
            {/* Where the buttons leave room beside them, at most two lines there, whatever is said: a warning and the
                next item's silence must not change the bar's height and move the item below (the whole text is
                in its title, and read out in full). */}
            <output
              key={session.announcement.count}
              title={session.announcement.text || undefined}
              className={cn(
                "block text-xs empty:hidden lg:line-clamp-2 lg:min-w-72 lg:flex-1",
                session.announcement.tone === "warning"
                  ? "font-medium text-amber-800 dark:text-amber-300"
                  : "text-fg-muted",
              )}
            >
              {session.announcement.text}
            </output>
          </div>

          {session.refusal ? (
            <RefusalNotice
              refusal={session.refusal}
              itemId={item.id}
              refusedItemHref={reviewHref(project, queueId, session.refusal.change.itemId, view, null)}
              onDismiss={session.dismissRefusal}
            />
          ) : null}
          <UnsavedAnswers shownCallId={item.call_id} hrefOf={unsavedHrefOf} />
          <IdentityNotice annotator={session.annotator} />
          <ClaimNotice project={project} item={item} me={session.annotator.me} settings={session.teamSettings} />
          <WorkNotice status={session.work.status} backHref={session.backHref} onRetry={() => void session.work.go()} />
          <NextUnstartedNotice
            status={session.nextUnstarted.status}
            wrapped={session.wrapped}
            filtered={filtered}
            onRetry={() => void session.nextUnstarted.go()}
          />
          {session.atEnd ? (
            <EndOfList
              filtered={filtered}
              done={totals.data?.completed_items ?? null}
              total={total}
              onNextUnstarted={() => void session.nextUnstarted.go()}
              backHref={session.backHref}
            />
          ) : session.settled && !neighbours?.next ? (
            <p role="note" className="rounded-md bg-subtle px-3 py-2 text-xs text-fg-muted">
              This is the last item of {filtered ? "the filtered list" : "the queue"}.
            </p>
          ) : null}
          {session.windowQuery.isError ? (
            <ErrorPanel
              error={session.windowQuery.error}
              title="Could not find the items before and after this one"
              onRetry={() => void session.windowQuery.refetch()}
            />
          ) : null}

          <ItemBody
            project={project}
            item={item}
            queue={queue.data}
            me={session.annotator.me}
            onAnswer={session.startOnAnswer}
            belowBarRef={belowBarRef}
          />
        </>
      )}

      <ReviewShortcuts open={shortcutsOpen} onClose={closeShortcuts} shortcuts={REVIEW_SHORTCUTS} />
    </div>
  );
}

/**
 * Where the item stands in a filtered list; `inList` null while that is still being found out. It takes the rest of
 * the heading's line (or a line of its own, on a phone) and is cut to it, even when empty: an item outside the list
 * must not push the page down, and the buttons away, while the next is drawn. The whole text is in its title.
 */
function ListPlace({
  inList,
  index,
  state,
}: {
  inList: boolean | null;
  index: number | null;
  state: AnnotationState | undefined;
}) {
  const outside = inList === false && state !== undefined;
  const text = outside
    ? `Outside the table's filters (it is ${STATE_LABELS[state].toLowerCase()}): Previous and Next first go back through the items you worked on, then follow the filtered list`
    : index !== null
      ? `${ordinal(index + 1)} in the filtered list`
      : "";
  return (
    <span
      data-testid="list-place"
      title={outside ? text : undefined}
      className={cn(
        "min-w-32 flex-1 basis-0 truncate text-xs",
        outside ? "text-amber-800 dark:text-amber-300" : "text-fg-muted",
      )}
    >
      {text}
    </span>
  );
}
