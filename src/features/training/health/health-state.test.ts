import { describe, expect, it } from "vitest";
import { createApiClients } from "@/api/clients";
import { createLocalServer } from "@/test/local-server";
import { deriveTrainingHealth } from "./health-state";

async function settle<T>(promise: Promise<T>) {
  try {
    return { data: await promise, isPending: false };
  } catch (error) {
    return { error, isPending: false };
  }
}

describe("training service health", () => {
  it("is OK when every system check passes", async () => {
    const server = createLocalServer();
    const { training } = createApiClients(server.settings, { fetch: server.fetch });
    const health = deriveTrainingHealth(await settle(training.health()), {
      ...(await settle(training.systemCheck())),
      enabled: true,
    });
    expect(health).toMatchObject({ level: "ok", label: "Training service OK" });
    expect(health.details[0]).toMatch(/gpu_queue/);
  });

  it("is degraded, naming the check, when the system check answers 503", async () => {
    const server = createLocalServer();
    const { training } = createApiClients(server.settings, { fetch: server.fetch });
    await server.runner.stop(); // the gpu_queue check now reports the stopped runner
    const check = await settle(training.systemCheck());
    const health = deriveTrainingHealth(await settle(training.health()), { ...check, enabled: true });
    expect(health.level).toBe("degraded");
    expect(health.label).toBe("Training degraded: gpu_queue");
    expect(health.details[0]).toMatch(/^gpu_queue: /);
  });

  it("is down when the service does not answer", async () => {
    const server = createLocalServer({ trainingBaseUrl: "http://unreachable.test/v1" });
    const { training } = createApiClients(server.settings, { fetch: server.fetch, timeoutMs: 1000 });
    const health = deriveTrainingHealth(await settle(training.health()), { isPending: true, enabled: true });
    expect(health.level).toBe("down");
    expect(health.details[0]).toMatch(/health check failed/);
  });

  it("says what it knows without a key, and while checking", () => {
    expect(
      deriveTrainingHealth({ data: { status: "ok" }, isPending: false }, { isPending: true, enabled: false }).level,
    ).toBe("unknown");
    expect(deriveTrainingHealth({ isPending: true }, { isPending: true, enabled: true }).level).toBe("checking");
  });
});
