import { memo, useState } from "react";
import { Button } from "../../../components/button";
import { cn } from "../../../lib/cn";
import { formatCount } from "../shared/format";

/** Long text starts folded at this many characters; "Show all" unfolds it. */
const TEXT_FOLD = 1200;
/** Children of one object or array shown before "Show more". */
const CHILDREN_PAGE = 100;

/**
 * Any value from a call, readable and never as HTML: text wraps and keeps its line breaks, long
 * text folds, objects and arrays become a collapsible tree (open to `openDepth`).
 */
export const ValueView = memo(function ValueView({ value, openDepth = 2 }: { value: unknown; openDepth?: number }) {
  if (typeof value === "string") return <TextValue text={value} />;
  if (value !== null && typeof value === "object") return <JsonNode value={value} depth={0} openDepth={openDepth} />;
  return <Scalar value={value} />;
});

function TextValue({ text }: { text: string }) {
  const [expanded, setExpanded] = useState(false);
  const folded = text.length > TEXT_FOLD && !expanded;
  return (
    <div>
      <p className="text-sm leading-6 break-words whitespace-pre-wrap text-fg">{folded ? `${text.slice(0, TEXT_FOLD)}…` : text}</p>
      {text.length > TEXT_FOLD ? (
        <Button size="sm" variant="ghost" className="mt-1 px-1" onClick={() => setExpanded((v) => !v)}>
          {expanded ? "Show less" : `Show all (${formatCount(text.length)} characters)`}
        </Button>
      ) : null}
    </div>
  );
}

function Scalar({ value }: { value: unknown }) {
  const text = value === undefined ? "undefined" : JSON.stringify(value);
  return <span className={cn("font-mono text-xs", typeof value === "number" ? "text-sky-800 dark:text-sky-300" : "text-fg-muted")}>{text}</span>;
}

function InlineString({ text }: { text: string }) {
  return <span className="font-mono text-xs break-words whitespace-pre-wrap text-emerald-800 dark:text-emerald-300">{JSON.stringify(text)}</span>;
}

function summary(value: object): string {
  if (Array.isArray(value)) return `[${formatCount(value.length)} ${value.length === 1 ? "item" : "items"}]`;
  const n = Object.keys(value).length;
  return `{${formatCount(n)} ${n === 1 ? "key" : "keys"}}`;
}

/** An object or array as a native <details> tree: each level collapses on its own, keyboard included. */
function JsonNode({ value, depth, openDepth, name }: { value: object; depth: number; openDepth: number; name?: string }) {
  const [limit, setLimit] = useState(CHILDREN_PAGE);
  const entries = Array.isArray(value) ? value.map((v, i) => [String(i), v] as const) : Object.entries(value);
  return (
    <details open={depth < openDepth} className="group/json">
      <summary className="cursor-pointer rounded-sm font-mono text-xs text-fg-muted select-none hover:text-fg">
        {name !== undefined ? <span className="text-fg">{name}: </span> : null}
        {summary(value)}
      </summary>
      <ul className="ml-2 border-l border-line pl-3">
        {entries.slice(0, limit).map(([key, child]) => (
          <li key={key} className="py-0.5">
            {child !== null && typeof child === "object" ? (
              <JsonNode value={child} depth={depth + 1} openDepth={openDepth} name={key} />
            ) : (
              <span className="font-mono text-xs">
                <span className="text-fg">{key}: </span>
                {typeof child === "string" ? <InlineString text={child} /> : <Scalar value={child} />}
              </span>
            )}
          </li>
        ))}
      </ul>
      {entries.length > limit ? (
        <Button size="sm" variant="ghost" className="ml-5" onClick={() => setLimit((n) => n + CHILDREN_PAGE)}>
          Show {formatCount(Math.min(CHILDREN_PAGE, entries.length - limit))} more of {formatCount(entries.length - limit)}
        </Button>
      ) : null}
    </details>
  );
}
