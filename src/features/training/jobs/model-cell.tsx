import { Link } from "react-router-dom";
import type { RegistryModel } from "../registry/registry-schema";
import { UntrustedText } from "@/components/untrusted-text";
import { paths } from "@/lib/paths";

/** A model by name when this browser knows it, by id otherwise, linking to its page. */
export function ModelLink({ modelId, model }: { modelId: string | undefined; model: RegistryModel | undefined }) {
  if (!modelId) return <span className="text-fg-muted">Unknown</span>;
  return (
    <Link to={paths.trainingModel(modelId)} className="group block min-w-0 text-link hover:underline">
      <span className="block truncate font-medium">
        <UntrustedText text={model?.name ?? modelId} />
      </span>
      {model?.entity && model.project ? (
        <span className="block truncate text-xs text-fg-muted group-hover:no-underline">
          {model.entity}/{model.project}
        </span>
      ) : null}
    </Link>
  );
}
