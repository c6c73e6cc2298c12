import type { NewCall } from "../calls";
import { randomHex, uuid7Now } from "../ids";
import {
  ANSWERS,
  CUSTOMERS,
  ESCALATION_REASONS,
  EXCEPTIONS,
  FACT_QUESTIONS,
  INTENTS,
  KB_ARTICLES,
  LONG_POLICY,
  POLICY_QUESTIONS,
  PRODUCTS,
  REFUND_QUESTIONS,
  TONES,
  fill,
} from "./demo-content";
import type { Picker } from "./prng";
import { opRefOf, type OpVersion } from "./op-objects";

export type CallKind = "answer" | "answer_v1" | "search" | "classify" | "policy_check" | "escalate" | "summarize";

/** The op behind each kind of call; `answer_v1` is the same op before its prompt changed (another version). */
export const OPS: Record<CallKind, OpVersion> = {
  answer: {
    name: "support_agent.answer",
    source: "def answer(question, conversation, customer, order, retrieved_docs):\n    return llm(PROMPT_V2, ...)\n",
  },
  answer_v1: {
    name: "support_agent.answer",
    source: "def answer(question, conversation, customer, order, retrieved_docs):\n    return llm(PROMPT_V1, ...)\n",
  },
  search: {
    name: "retriever.search",
    source: "def search(query, top_k=3, index='helpcentre-v7'):\n    return index.search(query, top_k)\n",
  },
  classify: { name: "classify_intent", source: "def classify_intent(message):\n    return classifier(message)\n" },
  policy_check: {
    name: "refund_policy.check",
    source:
      "def check(order_id, requested_action, days_since_delivery, item_condition):\n    return rules.evaluate(...)\n",
  },
  escalate: {
    name: "escalate_to_human",
    source: "def escalate_to_human(conversation_id, question, reason, contact_count):\n    return tickets.open(...)\n",
  },
  summarize: {
    name: "summarize_conversation",
    source: "def summarize_conversation(transcript):\n    return llm(SUMMARY_PROMPT, transcript)\n",
  },
};

/**
 * Op refs as the real service stores them: `weave:///<entity>/<project>/op/<name>:<digest>`, the
 * digest being that of the op's object (op-objects.ts). One draw per kind is still taken from `p`,
 * as when the digests were random, so the rest of the demo data stays as it was.
 */
export function opRefs(projectId: string, p: Picker): Record<CallKind, string> {
  const refs = {} as Record<CallKind, string>;
  for (const kind of Object.keys(OPS) as CallKind[]) {
    p.base64url(43);
    refs[kind] = opRefOf(projectId, OPS[kind]);
  }
  return refs;
}

export type Topic = "refund" | "policy" | "fact";

type CallSpec = {
  projectId: string;
  kind: CallKind;
  opRef: string;
  startedAt: number;
  topic: Topic;
  user: string;
  status?: "ok" | "error" | "running";
};

/** One realistic call: inputs, output (or exception), usage summary. */
export function makeCall(p: Picker, spec: CallSpec): NewCall {
  const status =
    spec.status ??
    p.weighted([
      ["ok", 96],
      ["error", 3],
      ["running", 1],
    ] as const);
  const customer = p.pick(CUSTOMERS);
  const order = `NW-${p.int(100000, 999999)}`;
  const product = p.pick(PRODUCTS);
  const amount = `€${p.int(12, 480)}.${String(p.int(0, 99)).padStart(2, "0")}`;
  const fee = `€${p.int(3, 9)}.${p.pick(["00", "50", "95"])}`;
  const values = { order, product, amount, fee };
  const templates =
    spec.topic === "refund" ? REFUND_QUESTIONS : spec.topic === "policy" ? POLICY_QUESTIONS : FACT_QUESTIONS;
  const question = fill(p.pick(templates), values);
  const docs = [p.pick(KB_ARTICLES), p.pick(KB_ARTICLES), p.pick(KB_ARTICLES)].map((doc) => ({
    ...doc,
    score: Math.round((0.55 + p.random() * 0.44) * 1000) / 1000,
  }));
  const latency = spec.kind === "search" ? p.int(80, 2500) : p.int(600, 14000);
  const { inputs, output } = body(p, spec.kind, { question, customer, order, product, docs, values });
  const promptTokens = p.int(300, 4200);
  const completionTokens = p.int(40, 420);

  return {
    project_id: spec.projectId,
    id: uuid7Now(spec.startedAt, p.random),
    op_name: spec.opRef,
    trace_id: randomHex(32, p.random),
    started_at: spec.startedAt,
    ended_at: status === "running" ? null : spec.startedAt + latency,
    inputs,
    output: status === "ok" ? output : null,
    exception: status === "error" ? p.pick(EXCEPTIONS) : null,
    attributes: {
      weave: { client_version: "0.51.42", source: "python-sdk", os_name: "Linux", sys_version: "3.11.9" },
      env: "production",
      app_version: "support-bot@2.8.1",
    },
    summary: {
      usage: {
        "gpt-4o-mini-2024-07-18": {
          requests: 1,
          prompt_tokens: promptTokens,
          completion_tokens: completionTokens,
          total_tokens: promptTokens + completionTokens,
        },
      },
      weave: { status: status === "ok" ? "success" : status, latency_ms: status === "running" ? null : latency },
    },
    wb_user_id: spec.user,
  };
}

