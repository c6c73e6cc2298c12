import { assert, beforeAll, describe, it } from "vitest";
import { ENDPOINTS, endpointName } from "./endpoints";
import { authFor, createQualityApp } from "./quality-app";
import { send } from "./send";

// A JSON body that starts with a UTF-8 byte-order mark is read the same way by every endpoint: the
// mark is dropped and the body read as JSON, as the real (FastAPI) services read it (Python's
// json.loads detects the mark on bytes). One endpoint reading it differently from the others
// would make a client's success depend on which endpoint it calls.

let ctx: Awaited<ReturnType<typeof createQualityApp>>;
beforeAll(async () => {
  ctx = await createQualityApp();
});

const BOM = "\ufeff";

describe("a body starting with a byte-order mark", () => {
  it("is read as the JSON after the mark by every endpoint with a JSON body", async () => {
    const answers: string[] = [];
    for (const endpoint of ENDPOINTS.filter((e) => e.body)) {
      const answer = await send(ctx.app, {
        method: endpoint.method,
        path: await endpoint.path(ctx.fixtures),
        headers: { ...authFor(endpoint.service), "Content-Type": "application/json" },
        body: BOM + JSON.stringify(endpoint.body!.valid(ctx.fixtures)),
      });
      answers.push(`${answer.status} ${endpointName(endpoint)}`);
    }
    assert.deepEqual(
      answers.filter((line) => !line.startsWith("200 ")),
      [],
      "every endpoint takes the body after the mark",
    );
    await ctx.expectStillServing();
  });
});
