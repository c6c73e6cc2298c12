import type { Database } from "better-sqlite3";
import { insertCalls, type NewCall } from "../calls";
import { randomHex, uuid7Now } from "../ids";
import {
  ANSWERS,
  CUSTOMERS,
  FACT_QUESTIONS,
  INTENTS,
  KB_ARTICLES,
  POLICY_QUESTIONS,
  PRODUCTS,
  REFUND_QUESTIONS,
  fill,
} from "./demo-content";
import { OPS } from "./demo-calls";
import { opRefOf, type OpVersion } from "./op-objects";
import type { Picker } from "./prng";

// The support bot's traffic over the last 30 days, beyond the calls the queues hold: what the
// Calls page lists. Traces of a `support_bot.respond` root (two versions: the prompt changed 12
// days ago) calling classify_intent, retriever.search and the OpenAI chat op; nightly conversation
// summaries calling the chat op; and one-off chat calls. A few calls fail (rate limits), and the
// failure of a chat call fails its root too, as an exception propagates.

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

export const HISTORY_OPS = {
  respond_v1: {
    name: "support_bot.respond",
    source:
      "def respond(message, customer):\n    intent = classify_intent(message)\n    docs = search(message)\n    return chat(SYSTEM_PROMPT_V1, message, docs)\n",
  },
  respond_v2: {
    name: "support_bot.respond",
    source:
      "def respond(message, customer):\n    intent = classify_intent(message)\n    docs = search(message)\n    return chat(SYSTEM_PROMPT_V2, message, docs, intent)\n",
  },
  chat: {
    name: "openai.chat.completions.create",
    source: "# weave's OpenAI integration\nopenai.chat.completions.create\n",
  },
} as const satisfies Record<string, OpVersion>;

/** When support_bot.respond's second version went live. */
const V2_SINCE_DAYS = 12;
const SYSTEM_PROMPTS = {
  v1: "You are Northwind Goods' support assistant. Answer briefly.",
  v2: "You are Northwind Goods' support assistant. Be warm and specific: give timelines and amounts from the articles, never blame couriers or banks.",
};

type Context = { p: Picker; projectId: string; traceId: string; user: string };

/** The ops these calls use, with when each version first ran (for their op objects). */
export function historyOpVersions(now: number): (OpVersion & { createdAt: number })[] {
  return [
    { ...HISTORY_OPS.respond_v1, createdAt: now - 31 * DAY },
    { ...HISTORY_OPS.respond_v2, createdAt: now - V2_SINCE_DAYS * DAY },
    { ...HISTORY_OPS.chat, createdAt: now - 31 * DAY },
  ];
}

function call(
  ctx: Context,
  fields: Omit<NewCall, "project_id" | "id" | "trace_id" | "attributes" | "wb_user_id">,
): NewCall {
  return {
    project_id: ctx.projectId,
    id: uuid7Now(fields.started_at, ctx.p.random),
    trace_id: ctx.traceId,
    attributes: {
      weave: { client_version: "0.51.42", source: "python-sdk", os_name: "Linux", sys_version: "3.11.9" },
      env: "production",
    },
    wb_user_id: ctx.user,
    ...fields,
  };
}

/** An OpenAI chat completion call: `inputs.messages` in, `output.choices[0].message` out (or a rate limit). */
function chatCall(
  ctx: Context,
  at: number,
  parentId: string | null,
  messages: { role: string; content: string }[],
  answer: string,
  failed: boolean,
): NewCall {
  const latency = ctx.p.int(500, 6000);
  const prompt = ctx.p.int(200, 2400);
  const completion = ctx.p.int(30, 320);
  return call(ctx, {
    op_name: opRefOf(ctx.projectId, HISTORY_OPS.chat),
    parent_id: parentId,
    started_at: at,
    ended_at: at + latency,
    inputs: { model: "gpt-4o-mini", messages, temperature: 0.2 },
    output: failed
      ? null
      : {
          id: `chatcmpl-${ctx.p.base64url(24)}`,
          object: "chat.completion",
          model: "gpt-4o-mini-2024-07-18",
          choices: [{ index: 0, message: { role: "assistant", content: answer }, finish_reason: "stop" }],
          usage: { prompt_tokens: prompt, completion_tokens: completion, total_tokens: prompt + completion },
        },
    exception: failed
      ? "openai.RateLimitError: Error code: 429 - {'error': {'message': 'Rate limit reached for gpt-4o-mini', 'type': 'requests'}}"
      : null,
    summary: failed
      ? {}
      : {
          usage: {
            "gpt-4o-mini-2024-07-18": {
              requests: 1,
              prompt_tokens: prompt,
              completion_tokens: completion,
              total_tokens: prompt + completion,
            },
          },
        },
  });
}

