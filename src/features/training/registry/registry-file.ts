import { formatPath } from "../create-job/trajectory-file";
import { readableIssues } from "@/lib/zod-issues";
import { REGISTRY_FILE_FORMAT, RegistryFile, type Registry } from "./registry-schema";

export type ImportResult = { ok: true; file: RegistryFile } | { ok: false; error: string };

/** The export file for a registry. */
export function exportRegistry(registry: Registry, serviceUrl: string, now = new Date()): RegistryFile {
  return {
    format: REGISTRY_FILE_FORMAT,
    version: 1,
    service_url: serviceUrl,
    exported_at: now.toISOString(),
    models: registry.models,
    jobs: registry.jobs,
  };
}

/** Checks an import file completely before anything is merged, so a bad file changes nothing. */
export function parseRegistryFile(text: string): ImportResult {
  let value: unknown;
  try {
    value = JSON.parse(text.replace(/^\uFEFF/, ""));
  } catch (error) {
    return { ok: false, error: `The file is not JSON (${error instanceof Error ? error.message : String(error)}).` };
  }
  if (typeof value !== "object" || value === null || (value as { format?: unknown }).format !== REGISTRY_FILE_FORMAT) {
    return {
      ok: false,
      error: `This is not a training registry export: it has no "format": "${REGISTRY_FILE_FORMAT}".`,
    };
  }
  const parsed = RegistryFile.safeParse(value, { reportInput: true });
  if (!parsed.success) {
    const issues = readableIssues(parsed.error.issues);
    const listed = issues.slice(0, 5).map((i) => `${formatPath(i.path) || "file"}: ${i.message}`);
    const more = issues.length > 5 ? ` (and ${issues.length - 5} more)` : "";
    return { ok: false, error: `The file does not have the expected entries: ${listed.join("; ")}${more}.` };
  }
  return { ok: true, file: parsed.data };
}

export type MergeReport = { addedModels: number; addedJobs: number; updated: number; unchanged: number };

/**
 * Adds the file's entries to `registry`. Entries already known keep what they have and gain the
 * details they lacked (a model's name, a job's model), so importing never loses anything.
 */
export function mergeRegistry(
  registry: Registry,
  file: Pick<RegistryFile, "models" | "jobs">,
): { registry: Registry; report: MergeReport } {
  const report: MergeReport = { addedModels: 0, addedJobs: 0, updated: 0, unchanged: 0 };
  const models = new Map(registry.models.map((m) => [m.id, m]));
  for (const incoming of file.models) {
    const known = models.get(incoming.id);
    if (!known) {
      models.set(incoming.id, { ...incoming, source: "imported" });
      report.addedModels += 1;
      continue;
    }
    const merged = fillMissing(known, incoming, ["entity", "project", "name", "base_model"]);
    if (merged === known) report.unchanged += 1;
    else {
      models.set(incoming.id, merged);
      report.updated += 1;
    }
  }
  const jobs = new Map(registry.jobs.map((j) => [j.id, j]));
  for (const incoming of file.jobs) {
    const known = jobs.get(incoming.id);
    if (!known) {
      jobs.set(incoming.id, { ...incoming, source: "imported" });
      report.addedJobs += 1;
      continue;
    }
    const merged = fillMissing(known, incoming, [
      "model_id",
      "kind",
      "created_at",
      "request",
      "data_size",
      "origin",
      "seen_started_at",
      "seen_finished_at",
    ]);
    if (merged === known) report.unchanged += 1;
    else {
      jobs.set(incoming.id, merged);
      report.updated += 1;
    }
  }
  return { registry: { models: [...models.values()], jobs: [...jobs.values()] }, report };
}

function fillMissing<T extends object>(known: T, incoming: T, fields: (keyof T)[]): T {
  let result = known;
  for (const field of fields) {
    if ((known[field] === undefined || known[field] === "") && incoming[field] !== undefined) {
      result = { ...result, [field]: incoming[field] };
    }
  }
  return result;
}
