/**
 * Canvas colours per theme (canvas cannot read CSS variables); contrast as the page's text. The raw
 * line sits under the smoothed one, fainter but still readable: at 30% it would vanish on the dark
 * background.
 */
export type ChartColors = { line: string; raw: string; axis: string; grid: string; cursor: string; val: string };

export const CHART_COLORS: Record<"light" | "dark", ChartColors> = {
  light: {
    line: "#4338ca",
    raw: "rgba(67, 56, 202, 0.35)",
    axis: "#52525b",
    grid: "#e4e4e7",
    cursor: "#18181b",
    val: "#c2410c",
  },
  dark: {
    line: "#a5b4fc",
    raw: "rgba(165, 180, 252, 0.55)",
    axis: "#a1a1aa",
    grid: "#27272a",
    cursor: "#f4f4f5",
    val: "#fb923c",
  },
};

/** Validation series are dashed (one evaluation every so many steps, joined), the training series solid. */
export const VAL_DASH = [4, 3];

/** Whether this environment can draw on a canvas (jsdom, used by component tests, cannot). */
export function canDrawCharts(): boolean {
  if (typeof navigator !== "undefined" && /jsdom/i.test(navigator.userAgent)) return false;
  return typeof HTMLCanvasElement !== "undefined";
}
