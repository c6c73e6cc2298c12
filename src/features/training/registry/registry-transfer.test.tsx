import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { createLocalServer } from "@/test/local-server";
import { renderTraining } from "../test-support";

const FIRST = { timeout: 8000 };

describe("registry export and import", { timeout: 20_000 }, () => {
  it("rejects a bad file with a clear reason and keeps the list, then imports a good one", async () => {
    const server = createLocalServer();
    const key = `wbops.training.registry.v1:${server.settings.trainingBaseUrl}`;
    const before = JSON.stringify({
      models: [],
      jobs: [{ id: "job_kept", added_at: "2026-01-01T00:00:00.000Z", source: "opened" }],
    });
    localStorage.setItem(key, before);
    const { user } = renderTraining("/training", server);
    const section = await screen.findByRole("region", { name: "This browser's list" }, FIRST);
    const input = within(section).getByLabelText("Import JSON");

    await user.upload(input, new File(["{not json"], "bad.json", { type: "application/json" }));
    expect(await within(section).findByRole("alert")).toHaveTextContent(
      /Nothing was imported from bad\.json: The file is not JSON/,
    );
    expect(localStorage.getItem(key)).toBe(before);

    const good = {
      format: "wbops.training-registry",
      version: 1,
      service_url: "https://elsewhere.example/v1",
      models: [
        {
          id: "model_x",
          entity: "demo",
          project: "p",
          name: "x",
          added_at: "2026-01-01T00:00:00.000Z",
          source: "created",
        },
      ],
      jobs: [{ id: "job_y", model_id: "model_x", added_at: "2026-01-01T00:00:00.000Z", source: "created" }],
    };
    await user.upload(input, new File([JSON.stringify(good)], "registry.json", { type: "application/json" }));
    expect(
      await within(section).findByText("Imported 1 model and 1 job (exported from https://elsewhere.example/v1)."),
    ).toBeInTheDocument();
    const stored = JSON.parse(localStorage.getItem(key)!);
    expect(stored.jobs.map((j: { id: string }) => j.id).sort()).toEqual(["job_kept", "job_y"]);
    expect(await screen.findByRole("link", { name: "job_y" })).toBeInTheDocument();
  });
});
