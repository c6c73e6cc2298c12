import { Stat } from "@/components/stat";
import { createContext, use, useMemo } from "react";
import { Link } from "react-router-dom";
import { Section } from "@/components/section";
import { createDataColumnHelper, DataTable, useDataTable } from "@/components/table";
import { UntrustedText } from "@/components/untrusted-text";
import { formatMetric, spreadOf, type Spread } from "@/features/training";
import { formatCount } from "@/lib/number-format";
import { parseOpRef } from "@/lib/op-refs";
import { paths } from "@/lib/paths";
import { UNUSABLE_LABEL, type Selection, type UnusableReason } from "./trajectories/build-groups";

const SHOWN_GROUPS = 50;
const SHOWN_UNUSABLE = 100;

function spreadText(spread: Spread | null): string {
  return spread
    ? `${formatMetric(spread.min)} / ${formatMetric(spread.mean)} / ${formatMetric(spread.max)} (${formatMetric(spread.std)})`
    : "—";
}

/** Figures of the whole selection, computed once per selection. */
function useFigures(selection: Selection) {
  return useMemo(() => {
    const rewards: number[] = [];
    const spreads = selection.groups.map((group) => {
      const values = group.trajectories.map((t) => t.reward);
      for (const value of values) rewards.push(value);
      return spreadOf(values);
    });
    const flat = spreads.filter((spread) => spread !== null && spread.std === 0 && spread.min === spread.max).length;
    const byReason = new Map<UnusableReason, number>();
    for (const unusable of selection.unusable) byReason.set(unusable.reason, (byReason.get(unusable.reason) ?? 0) + 1);
    // Read from what is sent, so the count is the request's own.
    const fromJudge = selection.groups.reduce(
      (n, group) => n + group.trajectories.filter((t) => String(t.metadata?.reward_source).startsWith("judge:")).length,
      0,
    );
    return { rewards: spreadOf(rewards), trajectories: rewards.length, fromJudge, spreads, flat, byReason };
  }, [selection]);
}

/** What Start would send, in figures: groups, trajectories, the spread of rewards and what is left out. */
export function SelectionSummary({
  selection,
  building,
  judgeName,
}: {
  selection: Selection;
  building: boolean;
  /** The judge version whose verdicts fill in where no one answered; null: the annotators' answers only. */
  judgeName?: string | null;
}) {
  const figures = useFigures(selection);
  return (
    <Section title="Preview" note={building ? "Updating…" : undefined}>
      <section aria-label="The selection">
        <dl className="grid grid-cols-2 gap-3 rounded-lg border border-line bg-surface p-3 text-sm sm:grid-cols-3">
          <Stat label="Groups (gradient steps)" value={formatCount(selection.groups.length)} />
          <Stat label="Trajectories in groups" value={formatCount(figures.trajectories)} />
          <Stat label="Reward min / mean / max (std)" value={spreadText(figures.rewards)} />
          <Stat label="Groups with no spread" value={formatCount(figures.flat)} />
          <Stat label="Groups of one left out" value={formatCount(selection.singletonsDropped)} />
          <Stat label="Calls that cannot be used" value={formatCount(selection.unusable.length)} />
        </dl>
        {judgeName ? (
          <p className="mt-2 text-sm" data-testid="reward-sources">
            Rewards in groups: {formatCount(figures.trajectories - figures.fromJudge)} from people,{" "}
            {formatCount(figures.fromJudge)} from <UntrustedText text={judgeName} />
          </p>
        ) : null}
      </section>
      {figures.flat > 0 ? (
        <p className="text-xs text-fg-muted">
          {figures.flat === 1
            ? "1 group has the same reward throughout: it is sent, but gives no advantage signal."
            : `${formatCount(figures.flat)} of the groups have the same reward throughout: they are sent, but give no advantage signal.`}
        </p>
      ) : null}
      {selection.opsLeftOut > 0 ? (
        <p className="text-xs text-fg-muted">
          {selection.opsLeftOut === 1
            ? "1 call is of an op left out (Conversations)."
            : `${formatCount(selection.opsLeftOut)} calls are of ops left out (Conversations).`}
        </p>
      ) : null}
      {selection.notCounted > 0 ? (
        <p className="text-xs text-fg-muted">
          {selection.notCounted === 1
            ? "1 item is in a state that does not count."
            : `${formatCount(selection.notCounted)} items are in states that do not count.`}
        </p>
      ) : null}
    </Section>
  );
}

/** The groups with each one's reward spread, and every call left out with the reason. */
export function SelectionTables({ selection, queueId }: { selection: Selection; queueId: string }) {
  const figures = useFigures(selection);
  return (
    <Section title="Groups and calls left out">
      {selection.groups.length > 0 ? (
        // A scrolling frame is a stop in the tab order, so keyboard users can scroll it (axe: scrollable-region-focusable).
        <section
          className="relative max-h-[32rem] overflow-auto rounded-lg border border-line focus-visible:outline-2 focus-visible:outline-focus"
          // oxlint-disable-next-line jsx-a11y/no-noninteractive-tabindex
          tabIndex={0}
          aria-label="Trajectory groups"
        >
          <GroupsTable selection={selection} spreads={figures.spreads} />
        </section>
      ) : (
        <p className="rounded-lg border border-line px-3 py-2 text-sm text-fg-muted">
          No groups: nothing to train on with these choices.
        </p>
      )}
      {selection.unusable.length > 0 ? (
        <UnusableCalls selection={selection} byReason={figures.byReason} queueId={queueId} />
      ) : (
        <p className="text-sm text-fg-muted">Every counted call can be used.</p>
      )}
    </Section>
  );
}

