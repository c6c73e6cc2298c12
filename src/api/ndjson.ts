import * as z from "zod/mini";
import { describeResponseIssues } from "@/lib/zod-issues";
import { ResponseFormatError } from "./response-format-error";
import { readLines } from "./lines";

export type StreamOptions = { signal?: AbortSignal };

/**
 * The values of an NDJSON body (one JSON value per line), each checked against `schema`, read
 * as the bytes arrive so a long list never has to be held as one string. Blank lines (a
 * trailing newline, CRLF endings) are skipped. A bad line throws ResponseFormatError naming it.
 */
export async function* parseNdjson<S extends z.core.$ZodType>(
  body: ReadableStream<Uint8Array>,
  schema: S,
  options: StreamOptions = {},
): AsyncGenerator<z.output<S>> {
  let lineNumber = 0;
  for await (const line of readLines(body, options.signal)) {
    lineNumber++;
    if (line.trim() === "") continue;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch (error) {
      throw new ResponseFormatError(`line ${lineNumber} is not JSON`, { cause: error });
    }
    const parsed = z.safeParse(schema, value, { reportInput: true });
    if (!parsed.success)
      throw new ResponseFormatError(`line ${lineNumber}: ${describeResponseIssues(parsed.error.issues)}`, {
        cause: parsed.error,
      });
    yield parsed.data;
  }
}

/** Every value of an NDJSON body, in order. */
export async function collectNdjson<S extends z.core.$ZodType>(
  body: ReadableStream<Uint8Array>,
  schema: S,
  options: StreamOptions = {},
): Promise<z.output<S>[]> {
  const values: z.output<S>[] = [];
  for await (const value of parseNdjson(body, schema, options)) values.push(value);
  return values;
}
