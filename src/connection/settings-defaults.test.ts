import { describe, expect, it } from "vitest";
import { WANDB_SERVICE_URLS, resolveDefaultUrls } from "./settings-defaults";

const ORIGIN = "http://127.0.0.1:4280";

describe("resolveDefaultUrls", () => {
  it("uses config.json first, resolving its paths against the serving origin", () => {
    const urls = resolveDefaultUrls(
      { traceBaseUrl: "/api/trace", trainingBaseUrl: "/api/training/v1", inferenceBaseUrl: "/api/inference/v1" },
      { VITE_TRACE_BASE_URL: "https://env.example.com" },
      ORIGIN,
    );
    expect(urls).toEqual({
      traceBaseUrl: "http://127.0.0.1:4280/api/trace",
      trainingBaseUrl: "http://127.0.0.1:4280/api/training/v1",
      inferenceBaseUrl: "http://127.0.0.1:4280/api/inference/v1",
      wandbApiBaseUrl: WANDB_SERVICE_URLS.wandbApiBaseUrl,
    });
  });

  it("falls back to the build env, then to the real W&B services, per service", () => {
    const urls = resolveDefaultUrls(
      { traceBaseUrl: "not a url" },
      { VITE_TRAINING_BASE_URL: "https://proxy.example.com/train/v1/" },
      ORIGIN,
    );
    expect(urls).toEqual({
      traceBaseUrl: WANDB_SERVICE_URLS.traceBaseUrl,
      trainingBaseUrl: "https://proxy.example.com/train/v1",
      inferenceBaseUrl: WANDB_SERVICE_URLS.inferenceBaseUrl,
      wandbApiBaseUrl: WANDB_SERVICE_URLS.wandbApiBaseUrl,
    });
  });

  it("uses the real W&B addresses when nothing else is configured", () => {
    expect(resolveDefaultUrls(null, {}, ORIGIN)).toEqual({
      traceBaseUrl: "https://trace.wandb.ai",
      trainingBaseUrl: "https://api.training.wandb.ai/v1",
      inferenceBaseUrl: "https://api.inference.wandb.ai/v1",
      wandbApiBaseUrl: "https://api.wandb.ai",
    });
  });
});
