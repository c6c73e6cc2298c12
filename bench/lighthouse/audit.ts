import type { Result } from "lighthouse";

export type CategoryId = "performance" | "accessibility" | "best-practices";
export const CATEGORIES: readonly CategoryId[] = ["performance", "accessibility", "best-practices"];

/** The scores (0-100) and the metrics that make the performance score, from one Lighthouse report. */
export type Audit = {
  scores: Record<CategoryId, number | null>;
  metrics: {
    fcpMs: number | null;
    lcpMs: number | null;
    tbtMs: number | null;
    cls: number | null;
    speedIndexMs: number | null;
  };
  /** Audits that lost points in accessibility or best practices, to say what to fix. */
  failing: { category: CategoryId; id: string; title: string }[];
  warnings: string[];
  /** Where the audited load ended (a redirect to Settings would mean the stored key was not used). */
  finalUrl: string;
  /** The elements that moved most (Lighthouse's layout-shifts audit), to say where CLS comes from. */
  layoutShifts: { element: string; score: number }[];
};

/** A node's text on one short line (labels are whole table headers, with tabs and newlines). */
function shortLabel(label: string): string {
  const flat = label.replaceAll(/\s+/g, " ").trim();
  return flat.length > 50 ? `${flat.slice(0, 50)}…` : flat;
}

type ShiftItem = { node?: { selector?: string; nodeLabel?: string }; score?: number };

function layoutShifts(lhr: Result): Audit["layoutShifts"] {
  const details = lhr.audits["layout-shifts"]?.details as { items?: ShiftItem[] } | undefined;
  return (details?.items ?? []).slice(0, 3).map((item) => ({
    element: `\`${item.node?.selector ?? "?"}\`${item.node?.nodeLabel ? ` ("${shortLabel(item.node.nodeLabel)}")` : ""}`,
    score: Math.round((item.score ?? 0) * 1000) / 1000,
  }));
}

const numeric = (lhr: Result, id: string): number | null => {
  const value = lhr.audits[id]?.numericValue;
  return typeof value === "number" ? Math.round(value * 1000) / 1000 : null;
};

export function readAudit(lhr: Result): Audit {
  const scores = Object.fromEntries(
    CATEGORIES.map((c) => [
      c,
      lhr.categories[c]?.score == null ? null : Math.round((lhr.categories[c]?.score as number) * 100),
    ]),
  ) as Audit["scores"];
  const failing = (["accessibility", "best-practices"] as const).flatMap((category) =>
    (lhr.categories[category]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
      .map((ref) => ({ category, id: ref.id, title: lhr.audits[ref.id]?.title ?? ref.id })),
  );
  return {
    scores,
    metrics: {
      fcpMs: numeric(lhr, "first-contentful-paint"),
      lcpMs: numeric(lhr, "largest-contentful-paint"),
      tbtMs: numeric(lhr, "total-blocking-time"),
      cls: numeric(lhr, "cumulative-layout-shift"),
      speedIndexMs: numeric(lhr, "speed-index"),
    },
    failing,
    finalUrl: lhr.finalDisplayedUrl,
    layoutShifts: layoutShifts(lhr),
    warnings: [
      ...lhr.runWarnings,
      ...(lhr.runtimeError ? [`${lhr.runtimeError.code}: ${lhr.runtimeError.message}`] : []),
    ],
  };
}
