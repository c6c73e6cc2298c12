import type { SFTExample, Trajectory, TrajectoryGroup } from "@contract/training";

/** The groups as JSONL in the training service's format: one `{"trajectories": [...]}` per line (the new-job form reads it back). */
export function groupsJsonl(groups: readonly TrajectoryGroup[]): string {
  let text = "";
  for (const group of groups) text += `${JSON.stringify(group)}\n`;
  return text;
}

/** A trajectory as an SFT example: its messages with the answer's message in place of the choice. */
export function sftExampleOf(trajectory: Trajectory): SFTExample {
  const messages = trajectory.messages_and_choices.map((item) =>
    "message" in item && item.message && typeof item.message === "object" ? item.message : item,
  ) as SFTExample["messages"];
  return { messages };
}

/** The trajectories whose reward is at least `threshold`, as OpenAI's chat fine-tuning JSONL. */
export function sftJsonl(trajectories: readonly Trajectory[], threshold: number): { text: string; examples: number } {
  let text = "";
  let examples = 0;
  for (const trajectory of trajectories) {
    if (trajectory.reward < threshold) continue;
    text += `${JSON.stringify(sftExampleOf(trajectory))}\n`;
    examples += 1;
  }
  return { text, examples };
}
