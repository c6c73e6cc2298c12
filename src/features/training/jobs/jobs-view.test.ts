import { describe, expect, it } from "vitest";
import { readUrlView, writeUrlView } from "@/lib/url-state/use-url-table";
import { EMPTY_SUMMARY, type JobState, type JobSummary } from "../events/job-summary";
import type { RegistryJob, RegistryModel } from "../registry/registry-schema";
import { JOBS_URL_CODEC, nextJobSort } from "./jobs-url-state";
import { filterJobs, matchesJobSearch, modelsOfJobs, repeatsOnModel, sortJobs, type JobListEntry } from "./jobs-view";

const model = (id: string, name: string, base = "Qwen/Qwen2.5-7B-Instruct"): RegistryModel => ({
  id,
  name,
  entity: "demo",
  project: "support-bot",
  base_model: base,
  added_at: "2026-01-01T00:00:00Z",
  source: "created",
});
const job = (id: string, modelId: string | undefined, minute: number): RegistryJob => ({
  id,
  model_id: modelId,
  added_at: `2026-01-01T10:${String(minute).padStart(2, "0")}:00Z`,
  source: "created",
});
const summary = (state: JobState, stepsDone = 0, numSequences: number | null = 10): JobSummary => ({
  ...EMPTY_SUMMARY,
  state,
  stepsDone,
  numSequences,
  eventCount: 1,
});

const rl = model("model_a", "support-rl");
const sft = model("model_b", "support-sft", "meta-llama/Llama-3.1-8B");
// The registry's order: newest first.
const entries: JobListEntry[] = [
  { job: job("job_4", "model_a", 40), model: rl, summary: summary("running", 3) },
  { job: job("job_3", "model_b", 30), model: sft, summary: summary("succeeded", 10) },
  { job: job("job_2", undefined, 20), model: undefined, summary: null },
  { job: job("job_1", "model_a", 10), model: rl, summary: summary("failed", 7) },
];
const ids = (list: JobListEntry[]) => list.map((e) => e.job.id);

describe("jobs list view", () => {
  it("searches the job id, the model's name and id, and the base model, ignoring case", () => {
    expect(ids(entries.filter((e) => matchesJobSearch(e, "SUPPORT-RL")))).toEqual(["job_4", "job_1"]);
    expect(ids(entries.filter((e) => matchesJobSearch(e, "llama")))).toEqual(["job_3"]);
    expect(ids(entries.filter((e) => matchesJobSearch(e, "job_2")))).toEqual(["job_2"]);
    expect(ids(entries.filter((e) => matchesJobSearch(e, "model_b")))).toEqual(["job_3"]);
    expect(ids(entries.filter((e) => matchesJobSearch(e, "  ")))).toHaveLength(4);
  });

  it("filters by state and model together; a job whose events are unread matches no state", () => {
    expect(ids(filterJobs(entries, { q: "", state: "failed", model: "" }))).toEqual(["job_1"]);
    expect(ids(filterJobs(entries, { q: "", state: null, model: "model_a" }))).toEqual(["job_4", "job_1"]);
    expect(ids(filterJobs(entries, { q: "", state: "running", model: "model_b" }))).toEqual([]);
    expect(ids(filterJobs(entries, { q: "", state: "queued", model: "" }))).toEqual([]);
  });

  it("sorts by each column both ways, with what is unknown last either way", () => {
    expect(ids(sortJobs(entries, { field: "created", direction: "desc" }))).toEqual([
      "job_4",
      "job_3",
      "job_2",
      "job_1",
    ]);
    expect(ids(sortJobs(entries, { field: "created", direction: "asc" }))).toEqual([
      "job_1",
      "job_2",
      "job_3",
      "job_4",
    ]);
    // Running, then failed, then succeeded; the unread job last.
    expect(ids(sortJobs(entries, { field: "state", direction: "asc" }))).toEqual(["job_4", "job_1", "job_3", "job_2"]);
    expect(ids(sortJobs(entries, { field: "state", direction: "desc" }))).toEqual(["job_3", "job_1", "job_4", "job_2"]);
    // Equal model names keep the newest first.
    expect(ids(sortJobs(entries, { field: "model", direction: "asc" }))).toEqual(["job_4", "job_1", "job_3", "job_2"]);
    expect(ids(sortJobs(entries, { field: "progress", direction: "desc" }))).toEqual([
      "job_3",
      "job_1",
      "job_4",
      "job_2",
    ]);
    expect(ids(sortJobs(entries, { field: "progress", direction: "asc" }))).toEqual([
      "job_4",
      "job_1",
      "job_3",
      "job_2",
    ]);
  });

  it("numbers the jobs of one model oldest first, equal times by the registry's order, and leaves single jobs alone", () => {
    const repeats = repeatsOnModel(entries.map((e) => e.job));
    expect(repeats.get("job_1")).toEqual({ index: 1, of: 2 });
    expect(repeats.get("job_4")).toEqual({ index: 2, of: 2 });
    expect(repeats.has("job_3")).toBe(false);
    expect(repeats.has("job_2")).toBe(false);
    // The seeded demo joins at one time: the registry lists the newest first.
    const sameTime = [job("job_b", "model_a", 5), job("job_a", "model_a", 5)];
    expect(repeatsOnModel(sameTime).get("job_a")).toEqual({ index: 1, of: 2 });
  });

  it("offers each model once, by name", () => {
    expect(modelsOfJobs(entries)).toEqual([
      { id: "model_a", label: "support-rl" },
      { id: "model_b", label: "support-sft" },
    ]);
  });
});

const read = (search: string) => readUrlView(JOBS_URL_CODEC, new URLSearchParams(search));

describe("jobs list URL state", () => {
  it("reads search, state, model and sort, and writes a plain address for the default view", () => {
    const { state, issues } = read("q=%20rl%20&state=running&model=model_a&sort=progress.asc");
    expect(issues).toEqual([]);
    expect(state).toEqual({
      q: "rl",
      state: "running",
      model: "model_a",
      sort: { field: "progress", direction: "asc" },
    });
    expect(writeUrlView(JOBS_URL_CODEC, state).toString()).toBe("q=rl&state=running&model=model_a&sort=progress.asc");
    expect(writeUrlView(JOBS_URL_CODEC, read("").state).toString()).toBe("");
  });

  it("reports what it does not understand and falls back, keeping other owners' parameters", () => {
    const { state, issues } = read("state=done&sort=latest.desc&compare=job_1");
    expect(state.state).toBeNull();
    expect(state.sort).toEqual({ field: "created", direction: "desc" });
    expect(issues.map((i) => i.param)).toEqual(["state", "sort"]);
    expect(writeUrlView(JOBS_URL_CODEC, state, new URLSearchParams("compare=job_1&state=done")).toString()).toBe(
      "compare=job_1",
    );
  });

  it("flips the sorted column and starts another in its natural direction", () => {
    expect(nextJobSort({ field: "created", direction: "desc" }, "created")).toEqual({
      field: "created",
      direction: "asc",
    });
    expect(nextJobSort({ field: "created", direction: "desc" }, "model")).toEqual({ field: "model", direction: "asc" });
    expect(nextJobSort({ field: "model", direction: "asc" }, "progress")).toEqual({
      field: "progress",
      direction: "desc",
    });
  });
});
