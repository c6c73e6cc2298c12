import { describe, expect, it } from "vitest";
import * as z from "zod/mini";
import { parseRuntimeConfig } from "./runtime-config";
import { urlsFrom } from "./settings-registry";
import { parseKeyAddresses, parseStoredPreferences } from "./settings-storage";
import { textSettingsFrom } from "./settings-registry";

/*
 * The deployment config and the stored settings are checked by hand (boot.ts reads them and
 * carries no schema library). These are the zod schemas they were read with before: the hand
 * checks must give the same answer on every value here, valid or not.
 */
const optionalString = z.catch(z.optional(z.string()), undefined);
const RuntimeConfigSchema = z.object({
  ...urlsFrom(() => optionalString),
  localServices: z.catch(z.boolean(), false),
  cspConnectSrc: z.catch(z.optional(z.array(z.string().check(z.maxLength(500))).check(z.maxLength(100))), undefined),
  requestTimeoutMs: z.catch(z.optional(z.int().check(z.gte(1000), z.lte(600_000))), undefined),
});
const StoredPreferences = z.object({
  ...urlsFrom(() => optionalString),
  ...textSettingsFrom(() => z.catch(z.string(), "")),
  keyStorage: z.catch(z.enum(["local", "session"]), "session"),
});
const StoredKeyAddresses = z.object({ key: z.string(), ...urlsFrom(() => z.string()) });

const URLS = urlsFrom((field) => `/api/${field}`);
const ODD_VALUES: unknown[] = [null, undefined, 0, 1.5, -1, "", "x", true, false, [], ["a"], {}, { a: 1 }];

/** Objects with each field set to each odd value, and whole values that are no object. */
function candidates(fields: readonly string[], good: Record<string, unknown>): unknown[] {
  const values: unknown[] = [good, {}, { ...good, extra: "dropped" }, ...ODD_VALUES];
  for (const field of fields) for (const odd of ODD_VALUES) values.push({ ...good, [field]: odd });
  return values;
}

/** zod's answer, its undefined fields left out (as the hand checks leave them out). */
function zodAnswer(schema: z.ZodMiniType, value: unknown): unknown {
  const parsed = z.safeParse(schema, value);
  return parsed.success ? JSON.parse(JSON.stringify(parsed.data)) : undefined;
}

describe("the hand-checked readers boot.ts runs", () => {
  it("read /config.json as its zod schema did", () => {
    const good = {
      ...URLS,
      localServices: true,
      cspConnectSrc: ["https://api.example.com"],
      requestTimeoutMs: 60_000,
    };
    const values = [
      ...candidates(Object.keys(good), good),
      { ...good, cspConnectSrc: ["x".repeat(501)] },
      { ...good, cspConnectSrc: Array.from({ length: 101 }, () => "o") },
      { ...good, cspConnectSrc: Array.from({ length: 100 }, () => "x".repeat(500)) },
      { ...good, requestTimeoutMs: 999 },
      { ...good, requestTimeoutMs: 600_001 },
      { ...good, requestTimeoutMs: 1000 },
      { ...good, requestTimeoutMs: 1000.5 },
    ];
    for (const value of values)
      expect({ value, parsed: parseRuntimeConfig(value) }).toEqual({
        value,
        parsed: zodAnswer(RuntimeConfigSchema, value),
      });
    expect(parseRuntimeConfig(good)).toEqual(good);
  });

  it("read the stored preferences as their zod schema did", () => {
    const good = { ...URLS, ...textSettingsFrom((field) => `${field} value`), keyStorage: "local" };
    for (const value of [...candidates(Object.keys(good), good), { ...good, keyStorage: "LOCAL" }])
      expect({ value, parsed: parseStoredPreferences(value) }).toEqual({
        value,
        parsed: zodAnswer(StoredPreferences, value),
      });
    expect(parseStoredPreferences(good)).toEqual(good);
  });

  it("read a key's stored addresses as their zod schema did", () => {
    const good = { key: "fingerprint", ...URLS };
    for (const value of candidates(Object.keys(good), good))
      expect({ value, parsed: parseKeyAddresses(value) }).toEqual({
        value,
        parsed: zodAnswer(StoredKeyAddresses, value),
      });
    expect(parseKeyAddresses(good)).toEqual(good);
  });
});
