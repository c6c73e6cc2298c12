import type { SFTExample } from "../../contract/training";

// Deterministic demo training data for the seed: support conversations, as SFT examples and as
// RL trajectory groups whose rewards improve over the job (so the demo's reward curve, which is
// real bookkeeping of these rewards, rises).

const SYSTEM = "You are the support assistant of Acme Cloud. Answer briefly and politely.";

const TOPICS: readonly { question: string; answer: string }[] = [
  {
    question: "How do I reset my password?",
    answer: "Open Settings > Security, choose Reset password and follow the link we email you.",
  },
  {
    question: "Can I change the email on my account?",
    answer: "Yes: Settings > Profile > Email. We send a confirmation to the new address.",
  },
  {
    question: "Why was my card declined?",
    answer: "Usually the bank blocked it or the billing address differs. Check both, then retry under Billing.",
  },
  {
    question: "How do I cancel my subscription?",
    answer: "Go to Billing > Plan and choose Cancel. You keep access until the period ends.",
  },
  {
    question: "Where can I download my invoices?",
    answer: "Billing > Invoices lists every invoice; each has a PDF download button.",
  },
  { question: "How do I invite a teammate?", answer: "Team > Members > Invite, enter their email and pick a role." },
  {
    question: "Is there an API rate limit?",
    answer: "Yes: 600 requests per minute per key. Responses include headers with the remaining budget.",
  },
  {
    question: "How do I enable two-factor authentication?",
    answer: "Settings > Security > Two-factor: scan the QR code with an authenticator app.",
  },
  {
    question: "My export is stuck at 99%. What should I do?",
    answer: "Large exports finish in the background; you get an email with the link when it is ready.",
  },
  {
    question: "Can I move a project to another team?",
    answer: "Yes, an owner of both teams can use Project settings > Transfer.",
  },
];

const OPENERS = ["Hi!", "Hello,", "Quick question:", "Good morning."];

export function supportDialogs(count: number): SFTExample[] {
  return Array.from({ length: count }, (_, i) => {
    const topic = TOPICS[i % TOPICS.length]!;
    const opener = OPENERS[Math.floor(i / TOPICS.length) % OPENERS.length]!;
    return {
      messages: [
        { role: "system", content: SYSTEM },
        { role: "user", content: `${opener} ${topic.question}` },
        { role: "assistant", content: topic.answer },
      ],
    };
  });
}

/** A small deterministic number in [0, 1) from two integers. */
function jitter(a: number, b: number): number {
  const x = Math.sin(a * 12.9898 + b * 78.233) * 43758.5453;
  return x - Math.floor(x);
}

/** RL trajectory groups, one per step, with rewards rising from about 0.3 to about 0.85. */
export function supportTrajectoryGroups(numGroups: number, perGroup: number) {
  return Array.from({ length: numGroups }, (_, g) => {
    const topic = TOPICS[g % TOPICS.length]!;
    const trend = 0.3 + (0.55 * g) / Math.max(1, numGroups - 1);
    return {
      trajectories: Array.from({ length: perGroup }, (_unused, t) => {
        const reward = Number(Math.min(1, Math.max(0, trend + (jitter(g, t) - 0.5) * 0.3)).toFixed(3));
        return {
          messages_and_choices: [
            { role: "system", content: SYSTEM },
            { role: "user", content: topic.question },
            {
              message: {
                role: "assistant",
                content: t % 2 === 0 ? topic.answer : `${topic.answer} Anything else I can help with?`,
              },
              finish_reason: "stop",
              index: 0,
            },
          ],
          reward,
          metrics: { answer_length: topic.answer.length + (t % 2 === 0 ? 0 : 32) },
        };
      }),
    };
  });
}
