import { describe, expect, it } from "vitest";
import { resolvePath } from "./display-fields";

type Call = Parameters<typeof resolvePath>[0];
const call = (fields: Record<string, unknown>) => ({ inputs: {}, output: null, ...fields }) as Call;

/**
 * `depth` objects nested under the key "a", each a Proxy that counts the characters of every
 * property name the resolver asks about (get, has, own-property checks, key listing) and throws
 * once they pass `budget`: quadratic work fails at once instead of hanging the test.
 */
function meteredChain(depth: number, budget: number) {
  const meter = { chars: 0 };
  const charge = (key: string | symbol) => {
    meter.chars += typeof key === "string" ? key.length : 1;
    if (meter.chars > budget) throw new Error(`the resolver read more than ${budget} characters of property names`);
  };
  let node: object = { leaf: true };
  for (let i = 0; i < depth; i++) {
    node = new Proxy(
      { a: node },
      {
        get: (target, key, receiver) => (charge(key), Reflect.get(target, key, receiver)),
        has: (target, key) => (charge(key), Reflect.has(target, key)),
        getOwnPropertyDescriptor: (target, key) => (charge(key), Reflect.getOwnPropertyDescriptor(target, key)),
        ownKeys: (target) => Reflect.ownKeys(target).map((key) => (charge(key), key)),
      },
    );
  }
  return { root: node as Call, meter };
}

describe("resolvePath", () => {
  it("reads properties, array indexes and keys that contain dots (the longest key wins)", () => {
    const c = call({
      inputs: { question: "q", messages: [{ content: "m0" }, { content: "m1" }], "a.b": { c: 1 }, a: { b: { c: 2 } } },
    });
    expect(resolvePath(c, "inputs.question")).toEqual({ path: "inputs.question", found: true, value: "q" });
    expect(resolvePath(c, "inputs.messages.1.content")).toMatchObject({ found: true, value: "m1" });
    expect(resolvePath(c, "inputs.a.b.c")).toMatchObject({ found: true, value: 1 });
    expect(resolvePath(c, "inputs..question.")).toMatchObject({ found: true, value: "q" });
    expect(resolvePath(c, "inputs.messages.2")).toEqual({ path: "inputs.messages.2", found: false });
    expect(resolvePath(c, "inputs.question.length")).toMatchObject({ found: false });
    expect(resolvePath(c, "")).toMatchObject({ found: true, value: c });
  });

  it("falls back to shorter keys when a dotted key does not lead on", () => {
    const c = call({ output: { "x.y": 5, x: { y: { z: 6 } } } });
    // "x.y" matches first and holds a number, so "z" is not found under it: the first match is kept.
    expect(resolvePath(c, "output.x.y.z")).toMatchObject({ found: false });
    expect(resolvePath(c, "output.x.y")).toMatchObject({ found: true, value: 5 });
  });

  it("reads a 100 KB path touching each character a bounded number of times", () => {
    const depth = 50_000;
    const path = Array.from({ length: depth }, () => "a").join(".");
    expect(path.length).toBeGreaterThan(99_000);
    const { root, meter } = meteredChain(depth, 4 * path.length);
    expect(resolvePath(root, path)).toMatchObject({ found: true, value: { leaf: true } });
    expect(meter.chars).toBeLessThanOrEqual(4 * path.length);
  });

  it("gives up on a missing first key after reading it once, however long the path", () => {
    const { root, meter } = meteredChain(1, 1_000);
    const path = `b.${"a.".repeat(50_000)}a`;
    expect(resolvePath(root, path)).toMatchObject({ found: false });
    expect(meter.chars).toBeLessThan(1_000);
  });

  it("returns for a 1 MB path", () => {
    const path = "a.".repeat(500_000);
    const { root, meter } = meteredChain(2, 1_000);
    expect(resolvePath(root, path)).toMatchObject({ found: false });
    expect(meter.chars).toBeLessThan(1_000);
  });
});
