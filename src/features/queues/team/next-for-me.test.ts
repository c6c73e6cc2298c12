import { describe, expect, it } from "vitest";
import { upsertUser } from "@server/auth/users";
import { createApiClients } from "@/api/clients";
import { seedFreshQueue } from "@/test/annotation-queue";
import { createLocalServer } from "@/test/local-server";
import { callRef } from "@/api/annotation-specs";
import { claimItem } from "./claim-item";
import { CLAIM_FEEDBACK_TYPE, claimPayload } from "./claims";
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
    server,
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

  it("reads a claim's records again when they did not date it: a record that lands after the read is not missed", async () => {
    const { context, demo, maria } = setup();
    const queueId = context("").queueId;
    const first = await findNextForMe(maria, context("user-maria"), { pick: () => 0 });
    const taken = first!.item;
    // Maria's claim as a search may catch it: her progress written, her dated record not yet.
    await maria.setItemProgress(queueId, taken.id, { project_id: PROJECT, annotation_state: "in_progress" });
    const cache: RecordCache = new Map();
    const undated = await findNextForMe(demo, context("user-demo"), { cache, pick: () => 0 });
    // A claim nobody can date counts as stale: offered, as it must be when the record never comes.
    expect(undated?.item.id).toBe(taken.id);

    await maria.createFeedback({
      project_id: PROJECT,
      weave_ref: callRef(PROJECT, taken.call_id),
      feedback_type: CLAIM_FEEDBACK_TYPE,
      payload: claimPayload(queueId, taken.id),
    });
    const offer = await findNextForMe(demo, context("user-demo"), { cache, pick: () => 0 });
    expect(offer?.item.id).not.toBe(taken.id);
  });

  it("a claim is dated before it is in progress: its record's write is answered before its progress is sent", async () => {
    const { context, server } = setup();
    const events: string[] = [];
    const watched: typeof fetch = async (input, init) => {
      const url = String(input instanceof Request ? input.url : input);
      const what = url.endsWith("/feedback/create") ? "record" : url.endsWith("/progress") ? "progress" : "read";
      events.push(`${what} sent`);
      const response = await server.fetch(input, init);
      events.push(`${what} answered`);
      return response;
    };
    const maria = createApiClients({ ...server.settings, apiKey: MARIA_KEY }, { fetch: watched }).trace;
    const first = await findNextForMe(maria, context("user-maria"), { pick: () => 0 });
    events.length = 0;
    const claimed = await claimItem(
      maria,
      { projectId: PROJECT, queueId: context("").queueId, me: "user-maria" },
      first!.item,
    );
    expect(claimed.outcome).toBe("claimed");
    expect(events).toEqual(["record sent", "record answered", "progress sent", "progress answered"]);
  });
});
