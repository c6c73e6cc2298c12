import * as z from "zod/mini";

// The inference service (W&B Inference, OpenAI-compatible). docs/service-contracts.md#inference-models.

export const InferenceModel = z.object({
  id: z.string(),
  object: z.string(),
  created: z.number(),
  owned_by: z.string(),
  root: z.nullish(z.string()),
});
export type InferenceModel = z.infer<typeof InferenceModel>;

export const InferenceModelList = z.object({
  object: z.string(),
  data: z.array(InferenceModel),
});
export type InferenceModelList = z.infer<typeof InferenceModelList>;

export { INFERENCE_PROJECT_HEADER } from "./headers";