function UnusableCalls({
  selection,
  byReason,
  queueId,
}: {
  selection: Selection;
  byReason: ReadonlyMap<UnusableReason, number>;
  queueId: string;
}) {
  return (
    <div className="space-y-2">
      <h3 className="text-sm font-semibold text-fg">Calls that cannot be used</h3>
      <p className="text-xs text-fg-muted">
        {[...byReason].map(([reason, n]) => `${UNUSABLE_LABEL[reason]}: ${formatCount(n)}`).join(" · ")}
      </p>
      <section
        className="relative max-h-96 overflow-auto rounded-lg border border-line focus-visible:outline-2 focus-visible:outline-focus"
        // oxlint-disable-next-line jsx-a11y/no-noninteractive-tabindex
        tabIndex={0}
        aria-label="Calls that cannot be used"
      >
        <UnusableTable selection={selection} queueId={queueId} />
      </section>
      {selection.unusable.length > SHOWN_UNUSABLE ? (
        <p className="text-xs text-fg-muted">…and {formatCount(selection.unusable.length - SHOWN_UNUSABLE)} more.</p>
      ) : null}
    </div>
  );
}

type GroupRow = { index: number; label: string; size: number; spread: Spread | null };
const groupHelper = createDataColumnHelper<GroupRow>();
const GROUP_COLUMNS = groupHelper.columns([
  groupHelper.display({
    id: "number",
    meta: { label: "#", cellClassName: "align-top text-fg-muted tabular-nums" },
    cell: ({ row }) => row.original.index + 1,
  }),
  groupHelper.display({
    id: "group",
    meta: { label: "Group", cellClassName: "max-w-md align-top break-words" },
    cell: ({ row }) => <UntrustedText text={row.original.label} />,
  }),
  groupHelper.display({
    id: "size",
    meta: { label: "Size", align: "right", cellClassName: "align-top tabular-nums" },
    cell: ({ row }) => row.original.size,
  }),
  groupHelper.display({
    id: "spread",
    meta: {
      label: "Reward min / mean / max (std)",
      align: "right",
      cellClassName: "align-top whitespace-nowrap tabular-nums",
    },
    cell: ({ row }) => spreadText(row.original.spread),
  }),
]);

/** The first groups, each with its size and the spread of its rewards. */
function GroupsTable({ selection, spreads }: { selection: Selection; spreads: readonly (Spread | null)[] }) {
  const rows = useMemo(
    () =>
      selection.groups.slice(0, SHOWN_GROUPS).map((group, index) => ({
        index,
        label: selection.groupLabels[index] ?? "",
        size: group.trajectories.length,
        spread: spreads[index] ?? null,
      })),
    [selection, spreads],
  );
  const table = useDataTable({ columns: GROUP_COLUMNS, data: rows, getRowId: (row) => String(row.index) });
  const caption = `${selection.groups.length > SHOWN_GROUPS ? `The first ${SHOWN_GROUPS} of ${formatCount(selection.groups.length)} groups` : "Every group"}, with the spread of its rewards`;
  return (
    <DataTable
      table={table}
      stickyHead
      density="compact"
      caption={caption}
      captionClassName="px-2 py-1.5 text-left text-xs text-fg-muted"
    />
  );
}

type UnusableRow = Selection["unusable"][number];
const unusableHelper = createDataColumnHelper<UnusableRow>();
const UNUSABLE_COLUMNS = unusableHelper.columns([
  unusableHelper.display({
    id: "reason",
    meta: { label: "Reason", cellClassName: "align-top whitespace-nowrap" },
    cell: ({ row }) => UNUSABLE_LABEL[row.original.reason],
  }),
  unusableHelper.display({
    id: "op",
    meta: { label: "Op", cellClassName: "align-top font-mono text-xs" },
    cell: ({ row: { original: unusable } }) =>
      unusable.opName ? <UntrustedText text={parseOpRef(unusable.opName)?.name ?? unusable.opName} /> : "—",
  }),
  unusableHelper.display({
    id: "detail",
    meta: { label: "Detail", cellClassName: "max-w-md align-top break-words text-fg-muted" },
    cell: ({ row }) => <UntrustedText text={row.original.detail} />,
  }),
  unusableHelper.display({
    id: "item",
    meta: { label: "Item", cellClassName: "align-top" },
    cell: ({ row }) => <ReviewLink unusable={row.original} />,
  }),
]);

// The queue whose items the Review links open.
const QueueIdContext = createContext("");

function ReviewLink({ unusable }: { unusable: UnusableRow }) {
  return (
    <Link to={paths.queueItem(use(QueueIdContext), unusable.itemId)} className="text-link underline underline-offset-2">
      Review<span className="sr-only"> the item of call {unusable.callId}</span>
    </Link>
  );
}

/** The first calls that cannot be used, each with the reason and a link to its item. */
function UnusableTable({ selection, queueId }: { selection: Selection; queueId: string }) {
  const rows = useMemo(() => selection.unusable.slice(0, SHOWN_UNUSABLE), [selection]);
  const table = useDataTable({ columns: UNUSABLE_COLUMNS, data: rows, getRowId: (row) => row.itemId });
  const caption = `${selection.unusable.length > SHOWN_UNUSABLE ? `The first ${SHOWN_UNUSABLE} of ${formatCount(selection.unusable.length)} calls that cannot be used` : "Every call that cannot be used"}, with the reason`;
  return (
    <QueueIdContext value={queueId}>
      <DataTable table={table} stickyHead density="compact" caption={caption} />
    </QueueIdContext>
  );
}
