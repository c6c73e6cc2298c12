import { createContext, use, type ComponentPropsWithoutRef, type ComponentPropsWithRef, type ReactNode } from "react";
import { cn } from "@/lib/cn";

/**
 * The app's table primitives: every table is a real <table> (row and column headers, a caption),
 * in a frame that scrolls sideways on narrow screens, with one set of paddings. `compact` is for
 * dense data (the items table, the catalog): smaller text and shorter rows. `fixed` is for a
 * windowed body whose rows all have one set height (the event log): no vertical padding. `bare`
 * is for a small table drawn as a chart (a bar per row): the columns set their own padding.
 */

export type Density = "regular" | "compact" | "fixed" | "bare";
export type Align = "left" | "right";

const DensityContext = createContext<Density>("regular");

const PAD_X = "px-3 first:pl-4 last:pr-4";
const padX = (density: Density) => (density === "bare" ? "" : PAD_X);
const PAD_Y: Record<Density, string> = { regular: "py-2.5", compact: "py-1.5", fixed: "", bare: "" };
const TEXT: Record<Density, string> = { regular: "text-sm", compact: "text-[13px]", fixed: "text-xs", bare: "text-xs" };

/**
 * A sticky column's right edge, so the columns scrolling under it do not seem to run into it. A
 * pseudo-element, not a border: a collapsed table (`border-collapse`) paints its borders itself,
 * and they stay where they were while the cell sticks.
 */
export const STICKY_EDGE =
  "after:pointer-events-none after:absolute after:inset-y-0 after:right-0 after:w-px after:bg-line-strong";

/**
 * Keeps a table's first column (what names each row) in view while the table scrolls sideways
 * inside its frame, as on a phone. Opaque backgrounds, so the cells scrolling under it are hidden.
 */
export const STICKY_FIRST_COLUMN = {
  header: `sticky left-0 z-[2] bg-subtle ${STICKY_EDGE}`,
  cell: `sticky left-0 z-[1] bg-surface group-hover:bg-subtle ${STICKY_EDGE}`,
} as const;

/**
 * A row's tick box and the cell after it (what names the row), both kept in view while the rest
 * scroll sideways under them, as on a phone. The tick box column has a set width so the next one
 * knows where to stick; its cells are plain <th>/<td> (the kit's cells pad the first column).
 * Each sticky cell needs an opaque background: `STICKY_BACKGROUND`, or a row's own tint made opaque.
 */
export const STICKY_TICK_COLUMN = "sticky left-0 z-[1] w-10 min-w-10 px-0 text-center";
export const STICKY_AFTER_TICK = `sticky left-10 z-[1] ${STICKY_EDGE}`;
export const STICKY_BACKGROUND = { header: "bg-subtle", cell: "bg-surface group-hover:bg-subtle" } as const;

/**
 * A frame that scrolls both ways, at most the window's height less room for what follows the
 * table (its pagination). The frame must scroll up and down as well for a sticky header to work:
 * `overflow-x: auto` makes it the scroll box of every sticky cell inside it (CSS turns its
 * `overflow-y` into `auto` too), so a header sticking to the page's scroll never moves. A long
 * table then scrolls inside the frame, its header row (`<TableHead sticky>`) and first column
 * (`STICKY_FIRST_COLUMN`, or the tick box ones) in view.
 */
export const SCROLL_BOTH_FRAME = "max-h-[calc(100dvh-6rem)] overflow-auto overscroll-x-contain";

/** The sticky header row's height, set on its frame by keepFrameClearOfHead. */
const TABLE_HEAD_HEIGHT = "--table-head-height";
/**
 * What is scrolled into view in the body (a row focused by j/k, a control reached by Tab) stops that far below the
 * top of each scroll box. 0 without a sticky header, which also keeps a frame from inheriting an outer frame's height.
 */
const TABLE_BODY_CLEARS_HEAD = "[--table-head-height:0px] [&_tbody_*]:scroll-mt-(--table-head-height)";

/**
 * The bordered box around a table. `relative`: screen-reader-only text (absolutely placed) stays
 * inside the scroll box. `scroll="both"` for long tables: see SCROLL_BOTH_FRAME.
 */
export function TableFrame({
  className,
  scroll = "sideways",
  ...props
}: ComponentPropsWithRef<"div"> & { scroll?: "sideways" | "both" }) {
  return (
    <div
      {...props}
      data-table-frame={scroll}
      className={cn(
        "relative overflow-x-auto rounded-lg border border-line bg-surface",
        TABLE_BODY_CLEARS_HEAD,
        scroll === "both" && SCROLL_BOTH_FRAME,
        className,
      )}
    />
  );
}

type TableProps = Omit<ComponentPropsWithRef<"table">, "children"> & {
  /** Read by screen readers only (unless `captionClassName` shows it); or name the table with aria-label / aria-labelledby instead. */
  caption?: ReactNode;
  captionClassName?: string;
  density?: Density;
  children: ReactNode;
};

