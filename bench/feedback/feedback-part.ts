import type { Database } from "better-sqlite3";
import { FeedbackQueryRequest } from "../../contract/trace-feedback";
import { openDatabase } from "../../server/db/database";
import { queryFeedback } from "../../server/trace/feedback/feedback";
import { seedUsers } from "../../server/seed/users";
import { uuid7Now } from "../../server/trace/ids";
import { picker, seededRandom } from "../../server/trace/seed/prng";
import type { Profile } from "../lib/profile";
import { against, count, ms, table, verdictMark, type PartOutput } from "../lib/report";
import { summarize } from "../lib/stats";
import { timeSync } from "../lib/timing";

// The budget: the feedback for a 250-row page of a 100,000-item queue with 300,000 answers,
// asked in one query (a `$in` over the page's call refs), in under 20 ms at the 95th percentile.
const PROJECT = "bench/feedback";
const ITEMS = 100_000;
const ROWS = 300_000;
const PAGE = 250;
const BUDGET_MS = 20;
const TYPES = [
  "wandb.annotation.tone",
  "wandb.annotation.resolution",
  "wandb.annotation.follows_policy",
  "wandb.note.1",
];
const ANNOTATORS = ["user-demo", "user-maria", "user-kenji"];

const callRef = (i: number) => `weave:///${PROJECT}/call/call-${String(i).padStart(6, "0")}`;

/** 300,000 feedback rows over 100,000 calls (three per call on average), inserted as the service stores them. */
function buildDatabase(): { db: Database; builtMs: number } {
  const started = performance.now();
  const db = openDatabase(":memory:");
  seedUsers(db);
  const p = picker(seededRandom(15));
  const insert = db.prepare(
    "INSERT INTO trace_feedback (id, project_id, weave_ref, wb_user_id, created_at, feedback_type, payload, annotation_ref) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
  );
  const base = Date.parse("2026-11-01T00:00:00.000Z");
  db.transaction(() => {
    for (let i = 0; i < ROWS; i++) {
      const at = base + i * 1000;
      const type = TYPES[i % TYPES.length]!;
      const payload = type === "wandb.note.1" ? { note: "Check the refund amount." } : { value: p.int(1, 5) };
      insert.run(
        uuid7Now(at, p.random),
        PROJECT,
        callRef(p.int(0, ITEMS - 1)),
        p.pick(ANNOTATORS),
        new Date(at).toISOString(),
        type,
        JSON.stringify(payload),
        type === "wandb.note.1" ? null : `weave:///${PROJECT}/object/x:y`,
      );
    }
  })();
  return { db, builtMs: performance.now() - started };
}

export function feedbackPart(profile: Profile): PartOutput {
  const { db, builtMs } = buildDatabase();
  const runs = Math.max(20, profile.items.runs);
  const p = picker(seededRandom(16));
  const requests = Array.from({ length: runs + 1 }, () => {
    const start = p.int(0, ITEMS - PAGE);
    return FeedbackQueryRequest.parse({
      project_id: PROJECT,
      query: {
        $expr: {
          $in: [{ $getField: "weave_ref" }, Array.from({ length: PAGE }, (_, k) => ({ $literal: callRef(start + k) }))],
        },
      },
      sort_by: [{ field: "created_at", direction: "asc" }],
      limit: 1000,
    });
  });
  queryFeedback(db, requests[0]!); // warm-up
  const wall: number[] = [];
  const rows: number[] = [];
  for (const request of requests.slice(1)) {
    const t = timeSync(() => queryFeedback(db, request));
    wall.push(t.wall);
    rows.push(t.value.length);
  }
  const summary = summarize(wall);
  const verdict = against(summary.p95, BUDGET_MS);
  const markdown = [
    `### Feedback of a ${PAGE}-row page (${count(ROWS)} rows over ${count(ITEMS)} calls)`,
    "",
    `One \`/feedback/query\` with a \`$in\` over the page's call refs, in process (the query compiled to SQL and run). Database built in ${(builtMs / 1000).toFixed(1)} s; ${runs} timed runs after one warm-up; ${Math.round(rows.reduce((a, b) => a + b, 0) / rows.length)} rows per answer on average.`,
    "",
    table(
      ["p50", "p95", "max", "budget (p95)", "verdict"],
      [[ms(summary.p50), ms(summary.p95), ms(summary.max), `< ${BUDGET_MS} ms`, verdictMark(verdict)]],
    ),
  ].join("\n");
  db.close();
  return {
    summary: [
      {
        benchmark: `Feedback of a ${PAGE}-row page, ${count(ROWS)} rows`,
        result: `p95 ${ms(summary.p95)} (p50 ${ms(summary.p50)})`,
        budget: `< ${BUDGET_MS} ms`,
        verdict,
      },
    ],
    markdown,
    data: { builtMs, wall: summary, rowsPerAnswer: rows },
  };
}
