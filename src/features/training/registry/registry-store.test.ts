import { describe, expect, it } from "vitest";
import { queueOrigin } from "@/test/queue-origin";
import { exportRegistry, parseRegistryFile } from "./registry-file";
import { createRegistryStore, REGISTRY_KEY_PREFIX } from "./registry-store";

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => void items.set(k, v),
    removeItem: (k: string) => void items.delete(k),
  };
}

const NOW = () => new Date("2026-03-01T10:00:00.000Z");
const URL_A = "http://localhost:4000/api/training/v1";

describe("training registry store", () => {
  it("keeps models and jobs per service address, newest first", () => {
    const storage = memoryStorage();
    const a = createRegistryStore(storage, URL_A, NOW);
    a.upsertModel({ id: "model_1", entity: "demo", project: "p", name: "m1", source: "created" });
    a.upsertJob({ id: "job_1", model_id: "model_1", kind: "rl", source: "created" });
    a.upsertJob({ id: "job_2" });
    expect(a.getSnapshot().jobs.map((j) => j.id)).toEqual(["job_2", "job_1"]);
    expect(a.getSnapshot().jobs[0]).toEqual({ id: "job_2", added_at: "2026-03-01T10:00:00.000Z", source: "opened" });
    // Another address has its own registry; the same address reads back the same one.
    expect(createRegistryStore(storage, "https://api.training.wandb.ai/v1").getSnapshot().models).toEqual([]);
    expect(createRegistryStore(storage, URL_A).getSnapshot()).toEqual(a.getSnapshot());
    expect([...storage.items.keys()]).toEqual([`${REGISTRY_KEY_PREFIX}${URL_A}`]);
  });

  it("keeps where a job came from (a queue and its reward) through storage, export and import", () => {
    const storage = memoryStorage();
    const origin = queueOrigin("demo/support-bot", "Tone review", "abc");
    const store = createRegistryStore(storage, URL_A, NOW);
    store.upsertJob({ id: "job_q", model_id: "model_1", kind: "rl", source: "created", origin });
    expect(createRegistryStore(storage, URL_A).getSnapshot().jobs[0]?.origin).toEqual(origin);
    // A browser that knew the job without its origin gains it from an import.
    const other = createRegistryStore(memoryStorage(), URL_A, NOW);
    other.upsertJob({ id: "job_q" });
    const file = parseRegistryFile(JSON.stringify(exportRegistry(store.getSnapshot(), URL_A)));
    expect(file.ok).toBe(true);
    other.importFile(file.ok ? file.file : { models: [], jobs: [] });
    expect(other.getSnapshot().jobs[0]?.origin).toEqual(origin);
  });

  it("adds details to a known entry without losing what it had", () => {
    const store = createRegistryStore(memoryStorage(), URL_A, NOW);
    store.upsertJob({ id: "job_1", kind: "rl", source: "created" });
    store.upsertJob({ id: "job_1", model_id: "model_9" });
    expect(store.getSnapshot().jobs).toEqual([
      { id: "job_1", kind: "rl", model_id: "model_9", added_at: "2026-03-01T10:00:00.000Z", source: "created" },
    ]);
    store.removeJob("job_1");
    expect(store.getSnapshot().jobs).toEqual([]);
  });

  it("keeps the valid entries of damaged storage", () => {
    const storage = memoryStorage();
    storage.setItem(
      `${REGISTRY_KEY_PREFIX}${URL_A}`,
      JSON.stringify({ models: [{ id: "model_ok", added_at: "x", source: "opened" }, { nope: true }], jobs: [42] }),
    );
    expect(createRegistryStore(storage, URL_A).getSnapshot()).toEqual({
      models: [{ id: "model_ok", added_at: "x", source: "opened" }],
      jobs: [],
    });
    storage.setItem(`${REGISTRY_KEY_PREFIX}${URL_A}`, "{broken");
    expect(createRegistryStore(storage, URL_A).getSnapshot()).toEqual({ models: [], jobs: [] });
  });

  it("exports and imports, merging without losing anything", () => {
    const source = createRegistryStore(memoryStorage(), URL_A, NOW);
    source.upsertModel({ id: "model_1", entity: "demo", project: "p", name: "m1", base_model: "b", source: "created" });
    source.upsertJob({ id: "job_1", model_id: "model_1", kind: "sft", source: "created" });
    const text = JSON.stringify(exportRegistry(source.getSnapshot(), URL_A, NOW()));

    const target = createRegistryStore(memoryStorage(), URL_A, NOW);
    target.upsertModel({ id: "model_1" }); // known by id only
    target.upsertJob({ id: "job_0" });
    const parsed = parseRegistryFile(text);
    if (!parsed.ok) throw new Error(parsed.error);
    const report = target.importFile(parsed.file);
    expect(report).toEqual({ addedModels: 0, addedJobs: 1, updated: 1, unchanged: 0 });
    expect(target.getSnapshot().models[0]).toMatchObject({
      id: "model_1",
      name: "m1",
      entity: "demo",
      source: "opened",
    });
    expect(target.getSnapshot().jobs.map((j) => [j.id, j.source])).toEqual([
      ["job_0", "opened"],
      ["job_1", "imported"],
    ]);
    expect(target.importFile(parsed.file)).toEqual({ addedModels: 0, addedJobs: 0, updated: 0, unchanged: 2 });
  });

  it("rejects a bad import file with a clear reason", () => {
    expect(parseRegistryFile("not json")).toMatchObject({
      ok: false,
      error: expect.stringMatching(/^The file is not JSON/),
    });
    expect(parseRegistryFile('{"models": []}')).toMatchObject({
      ok: false,
      error: expect.stringMatching(/not a training registry export/),
    });
    const bad = parseRegistryFile(
      JSON.stringify({ format: "wbops.training-registry", version: 1, models: [{ id: "" }], jobs: [] }),
    );
    expect(bad).toMatchObject({ ok: false });
    expect(!bad.ok && bad.error).toMatch(/models\[0\]\.id: must not be empty|models\[0\]\.id/);
    expect(!bad.ok && bad.error).toMatch(/models\[0\]\.added_at: is required/);
  });

  it("follows other tabs through the storage event", () => {
    const storage = memoryStorage();
    const store = createRegistryStore(storage, URL_A, NOW);
    let calls = 0;
    const unsubscribe = store.subscribe(() => (calls += 1));
    const other = JSON.stringify({ models: [], jobs: [{ id: "job_x", added_at: "t", source: "opened" }] });
    window.dispatchEvent(new StorageEvent("storage", { key: `${REGISTRY_KEY_PREFIX}${URL_A}`, newValue: other }));
    window.dispatchEvent(new StorageEvent("storage", { key: "unrelated", newValue: "{}" }));
    expect(calls).toBe(1);
    expect(store.getSnapshot().jobs.map((j) => j.id)).toEqual(["job_x"]);
    unsubscribe();
  });
});
