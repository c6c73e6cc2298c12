import type { Database } from "better-sqlite3";
import type { AuthenticatedUser } from "../auth/users";
import { assertEntityAccess } from "../auth/middleware";
import { echo } from "../http/echo";
import { ServiceError } from "../http/errors";
import { findCheckpointByStep, latestCheckpoint } from "../training/checkpoint-store";
import { parseArtifactUrl } from "../training/dataset-store";
import { findModelByName } from "../training/model-store";

export type ResolvedChatModel = { label: string; baseModel: string };

const notFound = (message: string) => new ServiceError(404, message, "model_not_found");

/**
 * What a chat request's `model` names: one of the service's own models, or a trained checkpoint
 * `wandb-artifact:///<entity>/<project>/<name>[:step<N>|:latest]` of the user's entity (no suffix
 * means the latest checkpoint). Returns the exact thing that "answers" (the reply's label) and
 * the base model it runs on (whose context window applies).
 */
export function resolveChatModel(
  db: Database,
  user: AuthenticatedUser,
  model: string,
  servedModels: readonly string[],
): ResolvedChatModel {
  if (servedModels.includes(model)) return { label: model, baseModel: model };
  if (!model.startsWith("wandb-artifact:///")) {
    throw notFound(`The model '${echo(model)}' does not exist or you do not have access to it.`);
  }
  const address = parseArtifactUrl(model);
  if (!address)
    throw notFound(
      `'${echo(model)}' is not a checkpoint address: use wandb-artifact:///<entity>/<project>/<model>[:step<N>].`,
    );
  assertEntityAccess(user, address.entity);
  const trained = findModelByName(db, address.entity, address.project, address.name);
  if (!trained) throw notFound(`There is no model '${address.name}' in ${address.entity}/${address.project}.`);
  const base = `wandb-artifact:///${address.entity}/${address.project}/${address.name}`;
  if (address.version === undefined || address.version === "latest") {
    const latest = latestCheckpoint(db, trained.id);
    if (!latest)
      throw notFound(
        `The model ${base} has no checkpoints yet: train it first, or chat with its base model ${trained.base_model}.`,
      );
    return { label: `${base}:step${latest.step}`, baseModel: trained.base_model };
  }
  const step = /^step(\d+)$/.exec(address.version)?.[1];
  if (step === undefined || !findCheckpointByStep(db, trained.id, Number(step))) {
    throw notFound(`The model ${base} has no checkpoint '${address.version}'.`);
  }
  return { label: `${base}:step${Number(step)}`, baseModel: trained.base_model };
}
