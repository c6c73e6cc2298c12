import { useRef, useState, type ChangeEvent } from "react";
import { useApiClients } from "@/connection/api-clients";
import { Button, buttonClasses } from "@/components/button";
import { DownloadIcon, UploadIcon } from "@/components/icons";
import { exportRegistry, parseRegistryFile, type MergeReport } from "./registry-file";
import { useRegistry, useRegistryStore } from "./registry-context";
import { UntrustedText } from "@/components/untrusted-text";
import { downloadFile } from "@/lib/download-file";

function plural(count: number, word: string) {
  return `${count} ${word}${count === 1 ? "" : "s"}`;
}

function describeReport(report: MergeReport, origin: string): string {
  const parts = [`Imported ${plural(report.addedModels, "model")} and ${plural(report.addedJobs, "job")}${origin}`];
  if (report.updated) parts.push(`${plural(report.updated, "known entry")} gained details`);
  if (report.unchanged) parts.push(`${plural(report.unchanged, "entry")} already known`);
  return `${parts.join("; ")}.`;
}

/**
 * Moves the registry between browsers: export writes a JSON file, import checks the whole file
 * before merging it in (nothing is removed, so a bad or partial file loses nothing).
 */
export function RegistryTransfer() {
  const { training } = useApiClients();
  const registry = useRegistry();
  const store = useRegistryStore();
  const fileInput = useRef<HTMLInputElement>(null);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);

  const exportFile = () => {
    const file = exportRegistry(registry, training.scope.baseUrl);
    downloadFile(
      JSON.stringify(file, null, 2),
      `training-registry-${new Date().toISOString().slice(0, 10)}.json`,
      "application/json",
    );
    setResult({
      ok: true,
      text: `Exported ${plural(registry.models.length, "model")} and ${plural(registry.jobs.length, "job")}.`,
    });
  };

  const importFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = "";
    if (!file) return;
    const parsed = parseRegistryFile(await file.text());
    if (!parsed.ok) {
      setResult({ ok: false, text: `Nothing was imported from ${file.name}: ${parsed.error}` });
      return;
    }
    const report = store.importFile(parsed.file);
    const elsewhere =
      parsed.file.service_url && parsed.file.service_url !== training.scope.baseUrl
        ? ` (exported from ${parsed.file.service_url})`
        : "";
    setResult({ ok: true, text: describeReport(report, elsewhere) });
  };

  return (
    <section aria-labelledby="registry-transfer-heading" className="rounded-lg border border-line bg-surface px-4 py-3">
      <div className="flex flex-wrap items-center gap-3">
        {/* At least 16rem: on a phone the buttons wrap below the text rather than squeeze it into a column. */}
        <div className="min-w-0 flex-1 basis-64">
          <h2 id="registry-transfer-heading" className="text-sm font-semibold text-fg">
            This browser's list
          </h2>
          <p className="text-xs [overflow-wrap:anywhere] text-fg-muted">
            {plural(registry.models.length, "model")} and {plural(registry.jobs.length, "job")} for{" "}
            {training.scope.baseUrl}, kept in this browser's storage.
          </p>
        </div>
        <Button size="sm" onClick={exportFile} icon={<DownloadIcon size={13} />}>
          Export JSON
        </Button>
        <label
          className={buttonClasses(
            "secondary",
            "sm",
            "cursor-pointer has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-focus",
          )}
        >
          <UploadIcon size={13} />
          Import JSON
          <input
            ref={fileInput}
            type="file"
            accept="application/json,.json"
            className="sr-only"
            onChange={(event) => void importFile(event)}
          />
        </label>
      </div>
      {/* Both regions are always present, so a screen reader hears each new result. */}
      <output className="block">
        {result?.ok ? (
          <p className="mt-2 text-xs text-fg">
            <UntrustedText text={result.text} />
          </p>
        ) : null}
      </output>
      <div role="alert">
        {result && !result.ok ? (
          <p className="mt-2 text-xs font-medium text-red-700 dark:text-red-400">
            <UntrustedText text={result.text} />
          </p>
        ) : null}
      </div>
    </section>
  );
}
