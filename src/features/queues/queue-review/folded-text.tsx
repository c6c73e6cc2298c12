import { useState } from "react";
import { Button } from "@/components/button";
import { UntrustedProse, UntrustedText } from "@/components/untrusted-text";
import { cn } from "@/lib/cn";
import { formatCount } from "@/lib/number-format";
import { LinesView } from "./lines-view";

/** Text up to this long can be shown in full in the page; longer text opens in the windowed viewer. */
export const RENDER_IN_PAGE_MAX = 20_000;
/** What each "Show more" adds. */
const MORE_STEP = 10_000;

/** Ends a slice before a lone half of a surrogate pair, so a cut never shows a broken character. */
function cutAt(text: string, end: number): string {
  const code = text.charCodeAt(end - 1);
  return text.slice(0, code >= 0xd800 && code <= 0xdbff ? end - 1 : end);
}

/** Small text buttons inside a value: they wrap on a narrow screen instead of widening the page. */
export const VALUE_BUTTON = "h-auto! min-h-6 px-1 py-0.5 text-left whitespace-normal!";

const chars = (n: number) => `${formatCount(n)} ${n === 1 ? "character" : "characters"}`;

/**
 * A string from a call, folded: the first `fold` characters, then "Show more" with the size. A
 * text too long for the page (a 5 MB answer) opens in the windowed viewer instead of being laid
 * out whole. `inline` shows it as a JSON string inside the value tree; `block` as wrapped prose.
 * Either way it is text, isolated, with hidden bidirectional controls shown.
 */
export function FoldedText({
  text,
  fold,
  inline = false,
  label,
  tone = "text-fg",
}: {
  text: string;
  fold: number;
  inline?: boolean;
  label: string;
  tone?: string;
}) {
  const [shown, setShown] = useState(fold);
  const [inViewer, setInViewer] = useState(false);
  const folded = text.length > shown;
  const visible = folded ? cutAt(text, shown) : text;
  const body = inline ? JSON.stringify(visible).slice(0, folded ? -1 : undefined) : visible;
  return (
    <>
      {/* Prose reads in its own direction, paragraph by paragraph (an Arabic answer right to left); a JSON string stays in the tree's. */}
      {inline ? (
        <span className="font-mono text-xs break-words whitespace-pre-wrap text-emerald-800 dark:text-emerald-300">
          <UntrustedText text={body} mode="controls" />
          {folded ? "…" : null}
        </span>
      ) : (
        <UntrustedProse
          text={folded ? `${body}…` : body}
          mode="controls"
          className={cn("text-sm leading-6 break-words whitespace-pre-wrap", tone)}
        />
      )}
      {text.length > fold ? (
        <span className={cn("flex flex-wrap items-center gap-x-1", inline ? "ml-1 inline-flex align-middle" : "mt-1")}>
          {folded && text.length <= RENDER_IN_PAGE_MAX ? (
            <Button size="sm" variant="ghost" className={VALUE_BUTTON} onClick={() => setShown(text.length)}>
              Show all ({chars(text.length)})
            </Button>
          ) : null}
          {folded && text.length > RENDER_IN_PAGE_MAX && shown < RENDER_IN_PAGE_MAX ? (
            <Button
              size="sm"
              variant="ghost"
              className={VALUE_BUTTON}
              onClick={() => setShown((n) => Math.min(n + MORE_STEP, RENDER_IN_PAGE_MAX))}
            >
              Show more ({formatCount(shown)} of {chars(text.length)})
            </Button>
          ) : null}
          {text.length > RENDER_IN_PAGE_MAX ? (
            <Button
              size="sm"
              variant="ghost"
              className={VALUE_BUTTON}
              aria-expanded={inViewer}
              onClick={() => setInViewer((v) => !v)}
            >
              {inViewer ? "Close the whole text" : `Open the whole text (${chars(text.length)})`}
            </Button>
          ) : null}
          {!folded ? (
            <Button size="sm" variant="ghost" className={VALUE_BUTTON} onClick={() => setShown(fold)}>
              Show less
            </Button>
          ) : null}
        </span>
      ) : null}
      {inViewer ? (
        <LinesView value={text} as="text" label={`The whole text of ${label}`} className={inline ? "my-1" : "mt-2"} />
      ) : null}
    </>
  );
}
