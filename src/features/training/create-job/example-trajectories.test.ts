import { describe, expect, it } from "vitest";
import { createApiClients } from "@/api/clients";
import { createLocalServer } from "@/test/local-server";
import { createModel } from "../test-support";
import { EXAMPLE_TRAJECTORY_JSONL, exampleHref } from "./example-trajectories";
import { readTrajectoryFile } from "./trajectory-file";

describe("the downloadable RL example", () => {
  it("passes the dashboard's own file check", () => {
    const file = readTrajectoryFile(EXAMPLE_TRAJECTORY_JSONL, "example.jsonl");
    expect(file.issues).toEqual([]);
    expect(file.groups).toHaveLength(2);
    // Each group's rewards differ: a group of equal rewards teaches nothing.
    for (const group of file.groups) expect(new Set(group.trajectories.map((t) => t.reward)).size).toBeGreaterThan(1);
  });

  it("is accepted by the local training service as an RL job", async () => {
    const server = createLocalServer();
    const clients = createApiClients(server.settings, { fetch: server.fetch });
    const model = await createModel(clients);
    const { groups } = readTrajectoryFile(EXAMPLE_TRAJECTORY_JSONL, "example.jsonl");
    const job = await clients.training.createRLJob({ model_id: model.id, trajectory_groups: groups });
    expect(job.id).toMatch(/^job_/);
  });

  it("downloads exactly that text", () => {
    const href = exampleHref();
    expect(decodeURIComponent(href.slice(href.indexOf(",") + 1))).toBe(EXAMPLE_TRAJECTORY_JSONL);
  });
});
