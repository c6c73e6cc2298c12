import type { Part } from "./options";

export type Verdict = "pass" | "fail" | "n/a" | "not built yet" | "error";

/** One line of the summary table (the one the README shows). */
export type SummaryRow = { benchmark: string; result: string; budget: string; verdict: Verdict };

/** What a part hands back: its numbers (JSON), its section of the Markdown file, its summary lines. */
export type PartReport = {
  part: Part;
  status: "ok" | "error";
  seconds: number;
  /** 1-minute load average when the part started. */
  loadAverageAtStart: number;
  summary: SummaryRow[];
  markdown: string;
  data: unknown;
  error?: string;
};

export type PartOutput = Pick<PartReport, "summary" | "markdown" | "data">;

const escape = (cell: string | number) => String(cell).replaceAll("|", "\\|").replaceAll("\n", " ");
const line = (cells: readonly (string | number)[]) => `| ${cells.map(escape).join(" | ")} |`;

export function table(headers: readonly string[], rows: readonly (readonly (string | number)[])[]): string {
  return [line(headers), line(headers.map(() => "---")), ...rows.map(line)].join("\n");
}

export const ms = (value: number | null | undefined) =>
  value === null || value === undefined || Number.isNaN(value)
    ? "—"
    : value >= 100
      ? `${Math.round(value)} ms`
      : `${value.toFixed(1)} ms`;

export const count = (value: number) => value.toLocaleString("en-US");

export const verdictMark = (verdict: Verdict) =>
  ({ pass: "✅ pass", fail: "❌ fail", "n/a": "—", "not built yet": "⏳ not built yet", error: "⚠️ error" })[verdict];

/** The verdict of a measured value against an upper budget (none: n/a). */
export function against(value: number, budget: number | undefined): Verdict {
  if (budget === undefined) return "n/a";
  return value < budget ? "pass" : "fail";
}
