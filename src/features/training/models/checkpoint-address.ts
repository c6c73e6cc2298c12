/**
 * A trained checkpoint as the chat endpoints address it:
 * wandb-artifact:///<entity>/<project>/<model>[:step<N>] (no suffix: the latest checkpoint).
 */
const PREFIX = "wandb-artifact:///";
const ADDRESS = /^wandb-artifact:\/\/\/([^/\s:]+)\/([^/\s:]+)\/([^/\s:]+)(?::([^/\s]+))?$/;
const VERSION = /^(step\d+|latest)$/;

export const CHECKPOINT_EXAMPLE = "wandb-artifact:///demo/support-bot/support-rl:step24";

export type CheckpointAddress = { entity: string; project: string; name: string; step?: number };

export function parseCheckpointAddress(value: string): CheckpointAddress | null {
  const match = ADDRESS.exec(value.trim());
  if (!match) return null;
  const [, entity, project, name, version] = match;
  if (version !== undefined && !VERSION.test(version)) return null;
  const step = version?.startsWith("step") ? Number(version.slice(4)) : undefined;
  return { entity: entity!, project: project!, name: name!, step };
}

/** Why a typed address is not one, in words that say how to fix it; null when it is fine. */
export function checkpointAddressError(value: string): string | null {
  const trimmed = value.trim();
  if (trimmed === "") return "Enter the checkpoint's address.";
  if (!trimmed.startsWith(PREFIX)) return `Start with ${PREFIX}, e.g. ${CHECKPOINT_EXAMPLE}.`;
  const match = ADDRESS.exec(trimmed);
  if (!match) return "Use wandb-artifact:///<entity>/<project>/<model>, optionally followed by :step<N>.";
  if (match[4] !== undefined && !VERSION.test(match[4])) {
    return `“:${match[4]}” is not a checkpoint: use :step<N> (e.g. :step24), or nothing for the latest.`;
  }
  return null;
}
