import type { Database } from "better-sqlite3";
import { judgeResponseSchema } from "../../../contract/llm-judge";
import { createObject } from "../objects/objects";
import { DEMO_SPECS } from "./annotation-specs";

/**
 * One LLM judge for the demo, so a newcomer finds one to run: it answers the escalation queue's
 * "Escalated correctly" from the escalation matrix. Stored as the dashboard stores a judge (an
 * ActionSpec naming its own class, with the dashboard's `judge` block: docs/llm-judges.md). No
 * verdicts are seeded: they come from running it (the local inference service simulates the model).
 */
export const DEMO_JUDGE_ID = "judge-escalation-matrix";

const PROMPT = [
  "You check a support bot's escalations against the escalation matrix, as a careful reviewer would.",
  "",
  "Question: {{question}}",
  "{{description}}",
  "",
  // No path into the call: the queue holds escalations, policy checks and answers, whose fields differ.
  "The user message holds the call: what the bot was given (inputs) and what it did (output).",
  "Give a short reasoning first, then your answer.",
].join("\n");

export function seedDemoJudge(
  db: Database,
  options: { projectId: string; queueId: string; specRef: string; creator: string; now: number },
): void {
  createObject(db, {
    projectId: options.projectId,
    objectId: DEMO_JUDGE_ID,
    val: {
      _type: "ActionSpec",
      name: "Escalation matrix judge",
      description: "Reads the customer's message and the bot's reply; says whether escalating (or not) was right.",
      config: {
        action_type: "llm_judge",
        model: "meta-llama/Llama-3.3-70B-Instruct",
        prompt: PROMPT,
        response_schema: judgeResponseSchema(DEMO_SPECS.escalated_correctly.field_schema),
      },
      judge: { queue_id: options.queueId, spec_ref: options.specRef, service: "inference" },
      _class_name: "ActionSpec",
      _bases: ["BaseObject", "BaseModel"],
    },
    builtinClass: null,
    userId: options.creator,
    now: options.now,
  });
}
