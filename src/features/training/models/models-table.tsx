import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router-dom";
import { modelQueries } from "../api/models";
import { useApiClients } from "@/connection/api-clients";
import { Button } from "@/components/button";
import { CopyButton } from "@/components/copy-button";
import { CloseIcon } from "@/components/icons";
import { RelativeTime } from "@/components/relative-time";
import { useRegistryStore } from "../registry/registry-context";
import type { RegistryModel } from "../registry/registry-schema";
import { createDataColumnHelper, DataTable, TableFrame, useDataTable } from "@/components/table";
import { UntrustedText } from "@/components/untrusted-text";
import { paths } from "@/lib/paths";

/** The newest checkpoint of a model: one request of one checkpoint. */
function LatestCheckpoint({ modelId }: { modelId: string }) {
  const { training } = useApiClients();
  const latest = useQuery(modelQueries.checkpointsPage(training, modelId, { limit: 1, order: "desc" }));
  if (latest.isPending) return <span className="text-fg-muted">…</span>;
  if (latest.isError) return <span className="text-red-700 dark:text-red-400">{latest.error.message}</span>;
  const checkpoint = latest.data.data[0];
  return checkpoint ? (
    <span className="tabular-nums">step {checkpoint.step}</span>
  ) : (
    <span className="text-fg-muted">none yet</span>
  );
}

function RemoveCell({ model }: { model: RegistryModel }) {
  const store = useRegistryStore();
  return (
    <Button
      size="sm"
      variant="ghost"
      onClick={() => store.removeModel(model.id)}
      icon={<CloseIcon size={13} />}
      aria-label={`Remove ${model.name ?? model.id} from this browser's list`}
      title="Remove from this list (the model stays on the service)"
    />
  );
}

const helper = createDataColumnHelper<RegistryModel>();

const MODEL_COLUMNS = helper.columns([
  helper.display({
    id: "model",
    meta: { label: "Model" },
    cell: ({ row: { original: model } }) => (
      <>
        <Link to={paths.trainingModel(model.id)} className="font-medium text-link hover:underline">
          <UntrustedText text={model.name ?? model.id} />
        </Link>
        {model.entity && model.project ? (
          <span className="block text-xs text-fg-muted">
            {model.entity}/{model.project}
          </span>
        ) : null}
      </>
    ),
  }),
  helper.display({
    id: "base",
    meta: { label: "Base model", cellClassName: "font-mono text-xs text-fg-muted" },
    cell: ({ row: { original: model } }) => (model.base_model ? <UntrustedText text={model.base_model} /> : "—"),
  }),
  helper.display({
    id: "id",
    meta: { label: "ID" },
    cell: ({ row: { original: model } }) => (
      <span className="inline-flex items-center gap-1 font-mono text-xs text-fg">
        <UntrustedText text={model.id} />
        <CopyButton text={model.id} label={`Copy ID of ${model.name ?? model.id}`} />
      </span>
    ),
  }),
  helper.display({
    id: "latest",
    meta: { label: "Latest checkpoint", cellClassName: "text-xs" },
    cell: ({ row: { original: model } }) => <LatestCheckpoint modelId={model.id} />,
  }),
  helper.display({
    id: "added",
    meta: { label: "Added", cellClassName: "text-xs text-fg-muted" },
    cell: ({ row: { original: model } }) => <RelativeTime value={model.added_at} />,
  }),
  helper.display({
    id: "actions",
    meta: { label: "Actions", align: "right", header: <span className="sr-only">Actions</span> },
    cell: ({ row: { original: model } }) => <RemoveCell model={model} />,
  }),
]);

const getRowId = (model: RegistryModel) => model.id;

export function ModelsTable({ models }: { models: RegistryModel[] }) {
  const table = useDataTable({ columns: MODEL_COLUMNS, data: models, getRowId });
  return (
    <TableFrame>
      <DataTable table={table} caption="Models this browser created or added" />
    </TableFrame>
  );
}
