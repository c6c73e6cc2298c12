/**
 * Colours of the annotators in the completions chart, per theme (a canvas cannot read CSS
 * variables). Eight distinguishable hues (Okabe-Ito-like order), each with 3:1 contrast or more
 * against the chart's background; after eight they repeat (the legend and the table still tell).
 */
export const ANNOTATOR_COLORS: Record<"light" | "dark", readonly string[]> = {
  light: ["#4338ca", "#c2410c", "#047857", "#be185d", "#0369a1", "#a16207", "#6d28d9", "#3f3f46"],
  dark: ["#a5b4fc", "#fdba74", "#6ee7b7", "#f9a8d4", "#7dd3fc", "#fde047", "#c4b5fd", "#d4d4d8"],
};

export const AXIS_COLORS = {
  light: { axis: "#52525b", grid: "#e4e4e7" },
  dark: { axis: "#a1a1aa", grid: "#27272a" },
} as const;

export const annotatorColor = (theme: "light" | "dark", index: number): string =>
  ANNOTATOR_COLORS[theme][index % ANNOTATOR_COLORS[theme].length] as string;

/** Whether this environment can draw on a canvas (jsdom, used by component tests, cannot). */
export function canDrawCharts(): boolean {
  if (typeof navigator !== "undefined" && /jsdom/i.test(navigator.userAgent)) return false;
  return typeof HTMLCanvasElement !== "undefined";
}
