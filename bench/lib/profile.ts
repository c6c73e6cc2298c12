import type { BenchOptions } from "./options";

/**
 * Sizes and repetitions of one run. "full" is what results are published from (about ten minutes
 * on a quiet 2-core machine once the databases are cached); "quick" is a smoke run.
 */
export type Profile = {
  name: "full" | "quick";
  items: {
    sizes: number[];
    /** Timed planned queries per shape (after one untimed warm-up). */
    runs: number;
    /** Naive (window-function) queries per shape, by queue size: they take seconds each at 1M. */
    naiveRuns: (size: number) => number;
    /** Stop a shape's naive runs once they have used this much time. */
    naiveBudgetMs: number;
    /** Queue size measured through HTTP as well (app.fetch and a loopback socket). */
    httpSize: number;
  };
  lighthouse: { runsPerPage: number };
  /** `advances`: consecutive Complete & next in the review, each after `thinkMs` of reading. */
  /** coldLoads: fresh-context loads of the catalog (its first row). */
  interactions: { reps: number; jobReps: number; advances: number; thinkMs: number; coldLoads: number };
  /** Fresh loads of the review page per hostile call. */
  hostileCalls: { reps: number };
  /** Items answered by three annotators whose review page is opened (once each, after one untimed load). */
  reviewForm: { items: number };
  load: { seconds: number; connections: number; maxRequests: number };
  /** Two annotators in work mode: Complete & next per annotator, the reading time per item, the queue's size. */
  workMode: { itemsPerAnnotator: number; thinkMs: number; queueItems: number };
  /** A judge run over `queueItems` calls while the review is worked: Complete & next presses and the reading time. */
  judgeRun: { queueItems: number; presses: number; thinkMs: number };
};

const FULL: Profile = {
  name: "full",
  items: {
    sizes: [10_000, 100_000, 1_000_000],
    runs: 40,
    naiveRuns: (size) => (size >= 1_000_000 ? 2 : size >= 100_000 ? 5 : 10),
    naiveBudgetMs: 8_000,
    httpSize: 1_000_000,
  },
  lighthouse: { runsPerPage: 3 },
  interactions: { reps: 20, jobReps: 3, advances: 50, thinkMs: 400, coldLoads: 15 },
  hostileCalls: { reps: 5 },
  reviewForm: { items: 20 },
  load: { seconds: 10, connections: 10, maxRequests: 500_000 },
  workMode: { itemsPerAnnotator: 250, thinkMs: 200, queueItems: 650 },
  judgeRun: { queueItems: 1_000, presses: 60, thinkMs: 300 },
};

const QUICK: Profile = {
  name: "quick",
  items: { sizes: [10_000, 100_000], runs: 10, naiveRuns: () => 1, naiveBudgetMs: 3_000, httpSize: 100_000 },
  lighthouse: { runsPerPage: 1 },
  interactions: { reps: 4, jobReps: 1, advances: 10, thinkMs: 400, coldLoads: 5 },
  hostileCalls: { reps: 2 },
  reviewForm: { items: 5 },
  load: { seconds: 3, connections: 10, maxRequests: 100_000 },
  workMode: { itemsPerAnnotator: 20, thinkMs: 200, queueItems: 60 },
  judgeRun: { queueItems: 100, presses: 10, thinkMs: 300 },
};

export function profileFor(options: BenchOptions): Profile {
  const base = options.quick ? QUICK : FULL;
  if (!options.sizes) return base;
  const sizes = [...options.sizes].sort((a, b) => a - b);
  return {
    ...base,
    items: {
      ...base.items,
      sizes,
      httpSize: sizes.includes(base.items.httpSize) ? base.items.httpSize : (sizes.at(-1) as number),
    },
  };
}
