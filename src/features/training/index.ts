/**
 * What other features use of the training feature (the linter allows no deeper import):
 * - the Train page of a queue (train-from-queue) picks or creates a model, sends an RL job and
 *   records it, with its origin, in this browser's registry, as the new-job page does;
 * - a checkpoint picker (the playground's chat target, a judge's model) lists the models this browser
 *   knows and their checkpoints, and reads or checks a typed checkpoint address.
 */
export { TrainingRegistryProvider, useRegistry, useRegistryStore } from "./registry/registry-context";
export { recordCreatedJob } from "./registry/record-created-job";
export { modelPath, type JobOrigin, type RegistryModel } from "./registry/registry-schema";
export { SUPPORTED_BASE_MODELS, baseModelWarning, trainedModelWarning } from "./base-models";
export { spreadOf, trajectoryStats, type Spread } from "./create-job/trajectory-stats";
export { formatMetric } from "./metric-format";
export { useCheckpointChoices, type CheckpointChoices } from "./models/checkpoint-choices";
export { CheckpointPicker, stepLabel } from "./models/checkpoint-picker";
export {
  CHECKPOINT_EXAMPLE,
  checkpointAddressError,
  parseCheckpointAddress,
  type CheckpointAddress,
} from "./models/checkpoint-address";
// The Train page's download is the format the new-job form reads (a test holds them to it).
export { readTrajectoryFile } from "./create-job/trajectory-file";
// A refused job's complaint about its groups, numbered as people number them, wherever it is shown.
export { serverTrajectoryMessage, withPeopleNumbering } from "./create-job/trajectory-errors";
// A few groups' trajectories as text, on the Train page's preview as on the new-job form.
export { TrajectorySamples } from "./trajectory-viewer/trajectory-samples";
