import type { Profile } from "../lib/profile";
import { count, ms, table, verdictMark, type PartOutput, type SummaryRow, type Verdict } from "../lib/report";
import { benchItemsHttp, type HttpResult } from "./items-http";
import { benchItemsAtSize, type SizeResult } from "./items-bench";

const sizeLabel = (size: number) =>
  size >= 1_000_000 ? `${size / 1_000_000}M` : size >= 1000 ? `${size / 1000}k` : String(size);

function runsText(runs: number[]): string {
  const [low, high] = [Math.min(...runs), Math.max(...runs)];
  return `${low === high ? low : `${low}–${high}`} run${high === 1 ? "" : "s"}`;
}

function sizeSection(result: SizeResult): string {
  const rows = result.shapes.map((s) => [
    s.shape,
    ms(s.planned.wall.p50),
    ms(s.planned.wall.p95),
    ms(s.planned.cpu.p95),
    s.naive ? ms(s.naive.wall.p50) : "—",
    s.naive ? ms(s.naive.wall.p95) : "—",
    s.naive ? `${Math.round(s.naive.wall.p50 / Math.max(s.planned.wall.p50, 0.01))}×` : "—",
    s.mismatches ? `${s.mismatches} differ` : s.naive ? "same" : "—",
    s.budgetMs === null ? "—" : `< ${s.budgetMs} ms`,
    verdictMark(s.verdict),
  ]);
  const naiveRuns = result.shapes.map((s) => s.naive?.wall.n ?? 0);
  return [
    `### ${count(result.size)} items (queue ${result.queueId})`,
    "",
    `Planned: ${result.shapes[0]?.planned.wall.n ?? 0} timed runs per shape after one warm-up. Naive: ${runsText(naiveRuns)} per shape.` +
      (result.databaseBuiltMs === null
        ? ""
        : ` Database built in this run (${(result.databaseBuiltMs / 1000).toFixed(1)} s).`),
    "",
    table(
      [
        "shape",
        "planned p50",
        "planned p95",
        "planned CPU p95",
        "naive p50",
        "naive p95",
        "speed-up (p50)",
        "answers",
        "budget (p95)",
        "verdict",
      ],
      rows,
    ),
  ].join("\n");
}

function httpSection(result: HttpResult): string {
  const rows = result.shapes.map((s) => [
    s.shape,
    ms(s.inProcess.p50),
    ms(s.inProcess.p95),
    ms(s.http.p50),
    ms(s.http.p95),
    ms(s.http.p50 - s.inProcess.p50),
    `${(s.responseBytes / 1024).toFixed(1)} KB`,
  ]);
  return [
    `### Through the app at ${count(result.size)} items (app.fetch: auth, validation, query, JSON)`,
    "",
    table(["shape", "in process p50", "in process p95", "HTTP p50", "HTTP p95", "overhead (p50)", "response"], rows),
  ].join("\n");
}

function worst(result: SizeResult): SummaryRow {
  const slowest = result.shapes.reduce((a, b) => (b.planned.wall.p95 > a.planned.wall.p95 ? b : a));
  const naive = result.shapes.flatMap((s) => (s.naive ? [s.naive.wall.p50] : []));
  const failing = result.shapes.filter((s) => s.verdict === "fail");
  const budget = slowest.budgetMs;
  const verdict: Verdict = failing.length ? "fail" : budget === null ? "n/a" : "pass";
  const naiveText = naive.length ? `; naive p50 ${ms(Math.min(...naive))}–${ms(Math.max(...naive))}` : "";
  const wrong = result.shapes.filter((s) => s.mismatches > 0).length;
  const over = failing.length - wrong;
  const failText = [
    over ? `${over} of ${result.shapes.length} shapes over budget` : "",
    wrong ? `${wrong} with answers that differ from the naive query` : "",
  ]
    .filter(Boolean)
    .join(", ");
  return {
    benchmark: `Items query, ${sizeLabel(result.size)} items: slowest shape p95`,
    result: `${ms(slowest.planned.wall.p95)} (${slowest.shape}; CPU p95 ${ms(slowest.planned.cpu.p95)})${naiveText}${failText ? ` (${failText})` : ""}`,
    budget: budget === null ? "—" : `< ${budget} ms, every shape`,
    verdict,
  };
}

export async function itemsPart(profile: Profile, options: { rebuild: boolean }): Promise<PartOutput> {
  const sizes: SizeResult[] = [];
  for (const size of profile.items.sizes) {
    console.info(`  items query at ${count(size)} items`);
    sizes.push(benchItemsAtSize(size, profile, options));
  }
  console.info(`  items query through the app at ${count(profile.items.httpSize)} items`);
  const http = await benchItemsHttp(profile.items.httpSize, profile, options);
  const httpWorst = http.shapes.reduce((a, b) => (b.http.p95 > a.http.p95 ? b : a));
  const summary: SummaryRow[] = [
    ...sizes.map(worst),
    {
      benchmark: `Items query through the app (${sizeLabel(http.size)}): slowest shape p95`,
      result: `${ms(httpWorst.http.p95)} (${httpWorst.shape}; in process ${ms(httpWorst.inProcess.p95)})`,
      budget: "—",
      verdict: "n/a",
    },
  ];
  const markdown = [
    "## Items query (local annotation service, include_position: true)",
    "",
    "Wall-clock time of `queryItems` (the planned query) and `queryItemsNaive` (ROW_NUMBER() over the whole queue) on the same requests, in process, on a file database. CPU time is shown too: on a busy machine it is distorted less than wall time.",
    "",
    ...sizes.flatMap((s) => [sizeSection(s), ""]),
    httpSection(http),
  ].join("\n");
  return { summary, markdown, data: { sizes, http } };
}
