import type { CreateRLJobRequest, CreateSFTJobRequest } from "@contract/training";
import type { JobDataSize, JobRequestFacts } from "../registry/registry-schema";

/** What a created job's request said, to keep in the registry (the service gives none of it back). */
export function requestFacts(
  input: { kind: "rl"; request: CreateRLJobRequest } | { kind: "sft"; request: CreateSFTJobRequest },
): JobRequestFacts {
  const { learning_rate: experimentalRate, ...experimental } = input.request.experimental_config ?? {};
  const facts: JobRequestFacts = {};
  const sftConfig = input.kind === "sft" ? input.request.config : undefined;
  const rate = sftConfig?.learning_rate ?? experimentalRate;
  if (typeof rate === "number" || Array.isArray(rate)) facts.learning_rate = rate;
  if (sftConfig?.batch_size !== undefined && sftConfig.batch_size !== null) facts.batch_size = sftConfig.batch_size;
  if (Object.keys(experimental).length > 0) facts.experimental_config = experimental;
  if (input.kind === "sft") facts.training_data_url = input.request.training_data_url;
  return facts;
}

/** Characters per token of the service's approximate tokenizer (server/training README: ceil(chars / 4)). */
const CHARS_PER_TOKEN = 4;

/**
 * The RL data's size: groups, trajectories and an estimate of its tokens (the service's own
 * approximation over the messages' text), counted from the groups as sent.
 */
export function rlDataSize(request: CreateRLJobRequest): JobDataSize {
  let trajectories = 0;
  let characters = 0;
  for (const group of request.trajectory_groups) {
    for (const trajectory of group.trajectories) {
      trajectories += 1;
      for (const entry of trajectory.messages_and_choices)
        characters += contentLength("role" in entry ? entry.content : entry.message.content);
    }
  }
  return { groups: request.trajectory_groups.length, trajectories, tokens: Math.ceil(characters / CHARS_PER_TOKEN) };
}

function contentLength(content: unknown): number {
  if (typeof content === "string") return content.length;
  if (!Array.isArray(content)) return 0;
  let length = 0;
  for (const part of content) {
    if (typeof part === "object" && part !== null && typeof (part as { text?: unknown }).text === "string")
      length += (part as { text: string }).text.length;
  }
  return length;
}
