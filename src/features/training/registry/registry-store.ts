import * as z from "zod/mini";
import { readItem, writeItem, type StorageArea } from "@/lib/browser-storage";
import { mergeRegistry, type MergeReport } from "./registry-file";
import { EMPTY_REGISTRY, RegistryJob, RegistryModel, type Registry, type RegistryFile } from "./registry-schema";
import { storageListeners } from "@/lib/storage-listeners";

export const REGISTRY_KEY_PREFIX = "wbops.training.registry.v1:";

export type RegistryStore = {
  readonly storageKey: string;
  getSnapshot(): Registry;
  subscribe(listener: () => void): () => void;
  /** Adds or updates (known fields are kept unless `patch` sets them). */
  upsertModel(model: Omit<RegistryModel, "added_at" | "source"> & Partial<Pick<RegistryModel, "source">>): void;
  removeModel(id: string): void;
  upsertJob(job: Omit<RegistryJob, "added_at" | "source"> & Partial<Pick<RegistryJob, "source">>): void;
  removeJob(id: string): void;
  importFile(file: Pick<RegistryFile, "models" | "jobs">): MergeReport;
  /** False when the browser refused to store the last change (storage full or disabled). */
  persisted(): boolean;
};

const Stored = z.object({ models: z.array(z.unknown()), jobs: z.array(z.unknown()) });

/** Reads what is stored, keeping every valid entry even if others are damaged. */
function readRegistry(raw: string | null): Registry {
  if (!raw) return EMPTY_REGISTRY;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return EMPTY_REGISTRY;
  }
  const stored = Stored.safeParse(value);
  if (!stored.success) return EMPTY_REGISTRY;
  const models = stored.data.models.flatMap((m) => {
    const parsed = RegistryModel.safeParse(m);
    return parsed.success ? [parsed.data] : [];
  });
  const jobs = stored.data.jobs.flatMap((j) => {
    const parsed = RegistryJob.safeParse(j);
    return parsed.success ? [parsed.data] : [];
  });
  return { models, jobs };
}

function withoutUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/**
 * One service's registry in local storage. Other tabs' changes arrive through the `storage`
 * event, so two open dashboards agree.
 */
export function createRegistryStore(
  area: StorageArea | undefined,
  serviceUrl: string,
  now: () => Date = () => new Date(),
): RegistryStore {
  const storageKey = `${REGISTRY_KEY_PREFIX}${serviceUrl}`;
  let snapshot = readRegistry(readItem(area, storageKey));
  let lastWriteOk = true;
  const listeners = storageListeners((event) => {
    if (event.key !== storageKey) return;
    snapshot = readRegistry(event.newValue);
    listeners.notify();
  });
  const commit = (next: Registry) => {
    snapshot = next;
    lastWriteOk = writeItem(area, storageKey, JSON.stringify(next));
    listeners.notify();
  };

  return {
    storageKey,
    getSnapshot: () => snapshot,
    subscribe: listeners.subscribe,
    upsertModel(model) {
      const known = snapshot.models.find((m) => m.id === model.id);
      const next: RegistryModel = known
        ? { ...known, ...withoutUndefined(model), source: known.source }
        : { ...withoutUndefined(model), id: model.id, added_at: now().toISOString(), source: model.source ?? "opened" };
      if (known && JSON.stringify(known) === JSON.stringify(next)) return;
      commit({
        ...snapshot,
        models: known ? snapshot.models.map((m) => (m.id === model.id ? next : m)) : [next, ...snapshot.models],
      });
    },
    removeModel(id) {
      commit({ ...snapshot, models: snapshot.models.filter((m) => m.id !== id) });
    },
    upsertJob(job) {
      const known = snapshot.jobs.find((j) => j.id === job.id);
      const next: RegistryJob = known
        ? { ...known, ...withoutUndefined(job), source: known.source }
        : { ...withoutUndefined(job), id: job.id, added_at: now().toISOString(), source: job.source ?? "opened" };
      if (known && JSON.stringify(known) === JSON.stringify(next)) return;
      commit({
        ...snapshot,
        jobs: known ? snapshot.jobs.map((j) => (j.id === job.id ? next : j)) : [next, ...snapshot.jobs],
      });
    },
    removeJob(id) {
      commit({ ...snapshot, jobs: snapshot.jobs.filter((j) => j.id !== id) });
    },
    importFile(file) {
      const { registry, report } = mergeRegistry(snapshot, file);
      commit(registry);
      return report;
    },
    persisted: () => lastWriteOk,
  };
}
