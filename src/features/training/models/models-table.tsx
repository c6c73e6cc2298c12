import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router-dom";
import { trainingQueries } from "../../../api/queries/training";
import { useApiClients } from "../../../app/api-clients";
import { Button } from "../../../components/button";
import { CopyButton } from "../../../components/copy-button";
import { CloseIcon } from "../../../components/icons";
import { RelativeTime } from "../../../components/relative-time";
import { useRegistryStore } from "../registry/registry-context";
import type { RegistryModel } from "../registry/registry-schema";
import { UntrustedText } from "../../../components/untrusted-text";

/** The newest checkpoint of a model: one request of one checkpoint. */
function LatestCheckpoint({ modelId }: { modelId: string }) {
  const { training } = useApiClients();
  const latest = useQuery(trainingQueries.checkpointsPage(training, modelId, { limit: 1, order: "desc" }));
  if (latest.isPending) return <span className="text-fg-muted">…</span>;
  if (latest.isError) return <span className="text-red-700 dark:text-red-400">{latest.error.message}</span>;
  const checkpoint = latest.data.data[0];
  return checkpoint ? <span className="tabular-nums">step {checkpoint.step}</span> : <span className="text-fg-muted">none yet</span>;
}

export function ModelsTable({ models }: { models: RegistryModel[] }) {
  const store = useRegistryStore();
  // `relative`: screen-reader-only text (absolutely placed) stays inside the scroll box.
  return (
    <div className="relative overflow-x-auto rounded-lg border border-line bg-surface">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Models this browser created or added</caption>
        <thead className="border-b border-line bg-subtle/60 text-xs text-fg-muted">
          <tr>
            <th scope="col" className="py-2 pr-3 pl-4 font-medium">
              Model
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Base model
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              ID
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Latest checkpoint
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Added
            </th>
            <th scope="col" className="py-2 pr-4 pl-1">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {models.map((model) => (
            <tr key={model.id} className="border-b border-line last:border-0 hover:bg-subtle/60">
              <td className="py-2.5 pr-3 pl-4">
                <Link to={`/training/models/${encodeURIComponent(model.id)}`} className="font-medium text-link hover:underline">
                  <UntrustedText text={model.name ?? model.id} />
                </Link>
                {model.entity && model.project ? (
                  <span className="block text-xs text-fg-muted">
                    {model.entity}/{model.project}
                  </span>
                ) : null}
              </td>
              <td className="px-3 py-2.5 font-mono text-xs text-fg-muted">{model.base_model ? <UntrustedText text={model.base_model} /> : "—"}</td>
              <td className="px-3 py-2.5">
                <span className="inline-flex items-center gap-1 font-mono text-xs text-fg">
                  <UntrustedText text={model.id} />
                  <CopyButton text={model.id} label={`Copy ID of ${model.name ?? model.id}`} />
                </span>
              </td>
              <td className="px-3 py-2.5 text-xs">
                <LatestCheckpoint modelId={model.id} />
              </td>
              <td className="px-3 py-2.5 text-xs text-fg-muted">
                <RelativeTime value={model.added_at} />
              </td>
              <td className="py-2.5 pr-4 pl-1 text-right">
                <Button
                  size="sm"
                  variant="ghost"
                  onClick={() => store.removeModel(model.id)}
                  icon={<CloseIcon size={13} />}
                  aria-label={`Remove ${model.name ?? model.id} from this browser's list`}
                  title="Remove from this list (the model stays on the service)"
                />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
