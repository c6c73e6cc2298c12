import { describe, expect, it } from "vitest";
import type { ItemsQueryRequest } from "@contract/trace";
import { createApiClients } from "@/api/clients";
import { createLocalServer } from "@/test/local-server";
import { itemsQueryProblems } from "./items-errors";

async function rejectionOf(request: unknown): Promise<unknown> {
  const server = createLocalServer();
  const clients = createApiClients(server.settings, { fetch: server.fetch });
  try {
    await clients.trace.queryItems("any-queue", request as ItemsQueryRequest);
  } catch (error) {
    return error;
  }
  throw new Error("expected the service to refuse the request");
}

describe("422s of the items query", () => {
  it("are shown next to the filter the service named", async () => {
    // The real service's answer to a state it does not know (a link from a newer dashboard, say).
    const error = await rejectionOf({
      project_id: "demo/support-bot",
      filter: { annotation_states: ["reviewed"], call_id: 7 },
    });
    const problems = itemsQueryProblems(error);
    expect(Object.keys(problems.fields).sort()).toEqual(["callId", "states"]);
    expect(problems.fields.states).toBeTruthy();
    expect(problems.other).toBe(false);
  });

  it("go to the general error panel when no filter is named", async () => {
    const problems = itemsQueryProblems(await rejectionOf({ project_id: "demo/support-bot", limit: -5 }));
    expect(problems).toEqual({ fields: {}, other: true });
  });

  it("treat failures without field errors as general ones", () => {
    expect(itemsQueryProblems(new Error("offline"))).toEqual({ fields: {}, other: true });
    expect(itemsQueryProblems(null)).toEqual({ fields: {}, other: false });
  });
});
