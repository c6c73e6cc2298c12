import type { KeptAnswer } from "./kept-answers";

/** Where the kept-answer tests' answers were given: a loopback service, the demo project, a key's fingerprint. */
export const KEPT_ADDRESS = "http://127.0.0.1:4517/api/trace";
export const KEPT_PROJECT = "demo/support-bot";
export const KEPT_AUTHOR = "1a2b3c4d";

/** An answer kept in this browser: the demo's tone rating of one call, with `over` changed. */
export const keptAnswer = (over: Partial<KeptAnswer> = {}): KeptAnswer => ({
  address: KEPT_ADDRESS,
  project: KEPT_PROJECT,
  callId: "call-1",
  specId: "tone",
  author: KEPT_AUTHOR,
  token: "t1",
  at: 1,
  value: 4,
  spec: {
    id: over.specId ?? "tone",
    ref: "weave:///demo/support-bot/object/tone:abc",
    label: "Tone",
    uniqueAmongCreators: true,
  },
  itemId: "item-1",
  queueId: "queue-1",
  ...over,
});
