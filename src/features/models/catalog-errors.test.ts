import { describe, expect, it } from "vitest";
import { ApiError, type ApiErrorKind } from "@/api/errors";
import { describeCatalogFailure } from "./catalog-errors";

const failure = (kind: ApiErrorKind, status?: number) =>
  describeCatalogFailure(new ApiError({ kind, status, service: "inference", message: "m" }));

describe("catalog failure states", () => {
  it("sends key and address problems to Settings", () => {
    expect(failure("unauthorized", 401)).toEqual({
      title: "The API key was rejected",
      settingsLink: true,
      proxyLink: false,
    });
    expect(failure("not_configured").settingsLink).toBe(true);
    expect(failure("forbidden", 403).settingsLink).toBe(true);
  });

  it("names quota and rate limits, which a retry (later) can fix", () => {
    expect(failure("quota", 402).title).toBe("Inference quota or credit used up");
    expect(failure("rate_limited", 429).title).toBe("Too many requests to the inference service");
    expect(failure("quota", 402).settingsLink).toBe(false);
  });

  it("points an unreachable service to the proxy recipe", () => {
    expect(failure("network")).toEqual({
      title: "The inference service could not be reached",
      settingsLink: true,
      proxyLink: true,
    });
    expect(failure("timeout").proxyLink).toBe(true);
  });

  it("has a plain title for anything else", () => {
    expect(failure("server", 503).title).toBe("Could not list the models");
    expect(describeCatalogFailure(new Error("boom")).title).toBe("Could not list the models");
  });
});
