import * as fc from "fast-check";
import { hostileValue, unknownKey } from "./hostile-values";

export type JsonPath = (string | number)[];

/** One way of breaking a valid body: replace a value, delete a property, or add an unknown one. */
export type Mutation =
  | { kind: "replace"; path: JsonPath; value: unknown }
  | { kind: "delete"; path: JsonPath }
  | { kind: "add"; path: JsonPath; key: string; value: unknown };

type Node = { path: JsonPath; value: unknown };

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === "object" && !Array.isArray(v);

/** Every value in `root` with its path, the root (path []) first. */
export function nodesOf(root: unknown): Node[] {
  const nodes: Node[] = [];
  const visit = (value: unknown, path: JsonPath) => {
    nodes.push({ path, value });
    if (Array.isArray(value)) value.forEach((v, i) => visit(v, [...path, i]));
    else if (isObject(value)) for (const [k, v] of Object.entries(value)) visit(v, [...path, k]);
  };
  visit(root, []);
  return nodes;
}

/** Sets an own property even for names such as `__proto__` (plain assignment would change the prototype). */
function setOwn(target: object, key: string | number, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

function parentOf(root: unknown, path: JsonPath): unknown {
  let current = root;
  for (const key of path.slice(0, -1)) {
    if (current === null || typeof current !== "object" || !Object.hasOwn(current, key)) return undefined;
    current = (current as Record<string | number, unknown>)[key];
  }
  return current;
}

/**
 * Applies the mutations in order to a copy of `base`. A mutation whose target an earlier one
 * replaced is skipped. Returns the body and the paths actually touched (a 422 must name them).
 */
export function applyMutations(base: unknown, mutations: readonly Mutation[]): { body: unknown; touched: JsonPath[] } {
  let body = structuredClone(base);
  const touched: JsonPath[] = [];
  for (const m of mutations) {
    if (m.path.length === 0 && m.kind === "replace") {
      body = m.value;
      touched.push([]);
      continue;
    }
    const target = m.kind === "add" ? nodeAt(body, m.path) : parentOf(body, m.path);
    const last = m.path.at(-1);
    if (m.kind === "add") {
      if (!isObject(target)) continue;
      setOwn(target, m.key, m.value);
      touched.push([...m.path, m.key]);
    } else if (m.kind === "delete") {
      if (!isObject(target) || typeof last !== "string" || !Object.hasOwn(target, last)) continue;
      delete target[last];
      touched.push(m.path);
    } else {
      if (target === null || typeof target !== "object" || last === undefined || !Object.hasOwn(target, last)) continue;
      setOwn(target, last, m.value);
      touched.push(m.path);
    }
  }
  return { body, touched };
}

function nodeAt(root: unknown, path: JsonPath): unknown {
  return path.length === 0
    ? root
    : (parentOf(root, path) as Record<string | number, unknown> | undefined)?.[path.at(-1)!];
}

/** One to three random mutations of `base`, each aimed at one of its values. */
export function mutationsOf(base: unknown): fc.Arbitrary<Mutation[]> {
  const nodes = nodesOf(base);
  const mutation: fc.Arbitrary<Mutation> = fc.constantFrom(...nodes).chain((node): fc.Arbitrary<Mutation> => {
    const options: fc.Arbitrary<Mutation>[] = [
      hostileValue.map((value) => ({ kind: "replace" as const, path: node.path, value })),
    ];
    if (typeof node.path.at(-1) === "string") options.push(fc.constant({ kind: "delete" as const, path: node.path }));
    if (isObject(node.value))
      options.push(
        fc
          .tuple(unknownKey, hostileValue)
          .map(([key, value]) => ({ kind: "add" as const, path: node.path, key, value })),
      );
    return fc.oneof(...options);
  });
  return fc.array(mutation, { minLength: 1, maxLength: 3 });
}

/** True when one path starts with the other: a 422 for a value may name it, or its container. */
export function related(a: readonly (string | number)[], b: readonly (string | number)[]): boolean {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i += 1) if (a[i] !== b[i]) return false;
  return true;
}
