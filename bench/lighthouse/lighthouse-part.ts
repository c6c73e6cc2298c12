import type { ServerDbManifest } from "../fixtures/server-db";
import type { Profile } from "../lib/profile";
import { ms, table, type PartOutput, type SummaryRow } from "../lib/report";
import { CATEGORIES } from "./audit";
import { auditedPages } from "./pages";
import { runLighthouse } from "./run-lighthouse";

const score = (value: number | null | undefined) => (value === null || value === undefined ? "—" : String(value));

export async function lighthousePart(
  origin: string,
  manifest: ServerDbManifest,
  profile: Profile,
): Promise<PartOutput> {
  const audits = await runLighthouse(origin, manifest, auditedPages(manifest), profile.lighthouse.runsPerPage);
  const rows = audits.map((a) => {
    const m = a.median;
    if (!m)
      return [
        a.page.name,
        a.page.path,
        a.state === "error" ? `error: ${a.error ?? "?"}` : "not built yet",
        "",
        "",
        "",
        "",
        "",
        "",
      ];
    return [
      a.page.name,
      a.page.path,
      ...CATEGORIES.map((c) => score(m.scores[c])),
      ms(m.metrics.fcpMs),
      ms(m.metrics.lcpMs),
      ms(m.metrics.tbtMs),
      m.metrics.cls === null ? "—" : m.metrics.cls.toFixed(3),
    ];
  });
  const failing = audits.flatMap((a) =>
    (a.median?.failing ?? []).map((f) => `- ${a.page.name}: ${f.category} — ${f.title} (\`${f.id}\`)`),
  );
  const shifts = audits.flatMap((a) => {
    const m = a.median;
    return m && (m.metrics.cls ?? 0) >= 0.1
      ? [
          `- ${a.page.name} (CLS ${m.metrics.cls}): ${m.layoutShifts.map((s) => `${s.element} ${s.score}`).join("; ") || "no element named"}`,
        ]
      : [];
  });
  const warnings = audits.flatMap((a) => (a.median?.warnings ?? []).map((w) => `- ${a.page.name}: ${w}`));
  const summary: SummaryRow[] = audits.map((a) => {
    const m = a.median;
    if (!m) {
      const failed = a.state === "error";
      return {
        benchmark: `Lighthouse: ${a.page.name}`,
        result: failed ? (a.error ?? "error") : "not built yet",
        budget: "aim 100/100/100",
        verdict: failed ? "error" : "not built yet",
      };
    }
    const all100 = CATEGORIES.every((c) => m.scores[c] === 100);
    return {
      benchmark: `Lighthouse: ${a.page.name}`,
      result: `${CATEGORIES.map((c) => score(m.scores[c])).join(" / ")} (LCP ${ms(m.metrics.lcpMs)}, TBT ${ms(m.metrics.tbtMs)}, CLS ${m.metrics.cls ?? "—"})`,
      budget: "aim 100/100/100",
      verdict: all100 ? "pass" : "fail",
    };
  });
  const markdown = [
    "## Lighthouse (desktop config)",
    "",
    `Lighthouse ${profile.lighthouse.runsPerPage === 1 ? "once per page" : `${profile.lighthouse.runsPerPage} times per page, the run with the median performance score shown`}, against the benchmark server (npm start's server, demo data). Scores: performance / accessibility / best practices. The API key and settings are stored in localStorage by a first navigation, and storage reset is off, so the audit is of a returning user's load.`,
    "",
    table(["page", "path", "performance", "accessibility", "best practices", "FCP", "LCP", "TBT", "CLS"], rows),
    "",
    failing.length
      ? `Audits losing points:\n${failing.join("\n")}`
      : "No accessibility or best-practices audit lost points.",
    ...(shifts.length ? ["", `Largest layout shifts (CLS of 0.1 or more):\n${shifts.join("\n")}`] : []),
    ...(warnings.length ? ["", `Lighthouse warnings:\n${warnings.join("\n")}`] : []),
  ].join("\n");
  return { summary, markdown, data: audits };
}
