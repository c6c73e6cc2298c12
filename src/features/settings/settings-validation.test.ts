import { describe, expect, it } from "vitest";
import type { ConnectionSettings } from "@/api/connection";
import { firstInvalidField, validateSettings } from "./settings-validation";

const form = (overrides: Partial<ConnectionSettings> = {}): ConnectionSettings => ({
  apiKey: "local-demo-key",
  traceBaseUrl: "https://trace.wandb.ai",
  trainingBaseUrl: "https://api.training.wandb.ai/v1",
  inferenceBaseUrl: "https://api.inference.wandb.ai/v1",
  wandbApiBaseUrl: "https://api.wandb.ai",
  annotationProject: "demo/support-bot",
  inferenceProject: "",
  ...overrides,
});

describe("validateSettings", () => {
  it("passes a complete form and trims what was pasted", () => {
    const result = validateSettings(
      form({
        apiKey: "  local-demo-key\n",
        annotationProject: " demo/support-bot ",
        traceBaseUrl: "https://trace.wandb.ai/",
      }),
    );
    expect(result.errors).toEqual({});
    expect(result.values.apiKey).toBe("local-demo-key");
    expect(result.values.annotationProject).toBe("demo/support-bot");
    expect(result.values.traceBaseUrl).toBe("https://trace.wandb.ai");
  });

  it("allows saving without a key but not testing without one", () => {
    expect(validateSettings(form({ apiKey: "" })).errors.apiKey).toBeUndefined();
    expect(validateSettings(form({ apiKey: "" }), { requireKey: true }).errors.apiKey).toMatch(/Enter an API key/);
  });

  it("rejects a key with inner spaces or characters a header cannot carry", () => {
    expect(validateSettings(form({ apiKey: "two words" })).errors.apiKey).toBeDefined();
    expect(validateSettings(form({ apiKey: "kéy" })).errors.apiKey).toBeDefined();
  });

  it("applies the contract's ProjectId rule to both projects; the inference one is optional", () => {
    expect(validateSettings(form({ annotationProject: "support-bot" })).errors.annotationProject).toMatch(
      /entity\/project/,
    );
    expect(validateSettings(form({ annotationProject: "demo/support/bot" })).errors.annotationProject).toBeDefined();
    expect(validateSettings(form({ annotationProject: "" })).errors.annotationProject).toBeUndefined();
    expect(validateSettings(form({ inferenceProject: "team" })).errors.inferenceProject).toMatch(/team\/project/);
    expect(validateSettings(form({ inferenceProject: "team/project" })).errors.inferenceProject).toBeUndefined();
  });

  it("blocks bad addresses and only warns when /v1 is missing", () => {
    const result = validateSettings(
      form({ traceBaseUrl: "trace.wandb.ai", inferenceBaseUrl: "https://proxy.example.com/inference" }),
    );
    expect(result.errors.traceBaseUrl).toBeDefined();
    expect(result.errors.inferenceBaseUrl).toBeUndefined();
    expect(result.warnings.inferenceBaseUrl).toMatch(/\/v1/);
  });

  it("names the first invalid field in form order", () => {
    const { errors } = validateSettings(form({ inferenceProject: "x", traceBaseUrl: "nope" }));
    expect(firstInvalidField(errors)).toBe("traceBaseUrl");
  });
});
