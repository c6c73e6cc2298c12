import { describe, expect, it, vi } from "vitest";
import type { ClientScope } from "./client-config";
import { lazyClient, type MethodKinds } from "./lazy-client";

type Fake = {
  scope: ClientScope;
  add(a: number, b: number): Promise<number>;
  ping(): Promise<string>;
  stream(n: number): AsyncGenerator<number>;
};

const SCOPE: ClientScope = { service: "trace", baseUrl: "http://127.0.0.1:1/api", keyFingerprint: "k1" };
const KINDS: MethodKinds<Fake> = { add: "call", ping: "call", stream: "stream" };

function realClient(): Fake {
  return {
    scope: SCOPE,
    add: async (a, b) => a + b,
    ping: async () => "real pong",
    async *stream(n) {
      for (let i = 0; i < n; i++) yield i;
    },
  };
}

describe("lazyClient", () => {
  it("has its scope at once and loads nothing until a method is called, then loads once", async () => {
    const load = vi.fn<() => Promise<Fake>>(async () => realClient());
    const client = lazyClient(SCOPE, KINDS, load);
    expect(client.scope).toBe(SCOPE);
    expect(load).not.toHaveBeenCalled();
    await expect(Promise.all([client.add(1, 2), client.add(3, 4)])).resolves.toEqual([3, 7]);
    await client.ping();
    expect(load).toHaveBeenCalledOnce();
  });

  it("fails a call whose code could not load, and tries again on the next call", async () => {
    const load = vi.fn<() => Promise<Fake>>().mockRejectedValueOnce(new TypeError("Failed to fetch dynamically imported module")).mockResolvedValue(realClient());
    const client = lazyClient(SCOPE, KINDS, load);
    await expect(client.ping()).rejects.toThrow("dynamically imported module");
    await expect(client.ping()).resolves.toBe("real pong");
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("gives a stream's generator at once and loads on its first next()", async () => {
    const load = vi.fn<() => Promise<Fake>>(async () => realClient());
    const client = lazyClient(SCOPE, KINDS, load);
    const stream = client.stream(3);
    expect(load).not.toHaveBeenCalled();
    const seen: number[] = [];
    for await (const value of stream) seen.push(value);
    expect(seen).toEqual([0, 1, 2]);
  });

  it("answers eager methods without loading", async () => {
    const load = vi.fn<() => Promise<Fake>>(async () => realClient());
    const client = lazyClient(SCOPE, KINDS, load, { ping: async () => "eager pong" });
    await expect(client.ping()).resolves.toBe("eager pong");
    expect(load).not.toHaveBeenCalled();
  });

  it("makes a method list name every method, each with how it answers", () => {
    // @ts-expect-error: `stream` is missing
    const missing: MethodKinds<Fake> = { add: "call", ping: "call" };
    // @ts-expect-error: `stream` gives a generator, not a promise
    const wrongKind: MethodKinds<Fake> = { add: "call", ping: "call", stream: "call" };
    expect([missing, wrongKind]).toHaveLength(2);
  });
});
