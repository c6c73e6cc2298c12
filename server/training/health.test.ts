import { describe, expect, it } from "vitest";
import { call, createTestApp } from "../testing/test-app";
import { TRAINING, createServicesForTest } from "./test-support";

// The shape of /system-check is tested against upstream in upstream-shapes.test.ts; these are the
// local checks themselves.

describe("health endpoints", () => {
  it("GET /health needs no key", async () => {
    const { app } = createTestApp();
    const res = await call(app, "GET", `${TRAINING}/health`);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ status: "ok" });
  });

  it("reports the job runner as the gpu_queue check: not started, then stopped", async () => {
    const { app, runner } = createServicesForTest();
    const idle = await call(app, "GET", `${TRAINING}/system-check`);
    expect(idle.status).toBe(503);
    expect(idle.json.gpu_queue.error).toBe("Job runner not started");
    runner.start();
    expect((await call(app, "GET", `${TRAINING}/system-check`)).status).toBe(200);
    await runner.stop();
    const stopped = await call(app, "GET", `${TRAINING}/system-check`);
    expect(stopped.status).toBe(503);
    expect(stopped.json.gpu_queue.error).toBe("Job runner stopped");
  });

  it.each(["database", "cpu_queue", "gpu_queue"])(
    "can be forced to fail the %s check (SIMULATE_CHECK_FAILURE)",
    async (check) => {
      const { app, runner } = createServicesForTest({ simulateCheckFailure: check });
      runner.start();
      const res = await call(app, "GET", `${TRAINING}/system-check`);
      expect(res.status).toBe(503);
      expect(res.json[check]).toMatchObject({
        success: false,
        error: `Simulated failure (SIMULATE_CHECK_FAILURE=${check})`,
      });
      expect(["database", "cpu_queue", "gpu_queue"].filter((name) => res.json[name].success)).toHaveLength(2);
      expect(res.json.api).toBe(true);
      await runner.stop();
    },
  );

  it("ignores a forced failure naming no check", async () => {
    const { app, runner } = createServicesForTest({ simulateCheckFailure: "nonsense" });
    runner.start();
    expect((await call(app, "GET", `${TRAINING}/system-check`)).status).toBe(200);
    await runner.stop();
  });
});
