import { screen, within } from "@testing-library/react";
import { afterEach, expect, it } from "vitest";
import { createApiClients } from "@/api/clients";
import { createLocalServer } from "@/test/local-server";
import { REGISTRY_KEY_PREFIX } from "../registry/registry-store";
import { createRlJob, renderTraining } from "../test-support";

afterEach(() => {
  localStorage.clear();
});

// The job page outlives the Settings it was made under: the queue it names may be of a project
// no longer chosen, so its link says which.
it("links the queue a job was trained from with the queue's project", async () => {
  const server = createLocalServer();
  const clients = createApiClients(server.settings, { fetch: server.fetch });
  const { jobId } = await createRlJob(clients, 2);
  const origin = {
    kind: "queue",
    projectId: "demo/claims-bot",
    queueId: "q-claims",
    queueName: "Claims triage",
    rewardSpec: { ref: "weave:///demo/claims-bot/object/accuracy:abc", label: "Accuracy" },
  };
  localStorage.setItem(
    `${REGISTRY_KEY_PREFIX}${server.settings.trainingBaseUrl}`,
    JSON.stringify({
      models: [],
      jobs: [{ id: jobId, added_at: new Date().toISOString(), source: "created", origin }],
    }),
  );
  renderTraining(`/training/jobs/${jobId}`, server);
  const said = await screen.findByTestId("job-origin", {}, { timeout: 10_000 });
  expect(within(said).getByRole("link", { name: "Claims triage" })).toHaveAttribute(
    "href",
    "/queues/q-claims?annotation_project=demo%2Fclaims-bot",
  );
}, 30_000);
