/**
 * What other features use of the training feature (the linter allows no deeper import): the
 * models this browser knows on the training service, and a model's checkpoints to pick from (the
 * playground's checkpoint picker).
 */
export { TrainingRegistryProvider, useRegistry as useTrainingRegistry } from "./registry/registry-context";
export { modelPath, type RegistryModel } from "./registry/registry-schema";
export { useCheckpointChoices, type CheckpointChoices } from "./models/checkpoint-choices";
