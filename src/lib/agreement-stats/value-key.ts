/**
 * A value's identity for counting and comparing answers: its type and its JSON, so the number 1,
 * the text "1" and `true` are three answers, and two equal objects read from two requests are one
 * (never compared by identity). Scalars, which is what answers are, skip JSON.stringify: the
 * agreement of 10,000 calls builds tens of thousands of keys.
 */
export function valueKey(value: unknown): string {
  switch (typeof value) {
    case "string":
      return `string:${JSON.stringify(value)}`;
    case "number":
      // JSON has no NaN or Infinity (it writes null): String keeps them apart from null and each other.
      return `number:${String(value)}`;
    case "boolean":
      return value ? "boolean:true" : "boolean:false";
    case "undefined":
      return "undefined";
    default:
      return `${typeof value}:${JSON.stringify(value) ?? String(value)}`;
  }
}

/** Throws when two lists meant to be read pairwise (item i of each is about the same call) differ in length. */
export function assertPaired(a: readonly unknown[], b: readonly unknown[]): void {
  if (a.length !== b.length) throw new RangeError(`paired lists differ in length: ${a.length} and ${b.length}`);
}
