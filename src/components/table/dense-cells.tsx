import { createContext, useContext, useEffect, useRef, useState, type ReactNode, type RefObject } from "react";
import { CopyIcon } from "../icons";
import { UntrustedText } from "../untrusted-text";
import { cn } from "@/lib/cn";
import { revealHiddenCharacters } from "@/lib/hidden-characters";
import { formatExactTime, formatTimeAgo, parseTimestamp } from "@/lib/relative-time";

/**
 * Cells for tables of hundreds of rows. The shared RelativeTime and CopyButton each keep their own
 * state, timer and tooltip; 250 rows hold 500 of them, and mounting those is most of the cost of a
 * page change. Here the table keeps one clock, one tooltip and one copy handler, and each cell is
 * plain markup: hover shows `title`, keyboard focus shows the same text in the table's tooltip.
 */

// Outside a NowProvider the time is that of the page load; tables always provide a clock.
const NowContext = createContext<Date>(new Date());

/** One clock for every time cell below it, so "2 minutes ago" stays true. */
export function NowProvider({ children, intervalMs = 30_000 }: { children: ReactNode; intervalMs?: number }) {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const id = setInterval(() => setNow(new Date()), intervalMs);
    return () => clearInterval(id);
  }, [intervalMs]);
  return <NowContext value={now}>{children}</NowContext>;
}

/** "5 minutes ago" in a focusable <time>; the exact time on hover and on focus (data-tip). */
export function TimeCell({ value }: { value: string }) {
  const now = useContext(NowContext);
  const date = parseTimestamp(value);
  if (!date) return <span>{value}</span>;
  const exact = formatExactTime(date);
  return (
    // Focusable so keyboard users reach the exact time that mouse users get on hover.
    // oxlint-disable-next-line jsx-a11y/no-noninteractive-tabindex
    <time dateTime={date.toISOString()} title={exact} data-tip={exact} tabIndex={0} className="rounded-sm">
      {formatTimeAgo(date, now)}
    </time>
  );
}

/** A short untrusted text (isolated, hidden characters shown) with its full value on hover and focus. */
export function TipText({ text, full, className }: { text: string; full: string; className?: string }) {
  if (text === full) {
    return (
      <span className={cn("block truncate", className)}>
        <UntrustedText text={text} />
      </span>
    );
  }
  const tip = revealHiddenCharacters(full);
  return (
    // oxlint-disable-next-line jsx-a11y/no-noninteractive-tabindex
    <span tabIndex={0} title={tip} data-tip={tip} className={cn("block truncate rounded-sm", className)}>
      <UntrustedText text={text} />
    </span>
  );
}

/** A copy button handled by the table (see useTableCopy): `text` goes to the clipboard. */
export function CopyCell({ text, label }: { text: string; label: string }) {
  return (
    <button
      type="button"
      data-copy={text}
      data-copy-label={label}
      aria-label={label}
      title={label}
      className="inline-flex size-6 shrink-0 items-center justify-center rounded-md text-fg-muted hover:bg-subtle hover:text-fg"
    >
      <CopyIcon size={13} />
    </button>
  );
}

/**
 * The table's copy handler (one click listener for every CopyCell) and what to announce. Returns
 * the message for a live region: "Copied call ID …", or how to copy by hand when the browser refuses.
 */
export function useTableCopy(container: RefObject<HTMLElement | null>) {
  const [message, setMessage] = useState("");
  useEffect(() => {
    const root = container.current;
    if (!root) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onClick = (event: MouseEvent) => {
      const button = event.target instanceof Element ? event.target.closest<HTMLElement>("[data-copy]") : null;
      if (!button || !root.contains(button)) return;
      const text = button.dataset.copy ?? "";
      const label = (button.dataset.copyLabel ?? "Copy").replace(/^Copy\s*/, "");
      navigator.clipboard.writeText(text).then(
        () => setMessage(`Copied ${label}`),
        () => setMessage("Could not copy: select the text and copy it by hand"),
      );
      clearTimeout(timer);
      timer = setTimeout(() => setMessage(""), 2500);
    };
    root.addEventListener("click", onClick);
    return () => {
      root.removeEventListener("click", onClick);
      clearTimeout(timer);
    };
  }, [container]);
  return message;
}

/**
 * One tooltip for a whole table: when an element with `data-tip` gets keyboard focus, or is
 * tapped on a touch screen (which has no hover), its text shows under it. (Mouse users get the
 * same text from `title`.)
 */
export function FocusTip({ container }: { container: RefObject<HTMLElement | null> }) {
  const [tip, setTip] = useState<{ text: string; top: number; left: number } | null>(null);
  const tipRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const root = container.current;
    if (!root) return;
    // A tap focuses without :focus-visible; the pointer event that comes first says it was a touch.
    let touched = false;
    const onPointerDown = (event: PointerEvent) => {
      touched = event.pointerType === "touch";
    };
    const onFocusIn = (event: FocusEvent) => {
      const target = event.target instanceof HTMLElement ? event.target : null;
      const text = target?.dataset.tip;
      const byTouch = touched;
      touched = false;
      if (!target || !text || !(byTouch || target.matches(":focus-visible"))) {
        setTip(null);
        return;
      }
      const box = target.getBoundingClientRect();
      const frame = root.getBoundingClientRect();
      setTip({ text, top: box.bottom - frame.top + root.scrollTop + 4, left: box.left - frame.left + root.scrollLeft });
    };
    const onFocusOut = () => setTip(null);
    root.addEventListener("pointerdown", onPointerDown);
    root.addEventListener("focusin", onFocusIn);
    root.addEventListener("focusout", onFocusOut);
    return () => {
      root.removeEventListener("pointerdown", onPointerDown);
      root.removeEventListener("focusin", onFocusIn);
      root.removeEventListener("focusout", onFocusOut);
    };
  }, [container]);
  if (!tip) return null;
  return (
    <div
      ref={tipRef}
      aria-hidden="true"
      style={{ top: tip.top, left: tip.left }}
      className="pointer-events-none absolute z-20 max-w-md rounded-md border border-line bg-surface px-2 py-1 font-mono text-xs break-all text-fg shadow-md"
    >
      {tip.text}
    </div>
  );
}
