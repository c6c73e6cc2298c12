import { assert } from "vitest";
import * as z from "zod/mini";
import { DetailMessageError, HTTPValidationError, OpenAIError, ReasonError } from "../../../contract/errors";
import type { ServiceName } from "./endpoints";

export type Answer = { status: number; contentType: string; text: string; json: unknown };

/** The body a service uses for errors other than 422 (docs/contract-decisions.md#error-bodies). */
const SERVICE_ERROR = { trace: ReasonError, training: DetailMessageError, inference: OpenAIError } as const;

/**
 * Asserts that `answer` is a client error in the shape of `service`: 422 as FastAPI's
 * `{detail: [{loc, msg, type}]}` with every `loc` starting at one of `sources`; 413 from the
 * body limit and 404 for an unknown path as `{detail}`; anything else 4xx in the service's own
 * style. Never a 5xx, never a body the dashboard could not parse.
 */
export function expectServiceError(
  answer: Answer,
  service: ServiceName,
  sources: readonly string[] = ["body", "query"],
): void {
  const context = `${answer.status} ${answer.text.slice(0, 300)}`;
  assert.isAtLeast(answer.status, 400, context);
  assert.isBelow(answer.status, 500, context);
  assert.match(answer.contentType, /^application\/json/, context);
  if (answer.status === 422) {
    const parsed = z.safeParse(HTTPValidationError, answer.json);
    assert.isTrue(parsed.success, `not FastAPI's validation error shape: ${context}`);
    const detail = parsed.data?.detail ?? [];
    assert.isNotEmpty(detail, context);
    for (const entry of detail) {
      assert.include(sources, entry.loc[0], context);
      assert.isNotEmpty(entry.msg, context);
      assert.isNotEmpty(entry.type, context);
    }
    return;
  }
  const parsed = z.safeParse(SERVICE_ERROR[service], answer.json);
  assert.isTrue(parsed.success, `not the ${service} service's error shape: ${context}`);
  const body = parsed.data as { reason?: string; detail?: string; error?: { message: string } };
  assert.isNotEmpty(body.reason ?? body.detail ?? body.error?.message ?? "", context);
}

/** The `loc` entries of a 422 (empty for any other answer). */
export function validationLocs(answer: Answer): (string | number)[][] {
  const parsed = z.safeParse(HTTPValidationError, answer.json);
  return parsed.success ? parsed.data.detail.map((d) => d.loc) : [];
}
