import type { Profile } from "../lib/profile";
import { against, count, ms, table, verdictMark, type PartOutput, type SummaryRow, type Verdict } from "../lib/report";
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

/** The budget for the p95 of every shape over a socket, by queue size (none for other sizes). */
const HTTP_BUDGET_MS: Record<number, number> = { 1_000_000: 20 };

function httpSection(result: HttpResult): string {
  const budget = HTTP_BUDGET_MS[result.size];
  const rows = result.shapes.map((s) => [
    s.shape,
    `${ms(s.sql.p50)} / ${ms(s.sql.p95)}`,
    `${ms(s.json.p50)} / ${ms(s.json.p95)}`,
    `${ms(s.http.p50)} / ${ms(s.http.p95)}`,
    ms(s.http.p50 - s.inProcess.p50),
    `${ms(s.socket.p50)} / ${ms(s.socket.p95)}`,
    ms(s.socket.p50 - s.http.p50),
    `${(s.responseBytes / 1024).toFixed(1)} KB`,
    budget === undefined ? "—" : `< ${budget} ms`,
    verdictMark(against(s.socket.p95, budget)),
  ]);
  return [
    `### Through HTTP at ${count(result.size)} items`,
    "",
    "Each request's time split: SQL (`queryItemRows`: the page's rows and positions), JSON (`itemsAnswerJson`: " +
      "the rows written as the answer's text), `app.fetch` (routing, API key, validation, SQL, JSON, the Response " +
      "and reading its body back; no socket) and socket (the same app behind the local server's Node listener on " +
      "127.0.0.1, in the benchmark's process, one request at a time over a kept-alive connection; the budget " +
      "applies to it). Times are p50 / p95 in ms; the two overhead columns are differences of p50s.",
    "",
    table(
      [
        "shape",
        "SQL",
        "JSON",
        "app.fetch",
        "app.fetch − SQL − JSON (p50)",
        "socket",
        "socket − app.fetch (p50)",
        "response",
        "budget (socket p95)",
        "verdict",
      ],
      rows,
    ),
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
  const httpWorst = http.shapes.reduce((a, b) => (b.socket.p95 > a.socket.p95 ? b : a));
  const httpBudget = HTTP_BUDGET_MS[http.size];
  const summary: SummaryRow[] = [
    ...sizes.map(worst),
    {
      benchmark: `Items query over HTTP (${sizeLabel(http.size)}, loopback socket): slowest shape p95`,
      result: `${ms(httpWorst.socket.p95)} (${httpWorst.shape}; app.fetch ${ms(httpWorst.http.p95)}, SQL ${ms(httpWorst.sql.p95)}, JSON ${ms(httpWorst.json.p95)})`,
      budget: httpBudget === undefined ? "—" : `< ${httpBudget} ms, every shape`,
      verdict: against(httpWorst.socket.p95, httpBudget),
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
