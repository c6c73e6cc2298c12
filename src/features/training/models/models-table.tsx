import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router-dom";
import { modelQueries } from "../api/models";
import { useApiClients } from "@/settings/api-clients";
import { Button } from "@/components/button";
import { CopyButton } from "@/components/copy-button";
import { CloseIcon } from "@/components/icons";
import { RelativeTime } from "@/components/relative-time";
import { useRegistryStore } from "../registry/registry-context";
import type { RegistryModel } from "../registry/registry-schema";
import { BodyRow, Cell, HeaderCell, Table, TableFrame, TableHead } from "@/components/table";
import { UntrustedText } from "@/components/untrusted-text";
import { paths } from "@/lib/paths";

/** The newest checkpoint of a model: one request of one checkpoint. */
function LatestCheckpoint({ modelId }: { modelId: string }) {
  const { training } = useApiClients();
  const latest = useQuery(modelQueries.checkpointsPage(training, modelId, { limit: 1, order: "desc" }));
  if (latest.isPending) return <span className="text-fg-muted">…</span>;
  if (latest.isError) return <span className="text-red-700 dark:text-red-400">{latest.error.message}</span>;
  const checkpoint = latest.data.data[0];
  return checkpoint ? <span className="tabular-nums">step {checkpoint.step}</span> : <span className="text-fg-muted">none yet</span>;
}

export function ModelsTable({ models }: { models: RegistryModel[] }) {
  const store = useRegistryStore();
  return (
    <TableFrame>
      <Table caption="Models this browser created or added">
        <TableHead>
          <HeaderCell>Model</HeaderCell>
          <HeaderCell>Base model</HeaderCell>
          <HeaderCell>ID</HeaderCell>
          <HeaderCell>Latest checkpoint</HeaderCell>
          <HeaderCell>Added</HeaderCell>
          <HeaderCell>
            <span className="sr-only">Actions</span>
          </HeaderCell>
        </TableHead>
        <tbody>
          {models.map((model) => (
            <BodyRow key={model.id}>
              <Cell>
                <Link to={paths.trainingModel(model.id)} className="font-medium text-link hover:underline">
                  <UntrustedText text={model.name ?? model.id} />
                </Link>
                {model.entity && model.project ? (
                  <span className="block text-xs text-fg-muted">
                    {model.entity}/{model.project}
                  </span>
                ) : null}
              </Cell>
              <Cell className="font-mono text-xs text-fg-muted">{model.base_model ? <UntrustedText text={model.base_model} /> : "—"}</Cell>
              <Cell>
                <span className="inline-flex items-center gap-1 font-mono text-xs text-fg">
                  <UntrustedText text={model.id} />
                  <CopyButton text={model.id} label={`Copy ID of ${model.name ?? model.id}`} />
                </span>
              </Cell>
              <Cell className="text-xs">
                <LatestCheckpoint modelId={model.id} />
              </Cell>
              <Cell className="text-xs text-fg-muted">
                <RelativeTime value={model.added_at} />
              </Cell>
              <Cell align="right">
                <Button
                  size="sm"
                  variant="ghost"
                  onClick={() => store.removeModel(model.id)}
                  icon={<CloseIcon size={13} />}
                  aria-label={`Remove ${model.name ?? model.id} from this browser's list`}
                  title="Remove from this list (the model stays on the service)"
                />
              </Cell>
            </BodyRow>
          ))}
        </tbody>
      </Table>
    </TableFrame>
  );
}
