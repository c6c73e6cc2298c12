import { assert, describe, expect, it } from "vitest";
import { createTestApp } from "../test-app";
import { ENDPOINTS, routeName } from "./endpoints";

/** Endpoints whose oracle is not the FastAPI-style one of this suite, fuzzed in their own test. */
const FUZZED_ELSEWHERE = [
  // A GraphQL server: a bad request is a 400 `{errors}`, not a 422 (server/wandb/fuzz.test.ts).
  "POST /api/wandb/graphql",
  // Multipart form data, not JSON (server/trace/files/fuzz-file-create.test.ts).
  "POST /api/trace/file/create",
];

describe("the quality suite's endpoint table", () => {
  it("lists exactly the endpoints the three services' routers serve, so none escapes the fuzzing", () => {
    const { app } = createTestApp();
    const served = new Set(
      app.routes
        .filter(
          (r) =>
            r.method !== "ALL" && r.path.startsWith("/api/") && !FUZZED_ELSEWHERE.includes(`${r.method} ${r.path}`),
        )
        .map((r) => `${r.method} ${r.path}`),
    );
    expect(new Set(ENDPOINTS.map(routeName))).toEqual(served);
    // Each service is there (the trace endpoints were still landing when the suite was written).
    for (const prefix of ["/api/trace/", "/api/training/v1/", "/api/inference/v1/"]) {
      assert.isTrue(
        [...served].some((name) => name.includes(prefix)),
        prefix,
      );
    }
  });
});
