import { describe, expect, it } from "vitest";
import { EMPTY_SUMMARY, type JobSummary } from "../events/job-summary";
import type { Registry, RegistryJob } from "../registry/registry-schema";
import { findBlocker } from "./queued-reason";

const job = (id: string, model: string | undefined, addedAt: string): RegistryJob => ({
  id,
  model_id: model,
  added_at: addedAt,
  source: "created",
});
const summary = (state: JobSummary["state"]): JobSummary => ({ ...EMPTY_SUMMARY, state });

describe("what a queued job waits for", () => {
  const mine = job("job_c", "model_a", "2026-11-24T10:02:00Z");
  const registry: Registry = {
    models: [],
    jobs: [
      job("job_a", "model_a", "2026-11-24T10:00:00Z"),
      job("job_b", "model_a", "2026-11-24T10:01:00Z"),
      mine,
      job("job_x", "model_b", "2026-11-24T09:00:00Z"),
      job("job_d", "model_a", "2026-11-24T10:03:00Z"),
    ],
  };

  it("the running job of the same model, before any queued one", () => {
    const states: Record<string, JobSummary> = {
      job_a: summary("queued"),
      job_b: summary("running"),
      job_x: summary("running"),
      job_d: summary("queued"),
    };
    expect(findBlocker(mine, registry, (id) => states[id] ?? null)?.id).toBe("job_b");
  });

  it("else the earliest queued job of the same model added before it; never another model's or a later one", () => {
    const states: Record<string, JobSummary> = {
      job_a: summary("succeeded"),
      job_b: summary("queued"),
      job_x: summary("running"),
      job_d: summary("queued"),
    };
    expect(findBlocker(mine, registry, (id) => states[id] ?? null)?.id).toBe("job_b");
    expect(
      findBlocker(mine, registry, (id) => (id === "job_d" || id === "job_x" ? summary("running") : null))?.id,
    ).toBe("job_d");
    expect(findBlocker(mine, registry, () => summary("succeeded"))).toBeNull();
    expect(findBlocker(job("job_z", undefined, "2026-11-24T11:00:00Z"), registry, () => summary("running"))).toBeNull();
  });
});