function question(p: Picker): { text: string; answer: string; product: string; order: string } {
  const values = {
    order: `NW-${p.int(100000, 999999)}`,
    product: p.pick(PRODUCTS),
    amount: `€${p.int(12, 480)}.${String(p.int(0, 99)).padStart(2, "0")}`,
    fee: `€${p.int(3, 9)}.50`,
  };
  const text = fill(p.pick(p.pick([REFUND_QUESTIONS, POLICY_QUESTIONS, FACT_QUESTIONS])), values);
  return { text, answer: fill(p.pick(ANSWERS), values), product: values.product, order: values.order };
}

/** support_bot.respond -> classify_intent, retriever.search, chat. */
function respondTrace(ctx: Context, at: number, now: number): NewCall[] {
  const { p } = ctx;
  const q = question(p);
  const customer = p.pick(CUSTOMERS);
  const v2 = at >= now - V2_SINCE_DAYS * DAY;
  const failed = p.chance(0.03);
  const root = call(ctx, {
    op_name: opRefOf(ctx.projectId, v2 ? HISTORY_OPS.respond_v2 : HISTORY_OPS.respond_v1),
    display_name: `Chat with ${customer.name.split(" ")[0]}`,
    started_at: at,
    inputs: { message: q.text, customer: { name: customer.name, tier: customer.tier, locale: customer.locale } },
  });
  const classifyAt = at + p.int(5, 40);
  const classify = call(ctx, {
    op_name: opRefOf(ctx.projectId, OPS.classify),
    parent_id: root.id,
    started_at: classifyAt,
    ended_at: classifyAt + p.int(80, 600),
    inputs: { message: q.text },
    output: { intent: p.pick(INTENTS), confidence: Math.round((0.5 + p.random() / 2) * 100) / 100 },
  });
  const searchAt = (classify.ended_at as number) + p.int(2, 20);
  const docs = [p.pick(KB_ARTICLES), p.pick(KB_ARTICLES)];
  const search = call(ctx, {
    op_name: opRefOf(ctx.projectId, OPS.search),
    parent_id: root.id,
    started_at: searchAt,
    ended_at: searchAt + p.int(60, 900),
    inputs: { query: q.text, top_k: 2, index: "helpcentre-v7" },
    output: docs.map((doc) => ({
      id: doc.id,
      title: doc.title,
      score: Math.round((0.55 + p.random() * 0.44) * 1000) / 1000,
    })),
  });
  const messages = [
    { role: "system", content: v2 ? SYSTEM_PROMPTS.v2 : SYSTEM_PROMPTS.v1 },
    { role: "system", content: docs.map((doc) => `${doc.id} ${doc.title}: ${doc.snippet}`).join("\n") },
    { role: "user", content: q.text },
  ];
  const chat = chatCall(ctx, (search.ended_at as number) + p.int(2, 20), root.id, messages, q.answer, failed);
  const running = !failed && p.chance(0.005);
  root.ended_at = running ? null : (chat.ended_at as number) + p.int(2, 30);
  root.output = failed || running ? null : { answer: q.answer, citations: docs.map((doc) => doc.id) };
  root.exception = failed ? chat.exception : null;
  return [root, classify, search, chat];
}

/** summarize_conversation -> chat. */
function summaryTrace(ctx: Context, at: number): NewCall[] {
  const { p } = ctx;
  const q = question(p);
  const transcript = `Customer: ${q.text}\nAgent: ${q.answer}`;
  const root = call(ctx, { op_name: opRefOf(ctx.projectId, OPS.summarize), started_at: at, inputs: { transcript } });
  const summary = `Customer asked about ${q.product} (order ${q.order}); the agent explained the next steps.`;
  const chat = chatCall(
    ctx,
    at + p.int(3, 30),
    root.id,
    [
      { role: "system", content: "Summarise the conversation in one sentence." },
      { role: "user", content: transcript },
    ],
    summary,
    false,
  );
  root.ended_at = (chat.ended_at as number) + p.int(2, 20);
  root.output = { summary, sentiment: p.pick(["negative", "neutral", "positive"]) };
  return [root, chat];
}

/**
 * About `total` calls of the support bot in the 30 days before `now` (whole traces, so a few
 * more), deterministic for a given picker and time. Returns how many were stored.
 */
export function seedCallHistory(db: Database, p: Picker, projectId: string, now: number, total: number): number {
  const calls: NewCall[] = [];
  while (calls.length < total) {
    const ctx: Context = {
      p,
      projectId,
      traceId: randomHex(32, p.random),
      user: p.pick(["user-demo", "user-demo", "user-maria", "user-kenji"]),
    };
    const at = now - p.int(5 * MINUTE, 30 * DAY);
    const kind = p.weighted([
      ["respond", 70],
      ["summary", 15],
      ["chat", 15],
    ] as const);
    if (kind === "respond") calls.push(...respondTrace(ctx, at, now));
    else if (kind === "summary") calls.push(...summaryTrace(ctx, at));
    else {
      const q = question(p);
      calls.push(chatCall(ctx, at, null, [{ role: "user", content: q.text }], q.answer, p.chance(0.03)));
    }
  }
  insertCalls(db, calls);
  return calls.length;
}
