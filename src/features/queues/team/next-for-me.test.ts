import { describe, expect, it } from "vitest";
import { upsertUser } from "@server/auth/users";
import { createApiClients } from "@/api/clients";
import { seedFreshQueue } from "@/test/annotation-queue";
import { createLocalServer } from "@/test/local-server";
import { claimItem } from "./claim-item";
import { findNextForMe, likelyOffers, type RecordCache, type SearchContext } from "./next-for-me";
import { DEFAULT_TEAM_SETTINGS } from "./team-settings";

const PROJECT = "demo/support-bot";
const MARIA_KEY = "maria-next-for-me-key";

/** The demo user's client counting its reads of feedback (claim records), and maria's client, on a fresh queue. */
function setup() {
  const server = createLocalServer();
  upsertUser(server.db, { id: "user-maria", username: "maria", entity: "demo", apiKey: MARIA_KEY });
  const { queueId, specs } = seedFreshQueue(server.db, {
    project: PROJECT,
    items: 10,
    name: "Next for me",
    questions: ["tone"],
    at: Date.now(),
    first: 0,
  });
  const reads = { feedback: 0 };
  const counting: typeof fetch = (input, init) => {
    if (String(input instanceof Request ? input.url : input).endsWith("/feedback/query")) reads.feedback += 1;
    return server.fetch(input, init);
  };
  const context = (me: string): SearchContext => ({
    projectId: PROJECT,
    queueId,
    view: { sort: [], op: "", callId: "", traceId: "", itemId: "", addedBy: "" },
    me,
    settings: DEFAULT_TEAM_SETTINGS,
    questionIds: Object.keys(specs),
    exclude: new Set(),
    now: Date.now(),
  });
  return {
    reads,
    context,
    demo: createApiClients(server.settings, { fetch: counting }).trace,
    maria: createApiClients({ ...server.settings, apiKey: MARIA_KEY }, { fetch: server.fetch }).trace,
  };
}

describe("findNextForMe after a read-ahead", () => {
  it("reads no claim records for an item a teammate took after the read-ahead saw it open, and never offers it", async () => {
    const { reads, context, demo, maria } = setup();
    const cache: RecordCache = new Map();
    const ahead = await likelyOffers(demo, context("user-demo"), { cache });
    expect(ahead).toHaveLength(3);
    const taken = ahead[0]!.item;
    await claimItem(maria, { projectId: PROJECT, queueId: context("").queueId, me: "user-maria" }, taken);

    reads.feedback = 0;
    const offer = await findNextForMe(demo, context("user-demo"), { cache, pick: () => 0 });
    expect(offer?.item.id).not.toBe(taken.id);
    expect(reads.feedback).toBe(0);
  });

  it("reads the claim records of an item it never saw open, and does not offer it while the claim is live", async () => {
    const { reads, context, demo, maria } = setup();
    const first = await findNextForMe(maria, context("user-maria"), { pick: () => 0 });
    await claimItem(maria, { projectId: PROJECT, queueId: context("").queueId, me: "user-maria" }, first!.item);

    reads.feedback = 0;
    const offer = await findNextForMe(demo, context("user-demo"), { cache: new Map(), pick: () => 0 });
    expect(offer?.item.id).not.toBe(first!.item.id);
    expect(reads.feedback).toBe(1);
  });
});
