import { useId, type ReactNode } from "react";
import { SortIcon } from "../icons";
import { cn } from "@/lib/cn";
import { ordinal } from "@/lib/number-format";
import type { SortDirection } from "@/lib/url-state/sort-param";
import type { Align } from "./table";

const ARIA_SORT = { asc: "ascending", desc: "descending" } as const;
const WORDS = { asc: "ascending", desc: "descending" } as const;

type Props = {
  children: ReactNode;
  /** The column's direction, or false when the table is not sorted by it. */
  direction: SortDirection | false;
  onSort: (event: React.MouseEvent<HTMLButtonElement>) => void;
  /** With several sort keys: this column's rank (0 = primary) and how many keys there are. */
  rank?: number;
  sortCount?: number;
  /** What activating the button does, for screen readers and as a tooltip (e.g. Shift+click adds a key). */
  hint?: string;
  align?: Align;
  className?: string;
};

/**
 * A column header that sorts: a <button> inside the <th>, so the keyboard sorts too. `aria-sort`
 * goes on the primary key's header only, as ARIA asks; with several keys each shows its rank, and
 * the button's description says the column's sort state in words.
 */
export function SortHeaderCell({
  children,
  direction,
  onSort,
  rank = 0,
  sortCount = direction ? 1 : 0,
  hint,
  align = "left",
  className,
}: Props) {
  const descriptionId = useId();
  const state = direction
    ? `Sorted ${WORDS[direction]}${sortCount > 1 ? `, ${ordinal(rank + 1)} of ${sortCount} sort keys` : ""}.`
    : "Not sorted.";
  return (
    <th
      scope="col"
      aria-sort={direction && rank === 0 ? ARIA_SORT[direction] : undefined}
      className={cn(
        "px-1.5 py-1 font-medium whitespace-nowrap first:pl-2.5 last:pr-2.5",
        align === "right" && "text-right",
        className,
      )}
    >
      <button
        type="button"
        onClick={onSort}
        aria-describedby={descriptionId}
        title={hint}
        className={cn(
          "inline-flex h-7 items-center gap-1 rounded-md px-1.5 hover:bg-subtle hover:text-fg",
          direction ? "text-fg" : "text-fg-muted",
          align === "right" && "flex-row-reverse",
        )}
      >
        {children}
        <SortIcon
          size={12}
          direction={direction || undefined}
          className={cn("shrink-0", direction ? "" : "opacity-50")}
        />
        {direction && sortCount > 1 ? (
          <span
            aria-hidden="true"
            className="min-w-4 rounded-sm bg-accent/15 px-1 text-[10px] leading-4 font-semibold text-fg tabular-nums dark:bg-accent/35"
          >
            {rank + 1}
          </span>
        ) : null}
      </button>
      <span id={descriptionId} hidden>
        {state}
        {hint ? ` ${hint}` : ""}
      </span>
    </th>
  );
}
