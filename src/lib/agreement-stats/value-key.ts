/** What valueKey gives: equal keys (===, or as Map keys) mean the same answer. */
export type ValueKey = string | number | boolean | bigint | symbol | null | undefined;

/** NaN's key: NaN !== NaN, but as an answer it is one value (a Map already treats it so). */
const NAN_KEY = Symbol("NaN");

/**
 * A value's identity for counting and comparing answers, by type and content, never by object
 * identity: scalars are their own key (=== and Map keys tell the number 1, the text "1" and `true`
 * apart), an object or array is the registered symbol of its JSON, so equal ones read from two
 * requests are one answer. Answers are scalars in practice, and the agreement of 10,000 calls
 * builds a key for every answer several times: a scalar costs no string.
 */
export function valueKey(value: unknown): ValueKey {
  switch (typeof value) {
    case "number":
      if (value !== value) return NAN_KEY;
      // -0 and 0 are one answer (JSON writes both as 0).
      return value === 0 ? 0 : value;
    case "string":
    case "boolean":
    case "bigint":
    case "undefined":
    case "symbol":
      return value;
    default:
      return value === null ? null : Symbol.for(`json:${JSON.stringify(value) ?? String(value)}`);
  }
}

/** Throws when two lists meant to be read pairwise (item i of each is about the same call) differ in length. */
export function assertPaired(a: readonly unknown[], b: readonly unknown[]): void {
  if (a.length !== b.length) throw new RangeError(`paired lists differ in length: ${a.length} and ${b.length}`);
}