type Context = {
  question: string;
  customer: (typeof CUSTOMERS)[number];
  order: string;
  product: string;
  docs: { id: string; title: string; snippet: string; score: number }[];
  values: Record<string, string>;
};

function body(p: Picker, kind: CallKind, ctx: Context): { inputs: Record<string, unknown>; output: unknown } {
  switch (kind) {
    case "answer":
    case "answer_v1": {
      const earlier = p.chance(0.4)
        ? [
            { role: "user", content: `Hello, I have a question about order ${ctx.order}.` },
            {
              role: "assistant",
              content: `Hi ${ctx.customer.name.split(" ")[0]}, happy to help. What would you like to know?`,
            },
          ]
        : [];
      const inputs: Record<string, unknown> = {
        question: ctx.question,
        conversation: [...earlier, { role: "user", content: ctx.question }],
        customer: {
          id: `cus_${p.base64url(10)}`,
          name: ctx.customer.name,
          tier: ctx.customer.tier,
          locale: ctx.customer.locale,
        },
        order: {
          id: ctx.order,
          items: [{ sku: `SKU-${p.int(1000, 9999)}`, name: ctx.product, qty: p.int(1, 3) }],
          currency: "EUR",
        },
        retrieved_docs: ctx.docs,
        model: kind === "answer" ? "gpt-4o-mini" : "gpt-4o-mini (prompt v1)",
        temperature: 0.2,
      };
      if (p.chance(0.05)) inputs.policy_document = LONG_POLICY;
      const answer = fill(p.pick(ANSWERS), ctx.values);
      const long = p.chance(0.04) ? `\n\n${LONG_POLICY.split("\n").slice(3, 7).join("\n\n")}` : "";
      return {
        inputs,
        output: {
          answer: answer + long,
          citations: ctx.docs.slice(0, p.int(1, 3)).map((d) => d.id),
          tone: p.pick(TONES),
          confidence: Math.round(p.random() * 100) / 100,
          escalate: false,
        },
      };
    }
    case "search":
      return { inputs: { query: ctx.question, top_k: 3, index: "helpcentre-v7" }, output: ctx.docs };
    case "classify":
      return {
        inputs: { message: ctx.question },
        output: {
          intent: p.pick(INTENTS),
          confidence: Math.round((0.5 + p.random() / 2) * 100) / 100,
          secondary: p.pick(INTENTS),
        },
      };
    case "policy_check":
      return {
        inputs: {
          order_id: ctx.order,
          requested_action: p.pick(["refund", "exception", "replacement"]),
          days_since_delivery: p.int(1, 60),
          item_condition: p.pick(["unopened", "opened", "faulty", "damaged in transit"]),
        },
        output: {
          allowed: p.chance(0.6),
          rule: `${p.pick(KB_ARTICLES).id} §${p.int(1, 8)}`,
          requires_approval: p.chance(0.3),
        },
      };
    case "escalate": {
      const reason = p.pick(ESCALATION_REASONS);
      return {
        inputs: {
          conversation_id: `conv_${p.base64url(12)}`,
          question: ctx.question,
          reason,
          contact_count: p.int(1, 5),
        },
        output: {
          ticket_id: `T2-${p.int(10000, 99999)}`,
          queue: "tier-2",
          escalation_reason: reason,
          eta_minutes: p.int(15, 90),
          answer: `I've passed this to a senior colleague (${reason}); you'll hear from us within the hour.`,
        },
      };
    }
    case "summarize": {
      const transcript = Array.from(
        { length: p.int(4, 12) },
        (_, i) =>
          `${i % 2 === 0 ? "Customer" : "Agent"}: ${i % 2 === 0 ? ctx.question : fill(p.pick(ANSWERS), ctx.values)}`,
      ).join("\n");
      return {
        inputs: { transcript },
        output: {
          summary: `Customer asked about ${ctx.product} (order ${ctx.order}); agent explained the refund status.`,
          sentiment: p.pick(["negative", "neutral", "positive"]),
        },
      };
    }
  }
}
