import { observeElementRect, useVirtualizer } from "@tanstack/react-virtual";
import { useEffect, useLayoutEffect, useMemo, useRef, useState, type RefObject } from "react";
import { UntrustedText } from "@/components/untrusted-text";
import { cn } from "@/lib/cn";
import { formatCount } from "@/lib/number-format";
import { jsonLines, lineOfRow, rowStarts, textLines } from "./value-lines";

const ROW_HEIGHT = 20;
const MAX_HEIGHT = 448;
/** Longest slice of work between two frames while the lines are produced. */
const SLICE_MS = 12;
/** Where layout reports no width (jsdom), lines wrap at this many characters. */
const FALLBACK_COLUMNS = 100;

type Produced = { lines: string[]; count: number; done: boolean };

/**
 * Lines of a value, produced in slices of at most SLICE_MS with a macrotask between them, so a
 * 5 MB value keeps the page answering (the view grows while the rest is formatted).
 */
function useLines(value: unknown, as: "json" | "text"): Produced {
  const [produced, setProduced] = useState<Produced>({ lines: [], count: 0, done: false });
  useEffect(() => {
    const source = as === "text" ? textLines(value as string) : jsonLines(value);
    const lines: string[] = [];
    let timer: ReturnType<typeof setTimeout> | undefined;
    const slice = () => {
      const done = source.extend(lines, performance.now() + SLICE_MS);
      setProduced({ lines, count: lines.length, done });
      if (!done) timer = setTimeout(slice, 0);
    };
    timer = setTimeout(slice, 0);
    return () => clearTimeout(timer);
  }, [value, as]);
  return produced;
}

/** How many monospace characters fit across the box: lines wrap there. */
function useColumns(box: RefObject<HTMLElement | null>, probe: RefObject<HTMLElement | null>): number {
  const [columns, setColumns] = useState(FALLBACK_COLUMNS);
  useLayoutEffect(() => {
    const element = box.current;
    const sample = probe.current;
    if (!element || !sample) return;
    const measure = () => {
      const charWidth = sample.getBoundingClientRect().width / 10;
      // The gutter of line numbers and the padding take about 7 characters.
      const fit = charWidth > 0 ? Math.floor(element.clientWidth / charWidth) - 7 : FALLBACK_COLUMNS;
      setColumns(Math.max(20, fit));
    };
    measure();
    if (typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [box, probe]);
  return columns;
}

/**
 * A whole value as text lines, windowed: only the rows in view are in the page, long lines wrap
 * into rows, and the lines are produced a slice at a time (value-lines.ts). Stays responsive for
 * a 5 MB string or 200,000 leaves, where laying out the whole text would take seconds.
 */
export function LinesView({
  value,
  as,
  label,
  className,
}: {
  value: unknown;
  as: "json" | "text";
  label: string;
  className?: string;
}) {
  const { lines, count, done } = useLines(value, as);
  const scroller = useRef<HTMLElement>(null);
  const probe = useRef<HTMLSpanElement>(null);
  const columns = useColumns(scroller, probe);
  // `count` marks new lines in the same array.
  const starts = useMemo(() => rowStarts(lines, columns, count), [lines, count, columns]);
  const rows = starts[starts.length - 1] ?? 0;
  const height = Math.min(MAX_HEIGHT, Math.max(rows, 1) * ROW_HEIGHT + 16);
  // TanStack Virtual keeps its state in a mutable instance; this app does not use the React Compiler.
  // oxlint-disable-next-line react/incompatible-library
  const virtualizer = useVirtualizer({
    count: rows,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 10,
    paddingStart: 8,
    paddingEnd: 8,
    initialRect: { width: 800, height: MAX_HEIGHT },
    // The box has a fixed height; where layout reports none (jsdom), assume the most it can have.
    observeElementRect: (instance, callback) =>
      observeElementRect(instance, (rect) =>
        callback(rect.height > 0 ? rect : { width: rect.width, height: MAX_HEIGHT }),
      ),
  });

  return (
    <div className={cn("min-w-0", className)}>
      <p className="mb-1 text-xs text-fg-muted tabular-nums" aria-live="polite">
        {formatCount(count)} {count === 1 ? "line" : "lines"}
        {done ? "" : ", formatting the rest…"}
      </p>
      <section
        ref={scroller}
        aria-label={label}
        // Keyboard users scroll the text with the arrow keys once it has focus.
        // oxlint-disable-next-line jsx-a11y/no-noninteractive-tabindex
        tabIndex={0}
        style={{ height }}
        className="relative overflow-auto rounded-md border border-line bg-subtle font-mono text-xs text-fg"
      >
        <span ref={probe} aria-hidden="true" className="invisible absolute whitespace-pre">
          0000000000
        </span>
        <div style={{ height: virtualizer.getTotalSize() }} className="relative">
          {virtualizer.getVirtualItems().map((item) => {
            const line = lineOfRow(starts, item.index);
            const offset = (item.index - (starts[line] as number)) * columns;
            const text = (lines[line] as string).slice(offset, offset + columns);
            return (
              <div
                key={item.index}
                style={{ transform: `translateY(${item.start}px)`, height: ROW_HEIGHT }}
                className="absolute top-0 left-0 flex w-full leading-5"
              >
                <span aria-hidden="true" className="w-12 shrink-0 pr-3 text-right text-fg-muted select-none">
                  {offset === 0 ? line + 1 : "↪"}
                </span>
                <span className="whitespace-pre">
                  <UntrustedText text={text} />
                </span>
              </div>
            );
          })}
        </div>
      </section>
    </div>
  );
}