export function Table({
  caption,
  captionClassName = "sr-only",
  density = "regular",
  className,
  children,
  ...props
}: TableProps) {
  return (
    <DensityContext value={density}>
      <table {...props} className={cn("w-full text-left", TEXT[density], className)}>
        {caption ? <caption className={captionClassName}>{caption}</caption> : null}
        {children}
      </table>
    </DensityContext>
  );
}

/**
 * The header row; `sticky` keeps it in view while the table scrolls inside its own box, opaque,
 * with its lower edge drawn by each cell (a collapsed table's own border would stay behind).
 */
export function TableHead({
  children,
  sticky = false,
  rowProps,
  className,
}: {
  children: ReactNode;
  sticky?: boolean;
  rowProps?: ComponentPropsWithoutRef<"tr">;
  className?: string;
}) {
  return (
    <thead
      ref={sticky ? keepFrameClearOfHead : undefined}
      className={cn(
        "border-b border-line text-xs text-fg-muted",
        sticky ? "sticky top-0 z-10 bg-subtle [&_th]:shadow-[inset_0_-1px_0_var(--ui-line-strong)]" : "bg-subtle/60",
        className,
      )}
    >
      <tr {...rowProps}>{children}</tr>
    </thead>
  );
}

/**
 * A sticky header row covers the top of its frame: a row the browser scrolls into view (a focused row's
 * `scrollIntoView`, j/k in a table) must stop below it, not under it. The page scrolls too: a row focused at the
 * top of a frame whose top is above the window (the page scrolled to its end) must bring the header into view
 * with it. So the scroll margin of every element in the body is the header's height (`--table-head-height`, read by
 * TABLE_BODY_CLEARS_HEAD), which every scroll box honours, the frame and the page alike; the frame's scroll padding
 * would be the frame's alone. Kept as the header's height changes (a wrapped title, a larger text size). The first
 * measure is the observer's own, after layout, so mounting a table forces none.
 */
function keepFrameClearOfHead(head: HTMLTableSectionElement | null) {
  const frame = head?.closest<HTMLElement>("[data-table-frame]");
  if (!head || !frame || typeof ResizeObserver === "undefined") return;
  const observer = new ResizeObserver(() => {
    frame.style.setProperty(TABLE_HEAD_HEIGHT, `${head.offsetHeight}px`);
  });
  observer.observe(head);
  return () => {
    observer.disconnect();
    frame.style.removeProperty(TABLE_HEAD_HEIGHT);
  };
}

type HeaderCellProps = ComponentPropsWithRef<"th"> & { align?: Align };

/** A column header. For a column without a visible title (actions), pass an sr-only label as children. */
export function HeaderCell({ align = "left", className, ...props }: HeaderCellProps) {
  const density = use(DensityContext);
  return (
    <th
      scope="col"
      {...props}
      className={cn(
        padX(density),
        density !== "fixed" && density !== "bare" && "py-2",
        "font-medium whitespace-nowrap",
        align === "right" && "text-right",
        className,
      )}
    />
  );
}

/** A body row; rows that open something on click add `cursor-pointer` themselves. */
export function BodyRow({ className, ...props }: ComponentPropsWithRef<"tr">) {
  return <tr {...props} className={cn("group border-b border-line last:border-b-0 hover:bg-subtle/60", className)} />;
}

type CellProps = ComponentPropsWithRef<"td"> & { align?: Align };

export function Cell({ align = "left", className, ...props }: CellProps) {
  const density = use(DensityContext);
  return <td {...props} className={cn(padX(density), PAD_Y[density], align === "right" && "text-right", className)} />;
}

/** The cell that names its row (a model's id, a checkpoint's step): a row header for screen readers. */
export function RowHeaderCell({
  align = "left",
  sticky = false,
  className,
  ...props
}: ComponentPropsWithRef<"th"> & { align?: Align; sticky?: boolean }) {
  const density = use(DensityContext);
  return (
    <th
      scope="row"
      {...props}
      className={cn(
        padX(density),
        PAD_Y[density],
        align === "right" ? "text-right" : "text-left",
        sticky && STICKY_FIRST_COLUMN.cell,
        className,
      )}
    />
  );
}

/** One cell across the whole row: the table's empty, loading or error state. */
export function StateRow({ colSpan, children }: { colSpan: number; children: ReactNode }) {
  return (
    <tr>
      <td colSpan={colSpan} className="px-4 py-8 text-center text-sm text-fg-muted">
        {children}
      </td>
    </tr>
  );
}

/** An empty row standing in for rows a windowed body does not render, so the scrollbar and positions stay true. */
export function SpacerRow({ height, colSpan }: { height: number; colSpan: number }) {
  return (
    <tr aria-hidden="true" style={{ height }}>
      <td colSpan={colSpan} aria-hidden="true" className="p-0" />
    </tr>
  );
}
