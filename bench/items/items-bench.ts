import type { Database } from "better-sqlite3";
import { ItemsQueryRequest } from "../../contract/trace";
import { openDatabase } from "../../server/db/database";
import { queryItems } from "../../server/trace/items-query";
import { queryItemsNaive } from "../../server/trace/items-query.reference-impl";
import { itemsDatabase } from "../fixtures/items-db";
import type { Profile } from "../lib/profile";
import { summarize, type Summary } from "../lib/stats";
import { timeSync } from "../lib/timing";
import { against, type Verdict } from "../lib/report";
import { queueFacts, requestsOf, SHAPES, type QueueFacts } from "./shapes";

/** The budget for the p95 of every shape, by queue size (none for other sizes). */
export const ITEMS_BUDGET_MS: Record<number, number> = { 100_000: 20, 1_000_000: 100 };

export type ShapeResult = {
  shape: string;
  planned: { wall: Summary; cpu: Summary };
  naive: { wall: Summary; cpu: Summary } | null;
  /** Naive answers that differed from the planned one (must be 0). */
  mismatches: number;
  budgetMs: number | null;
  verdict: Verdict;
};

export type SizeResult = { size: number; queueId: string; databaseBuiltMs: number | null; shapes: ShapeResult[] };

/** Times one shape: every planned run first (warm, steady state), then the naive runs, checking both agree. */
function timeShape(
  db: Database,
  queue: QueueFacts,
  index: number,
  profile: Profile,
  budgetMs: number | undefined,
): ShapeResult {
  const shape = SHAPES[index] as (typeof SHAPES)[number];
  const requests = requestsOf(shape, index, queue, profile.items.runs + 1).map((r) => ItemsQueryRequest.parse(r));
  const answers: string[] = [];
  queryItems(db, queue, requests[0] as (typeof requests)[number]); // warm-up: first touch of the pages
  const wall: number[] = [];
  const cpu: number[] = [];
  for (const request of requests.slice(1)) {
    const t = timeSync(() => queryItems(db, queue, request));
    wall.push(t.wall);
    cpu.push(t.cpu);
    answers.push(JSON.stringify(t.value));
  }

  const naiveWall: number[] = [];
  const naiveCpu: number[] = [];
  let mismatches = 0;
  let spent = 0;
  for (const [i, request] of requests.slice(1, 1 + profile.items.naiveRuns(queue.total)).entries()) {
    if (spent > profile.items.naiveBudgetMs) break;
    const t = timeSync(() => queryItemsNaive(db, queue, request));
    spent += t.wall;
    naiveWall.push(t.wall);
    naiveCpu.push(t.cpu);
    if (JSON.stringify(t.value) !== answers[i]) mismatches += 1;
  }
  const planned = { wall: summarize(wall), cpu: summarize(cpu) };
  const verdict: Verdict = mismatches > 0 ? "fail" : against(planned.wall.p95, budgetMs);
  return {
    shape: shape.name,
    planned,
    naive: naiveWall.length ? { wall: summarize(naiveWall), cpu: summarize(naiveCpu) } : null,
    mismatches,
    budgetMs: budgetMs ?? null,
    verdict,
  };
}

/** Planned vs naive items query, in process, on a cached database of `size` items. */
export function benchItemsAtSize(size: number, profile: Profile, options: { rebuild: boolean }): SizeResult {
  const cached = itemsDatabase(size, options);
  const db = openDatabase(cached.file);
  try {
    const queue = queueFacts(db, cached.manifest.queueId);
    const shapes: ShapeResult[] = [];
    for (const index of SHAPES.keys()) {
      const result = timeShape(db, queue, index, profile, ITEMS_BUDGET_MS[size]);
      const naive = result.naive ? `naive p50 ${result.naive.wall.p50} ms (n=${result.naive.wall.n})` : "naive skipped";
      console.info(
        `    ${size}: ${result.shape.padEnd(46)} p50 ${result.planned.wall.p50} p95 ${result.planned.wall.p95} ms | ${naive}${result.mismatches ? ` | ${result.mismatches} MISMATCHES` : ""}`,
      );
      shapes.push(result);
    }
    return { size, queueId: queue.id, databaseBuiltMs: cached.built ? cached.buildMs : null, shapes };
  } finally {
    db.close();
  }
}
