import { memo } from "react";
import { FoldedText } from "./folded-text";
import { JsonTree } from "./json-tree";
import { isContainer } from "./value-shape";

/** Long text starts folded at this many characters. */
const TEXT_FOLD = 1200;

/**
 * Any value from a call, readable and never as HTML: text wraps and keeps its line breaks, long
 * text folds, objects and arrays become a tree of disclosure buttons (open to `openDepth` levels,
 * within a row budget). Whatever its size or depth, what is rendered stays bounded.
 */
export const ValueView = memo(function ValueView({
  value,
  openDepth = 2,
  label = "the value",
}: {
  value: unknown;
  openDepth?: number;
  label?: string;
}) {
  if (typeof value === "string") return <FoldedText text={value} fold={TEXT_FOLD} label={label} />;
  if (isContainer(value)) return <JsonTree value={value} openDepth={openDepth} label={label} />;
  return (
    <span className="font-mono text-xs text-fg-muted">{value === undefined ? "undefined" : JSON.stringify(value)}</span>
  );
});
