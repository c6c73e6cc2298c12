import { describe, expect, it } from "vitest";
import { checkServiceUrl, resolveServiceUrl } from "./service-url";

describe("checkServiceUrl", () => {
  it("accepts http(s) URLs and origin paths, dropping trailing slashes", () => {
    expect(checkServiceUrl(" https://trace.wandb.ai/ ")).toEqual({ ok: true, value: "https://trace.wandb.ai" });
    expect(checkServiceUrl("http://127.0.0.1:4280/api/trace")).toEqual({
      ok: true,
      value: "http://127.0.0.1:4280/api/trace",
    });
    expect(checkServiceUrl("/api/trace/")).toEqual({ ok: true, value: "/api/trace" });
  });

  it.each([
    "",
    "   ",
    "ftp://files.example.com",
    "trace.wandb.ai",
    "//evil.example",
    "https://user:pw@host.example",
    "https://host.example/v1?x=1",
  ])("rejects %j", (value) => {
    expect(checkServiceUrl(value).ok).toBe(false);
  });

  it("warns, without blocking, when an OpenAI-style address lacks /v1", () => {
    const check = checkServiceUrl("https://api.training.wandb.ai", { expectV1: true });
    expect(check).toEqual({
      ok: true,
      value: "https://api.training.wandb.ai",
      warning: expect.stringContaining("/v1"),
    });
    expect(checkServiceUrl("https://api.training.wandb.ai/v1/", { expectV1: true })).toEqual({
      ok: true,
      value: "https://api.training.wandb.ai/v1",
    });
  });
});

describe("resolveServiceUrl", () => {
  it("makes paths absolute on the origin and keeps absolute URLs", () => {
    expect(resolveServiceUrl("/api/training/v1", "http://127.0.0.1:4280")).toBe(
      "http://127.0.0.1:4280/api/training/v1",
    );
    expect(resolveServiceUrl("https://trace.wandb.ai", "http://127.0.0.1:4280")).toBe("https://trace.wandb.ai");
  });
});
