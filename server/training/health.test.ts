import { describe, expect, it } from "vitest";
import { bearer, call, createTestApp } from "../testing/test-app";
import { TRAINING, createServicesForTest } from "./test-support";

describe("health endpoints", () => {
  it("GET /health needs no key", async () => {
    const { app } = createTestApp();
    const res = await call(app, "GET", `${TRAINING}/health`);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ status: "ok" });
  });

  it("GET /system-check is ok when the runner is started", async () => {
    const { app, runner } = createTestApp();
    runner.start();
    const res = await call(app, "GET", `${TRAINING}/system-check`, { headers: bearer() });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ api: "ok", database: "ok", cpu_queue: "ok", gpu_queue: "ok" });
    await runner.stop();
  });

  it("is 503 with the same body when the job runner is not running", async () => {
    const { app, runner } = createServicesForTest();
    const idle = await call(app, "GET", `${TRAINING}/system-check`, { headers: bearer() });
    expect(idle.status).toBe(503);
    expect(idle.json).toEqual({ api: "ok", database: "ok", cpu_queue: "ok", gpu_queue: "Job runner not started" });
    runner.start();
    await runner.stop();
    const stopped = await call(app, "GET", `${TRAINING}/system-check`, { headers: bearer() });
    expect(stopped.status).toBe(503);
    expect(stopped.json.gpu_queue).toBe("Job runner stopped");
  });

  it.each(["api", "database", "cpu_queue", "gpu_queue"])("can be forced to fail the %s check (SIMULATE_CHECK_FAILURE)", async (check) => {
    const { app, runner } = createServicesForTest({ simulateCheckFailure: check });
    runner.start();
    const res = await call(app, "GET", `${TRAINING}/system-check`, { headers: bearer() });
    expect(res.status).toBe(503);
    expect(res.json[check]).toBe(`Simulated failure (SIMULATE_CHECK_FAILURE=${check})`);
    expect(Object.values(res.json).filter((v) => v === "ok")).toHaveLength(3);
    await runner.stop();
  });

  it("ignores a forced failure naming no check", async () => {
    const { app, runner } = createServicesForTest({ simulateCheckFailure: "nonsense" });
    runner.start();
    expect((await call(app, "GET", `${TRAINING}/system-check`, { headers: bearer() })).status).toBe(200);
    await runner.stop();
  });
});
