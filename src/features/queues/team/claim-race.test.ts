import { describe, expect, it } from "vitest";
import { upsertUser } from "@server/auth/users";
import { createApiClients } from "@/api/clients";
import type { TraceClient } from "@/api/trace";
import { seedFreshQueue } from "@/test/annotation-queue";
import { createLocalServer } from "@/test/local-server";
import { seededRandom } from "@server/trace/seed/prng";
import { claimItem, confirmClaim, settle } from "./claim-item";
import { findNextForMe, type SearchContext } from "./next-for-me";
import { DEFAULT_TEAM_SETTINGS, type TeamSettings } from "./team-settings";

const PROJECT = "demo/support-bot";
const MARIA_KEY = "maria-claim-race-key";
/** Shorter than the product's settle, and still longer than the slowest search-to-claim of the delayed answers (~75 ms). */
const TEST_SETTLE_MS = 150;

/** Two annotators' clients on one queue; each answer of the service arrives after a random delay (0-`jitterMs`). */
function setup(options: { items: number; jitterMs: number; seed: number }) {
  const server = createLocalServer();
  upsertUser(server.db, { id: "user-maria", username: "maria", entity: "demo", apiKey: MARIA_KEY });
  const { queueId, specs } = seedFreshQueue(server.db, {
    project: PROJECT,
    items: options.items,
    name: "Claim race",
    questions: ["tone"],
    at: Date.now(),
    first: 0,
  });
  const random = seededRandom(options.seed);
  const delayed: typeof fetch = async (input, init) => {
    await new Promise((resolve) => setTimeout(resolve, random() * options.jitterMs));
    const response = await server.fetch(input, init);
    await new Promise((resolve) => setTimeout(resolve, random() * options.jitterMs));
    return response;
  };
  const client = (apiKey: string) => createApiClients({ ...server.settings, apiKey }, { fetch: delayed }).trace;
  return {
    server,
    queueId,
    questionIds: Object.keys(specs),
    demo: client(server.settings.apiKey),
    maria: client(MARIA_KEY),
  };
}

/**
 * One press of Next for me, as work mode makes it: find, claim, let it settle, read it back, and on
 * a lost claim move straight on to the next offered item. The item kept, or null when none is left.
 */
async function nextForMe(trace: TraceClient, context: Omit<SearchContext, "exclude" | "now">) {
  const exclude = new Set<string>();
  for (let attempt = 0; attempt < 20; attempt++) {
    // Always the first offered item: the worst case, every press races for the same one.
    const offer = await findNextForMe(trace, { ...context, exclude, now: Date.now() }, { pick: () => 0 });
    if (!offer) return { kept: null, lost: attempt };
    const claimed = await claimItem(trace, context, offer.item);
    if (claimed.outcome === "closed-for-me") {
      exclude.add(offer.item.id);
      continue;
    }
    await settle(TEST_SETTLE_MS);
    const confirmed = await confirmClaim(trace, context, offer, context.settings);
    if (confirmed.kept) return { kept: offer.item.id, lost: attempt };
    exclude.add(offer.item.id);
  }
  throw new Error("no claim held in 20 attempts");
}

const contextFor = (
  queueId: string,
  me: string,
  questionIds: string[],
  settings: TeamSettings = DEFAULT_TEAM_SETTINGS,
) => ({
  projectId: PROJECT,
  queueId,
  me,
  settings,
  questionIds,
  view: { sort: [], op: "", callId: "", traceId: "", itemId: "", addedBy: "" },
});

/**
 * The 30 races run in three lanes at once, each lane on a queue and service of its own: a race spends
 * most of its time waiting on the delays and the settle, so the lanes wait side by side, not in turn.
 */
const LANES = 3;
const ROUNDS_PER_LANE = 10;

/** One queue's rounds of the race, one after another; how many presses lost a race. */
async function raceRounds(lane: number): Promise<number> {
  const { queueId, questionIds, demo, maria } = setup({ items: 80, jitterMs: 25, seed: 7 + lane });
  const held = new Set<string>();
  let lostRaces = 0;
  for (let roundInLane = 0; roundInLane < ROUNDS_PER_LANE; roundInLane++) {
    const round = lane * ROUNDS_PER_LANE + roundInLane;
    // Within the same 50 ms: the second press starts a random 0-50 ms after the first.
    const [a, b] = await Promise.all([
      nextForMe(demo, contextFor(queueId, "user-demo", questionIds)),
      settle(Math.floor((round * 17) % 50)).then(() =>
        nextForMe(maria, contextFor(queueId, "user-maria", questionIds)),
      ),
    ]);
    expect(a.kept).not.toBeNull();
    expect(b.kept).not.toBeNull();
    expect(a.kept).not.toBe(b.kept);
    // Nobody is handed an item someone else already holds.
    expect(held.has(a.kept!)).toBe(false);
    expect(held.has(b.kept!)).toBe(false);
    held.add(a.kept!);
    held.add(b.kept!);
    lostRaces += a.lost + b.lost;
    // Each completes what they kept before pressing again, as an annotator does.
    await Promise.all([
      demo.setItemProgress(queueId, a.kept!, { project_id: PROJECT, annotation_state: "completed" }),
      maria.setItemProgress(queueId, b.kept!, { project_id: PROJECT, annotation_state: "completed" }),
    ]);
  }
  return lostRaces;
}

describe("two annotators pressing Next for me at once", () => {
  it(`get different items in ${LANES * ROUNDS_PER_LANE} races, the service's answers delayed at random`, async () => {
    const lost = await Promise.all(Array.from({ length: LANES }, (_, lane) => raceRounds(lane)));
    // The race was real: some presses found the same item and one of the two yielded.
    expect(lost.reduce((sum, n) => sum + n, 0)).toBeGreaterThan(0);
  }, 30_000);
});
