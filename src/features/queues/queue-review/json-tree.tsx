import { createContext, memo, useContext, useMemo, useState } from "react";
import { Button } from "@/components/button";
import { ChevronRightIcon } from "@/components/icons";
import { UntrustedText } from "@/components/untrusted-text";
import { cn } from "@/lib/cn";
import { formatCount } from "@/lib/number-format";
import { FoldedText, VALUE_BUTTON } from "./folded-text";
import {
  CHILDREN_PAGE,
  entriesBetween,
  entryCount,
  isContainer,
  keysOf,
  planOpenNodes,
  summaryOf,
} from "./value-shape";
import { useViewDepth } from "./tree-view-depth";

/** Strings inside the tree fold at this many characters. */
const INLINE_FOLD = 300;
/** Keys longer than this are cut (the whole key is in the JSON text view). */
const KEY_FOLD = 120;
/** Rows the first view may open (breadth first) before it leaves nodes closed. */
const ROW_BUDGET = 250;
type Focus = { node: object; name: string; depth: number };
/** `viewDepth`: the levels this view nests before a node opens on its own (tree-view-depth.ts: the frame's width). */
type Tree = { open: Set<object>; focus: (focus: Focus) => void; label: string; viewDepth: number };
const TreeContext = createContext<Tree | null>(null);

/**
 * An object or array as a tree of disclosure buttons (`aria-expanded`, keyboard included). A
 * closed node renders none of its children; an open one renders its entries a window at a time;
 * long strings fold. What starts open is planned up front within a row budget (value-shape.ts).
 */
export function JsonTree({ value, openDepth, label }: { value: object; openDepth: number; label: string }) {
  const [focus, setFocus] = useState<Focus | null>(null);
  const root = focus?.node ?? value;
  const open = useMemo(() => planOpenNodes(root, focus ? 1 : openDepth, ROW_BUDGET), [root, focus, openDepth]);
  const [viewDepth, measured] = useViewDepth();
  const tree = useMemo<Tree>(() => ({ open, focus: setFocus, label, viewDepth }), [open, label, viewDepth]);
  return (
    <TreeContext value={tree}>
      {focus ? (
        <p className="mb-2 flex flex-wrap items-center gap-2 text-xs text-fg-muted">
          <span>
            Showing <KeyText name={focus.name} /> on its own, at depth {formatCount(focus.depth)}.
          </span>
          <Button size="sm" variant="secondary" onClick={() => setFocus(null)}>
            Back to the top
          </Button>
        </p>
      ) : null}
      <ul ref={measured} className="font-mono text-xs">
        {/* A new root is a new tree: its nodes start from the plan again. */}
        <Entry
          key={focus ? `${focus.depth}:${focus.name}` : "root"}
          value={root}
          depth={focus?.depth ?? 0}
          viewDepth={0}
        />
      </ul>
    </TreeContext>
  );
}

function KeyText({ name }: { name: string }) {
  if (name.length <= KEY_FOLD) return <UntrustedText text={name} className="text-fg" />;
  return (
    <span className="text-fg">
      <UntrustedText text={name.slice(0, KEY_FOLD)} />…
      <span className="text-fg-muted"> ({formatCount(name.length)}-character key)</span>
    </span>
  );
}

function Scalar({ value }: { value: unknown }) {
  const text = value === undefined ? "undefined" : JSON.stringify(value);
  return <span className={typeof value === "number" ? "text-sky-800 dark:text-sky-300" : "text-fg-muted"}>{text}</span>;
}

/** One row: a key and a leaf, or a key and a node that opens. */
const Entry = memo(function Entry({
  name,
  value,
  depth,
  viewDepth,
}: {
  name?: string;
  value: unknown;
  depth: number;
  viewDepth: number;
}) {
  const label = name !== undefined ? <KeyText name={name} /> : null;
  if (isContainer(value)) {
    return (
      <li className="py-0.5">
        <Node name={name} value={value} depth={depth} viewDepth={viewDepth} />
      </li>
    );
  }
  return (
    <li className="py-0.5 break-words">
      {label}
      {label ? <span className="text-fg-muted">: </span> : null}
      {typeof value === "string" ? (
        <FoldedText text={value} fold={INLINE_FOLD} inline label={name ?? "the value"} />
      ) : (
        <Scalar value={value} />
      )}
    </li>
  );
});

function Node({ name, value, depth, viewDepth }: { name?: string; value: object; depth: number; viewDepth: number }) {
  const tree = useContext(TreeContext) as Tree;
  const [open, setOpen] = useState(() => tree.open.has(value));
  const [limit, setLimit] = useState(CHILDREN_PAGE);
  // Listing an object's keys is the one cost that grows with its size: only once, and only for a node on screen.
  const keys = useMemo(() => keysOf(value), [value]);
  const count = entryCount(value, keys);
  const summary = summaryOf(value, count);
  const shownName = name ?? tree.label;

  if (viewDepth >= tree.viewDepth && count > 0) {
    return (
      <span className="inline-flex flex-wrap items-center gap-1">
        {name !== undefined ? <KeyText name={name} /> : null}
        <span className="text-fg-muted">{summary}</span>
        <Button
          size="sm"
          variant="ghost"
          className={VALUE_BUTTON}
          onClick={() => tree.focus({ node: value, name: shownName, depth })}
        >
          Open {shownName.length > KEY_FOLD ? "this level" : <UntrustedText text={shownName} />} on its own
        </Button>
      </span>
    );
  }

  const entries = open ? entriesBetween(value, keys, 0, limit) : [];
  return (
    <>
      <button
        type="button"
        aria-expanded={count > 0 ? open : undefined}
        disabled={count === 0}
        onClick={() => setOpen((v) => !v)}
        // At least 24 px high: a touch target (WCAG 2.2 target size) in a tree of tightly stacked rows.
        className="inline-flex min-h-6 max-w-full items-center gap-1 rounded-sm text-left text-fg-muted hover:text-fg disabled:cursor-default"
      >
        <ChevronRightIcon
          size={12}
          className={cn("shrink-0 self-center transition-transform", open && "rotate-90", count === 0 && "invisible")}
        />
        {name !== undefined ? (
          <span className="min-w-0 break-words">
            <KeyText name={name} />
            <span className="text-fg-muted">:</span>
          </span>
        ) : null}
        <span>{summary}</span>
      </button>
      {open && count > 0 ? (
        // The indent per level is LEVEL_INDENT_PX (tree-view-depth.ts): how many levels a frame's width holds.
        <ul className="ml-1.5 border-l border-line pl-3">
          {entries.map(([key, child]) => (
            <Entry key={key} name={key} value={child} depth={depth + 1} viewDepth={viewDepth + 1} />
          ))}
        </ul>
      ) : null}
      {open && count > limit ? (
        <Button size="sm" variant="ghost" className="ml-4" onClick={() => setLimit((n) => n + CHILDREN_PAGE)}>
          Show {formatCount(Math.min(CHILDREN_PAGE, count - limit))} more of {formatCount(count - limit)}
        </Button>
      ) : null}
    </>
  );
}
