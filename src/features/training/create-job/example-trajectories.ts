/**
 * A small RL trajectory file that the file check and the training service both accept (a test
 * holds it to both), offered beside the upload so the format can be seen rather than guessed.
 * Two groups, one per prompt: the trajectories of a group answer the same prompt, and their
 * rewards differ, since GRPO-style training learns from the differences within a group.
 */

const SYSTEM = {
  role: "system",
  content: "You are a support agent for an online shop. Answer briefly and follow the refund policy.",
};

const answer = (content: string) => ({ finish_reason: "stop", message: { role: "assistant", content } });

const groups = [
  {
    trajectories: [
      {
        messages_and_choices: [
          SYSTEM,
          { role: "user", content: "My parcel arrived damaged. Can I get a refund?" },
          answer(
            "I'm sorry it arrived damaged. Send us a photo within 30 days of delivery and we will refund you in full.",
          ),
        ],
        reward: 1,
        metrics: { follows_policy: true },
      },
      {
        messages_and_choices: [
          SYSTEM,
          { role: "user", content: "My parcel arrived damaged. Can I get a refund?" },
          answer("Refunds are not possible once an item has been delivered."),
        ],
        reward: 0,
        metrics: { follows_policy: false },
      },
    ],
  },
  {
    trajectories: [
      {
        messages_and_choices: [
          SYSTEM,
          { role: "user", content: "How long does a refund take?" },
          answer("Refunds reach your account 3 to 5 working days after we receive the item."),
        ],
        reward: 0.9,
        metadata: { source: "example" },
      },
      {
        messages_and_choices: [
          SYSTEM,
          { role: "user", content: "How long does a refund take?" },
          answer("It depends."),
        ],
        reward: 0.2,
        metadata: { source: "example" },
      },
    ],
  },
];

/** The example as JSONL: one group per line. */
export const EXAMPLE_TRAJECTORY_JSONL = `${groups.map((group) => JSON.stringify(group)).join("\n")}\n`;

export const EXAMPLE_FILE_NAME = "rl-trajectory-groups-example.jsonl";

/** A link's address for the example (a data URL: nothing to revoke, works without script). */
export const exampleHref = (): string =>
  `data:application/x-ndjson;charset=utf-8,${encodeURIComponent(EXAMPLE_TRAJECTORY_JSONL)}`;
