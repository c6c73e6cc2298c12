/**
 * What the playground talks to, in the URL shared with the catalog and the checkpoint pages:
 * /playground?service=inference|training&model=<model id or wandb-artifact:///…>
 */
export type ChatService = "inference" | "training";
export type PlaygroundTarget = { service: ChatService; model: string };

export function parsePlaygroundParams(params: URLSearchParams): PlaygroundTarget {
  const model = params.get("model") ?? "";
  const service = params.get("service");
  if (service === "inference" || service === "training") return { service, model };
  // A link without a service: a checkpoint address can only mean the training service.
  return { service: model.startsWith("wandb-artifact:") ? "training" : "inference", model };
}

export function withPlaygroundParams(params: URLSearchParams, target: PlaygroundTarget): URLSearchParams {
  const next = new URLSearchParams(params);
  next.set("service", target.service);
  if (target.model) next.set("model", target.model);
  else next.delete("model");
  return next;
}
