import { SERVICE_PATHS } from "../../server/app";
import { judgeResponseSchema } from "../../contract/llm-judge";

/** The judge the benchmark runs: the queue's one question (the 1-5 tone rating), stored as the dashboard stores one. */
export const BENCH_JUDGE_ID = "judge-bench-tone";

const TONE_SCHEMA = { type: "integer", minimum: 1, maximum: 5 };

/**
 * Saves the judge through the trace API (an ActionSpec naming its class, with the dashboard's
 * `judge` block: docs/llm-judges.md) and returns its object id.
 */
export async function createBenchJudge(
  origin: string,
  key: string,
  project: string,
  queue: { id: string; specRef: string },
): Promise<string> {
  const response = await fetch(`${origin}${SERVICE_PATHS.trace}/obj/create`, {
    method: "POST",
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
    body: JSON.stringify({
      obj: {
        project_id: project,
        object_id: BENCH_JUDGE_ID,
        val: {
          _type: "ActionSpec",
          name: "Benchmark tone judge",
          description: null,
          config: {
            action_type: "llm_judge",
            model: "meta-llama/Llama-3.1-8B-Instruct",
            prompt: "Rate the tone of the answer.\n\nQuestion: {{question}}\n{{description}}",
            response_schema: judgeResponseSchema(TONE_SCHEMA),
          },
          judge: { queue_id: queue.id, spec_ref: queue.specRef, service: "inference" },
          _class_name: "ActionSpec",
          _bases: ["BaseObject", "BaseModel"],
        },
      },
    }),
  });
  if (!response.ok) throw new Error(`creating the judge: ${response.status} ${await response.text()}`);
  return BENCH_JUDGE_ID;
}
