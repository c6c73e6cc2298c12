import { Link } from "react-router-dom";
import { checkpointArtifactUrl } from "@contract/training";
import { buttonClasses } from "@/components/button";
import { CopyButton } from "@/components/copy-button";
import { MessageIcon } from "@/components/icons";
import { playgroundPathForCheckpoint } from "../playground-link";

export type ModelPath = { entity: string; project: string; name: string };

/** Copy a checkpoint's wandb-artifact address, or chat with it in the playground. */
export function CheckpointActions({ path, step }: { path: ModelPath | null; step: number }) {
  if (!path) return <span className="text-xs text-fg-muted">Name unknown</span>;
  const address = checkpointArtifactUrl(path, step);
  return (
    <span className="inline-flex items-center gap-1">
      <CopyButton text={address} label={`Copy address of step ${step}`} />
      <Link
        to={playgroundPathForCheckpoint(address)}
        className={buttonClasses("ghost", "sm")}
        aria-label={`Chat with step ${step}`}
        title={address}
      >
        <MessageIcon size={13} />
        {/* The icon alone on a phone, where the checkpoints table keeps this column in view. */}
        <span className="max-sm:hidden">Chat</span>
      </Link>
    </span>
  );
}
