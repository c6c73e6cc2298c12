import type { APIRequestContext } from "@playwright/test";
import { objectRefOf } from "../contract/weave-refs";
import { expect } from "./fixtures";
import { PROJECT } from "./queues-support";

/**
 * Writes to the annotation (trace) service as a given key, the way a teammate or another tool
 * would: what specs seed before they drive the dashboard. A refused write fails the test with the
 * service's answer.
 */
export async function tracePost<T = Record<string, unknown>>(
  request: APIRequestContext,
  key: string,
  path: string,
  data: unknown,
): Promise<T> {
  const response = await request.post(`/api/trace${path}`, {
    data,
    headers: { Authorization: `Basic ${Buffer.from(`api:${key}`).toString("base64")}` },
  });
  expect(response.ok(), `${path}: ${response.status()} ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

/** A human-annotation spec of the demo project made for one test (no answers anywhere yet): its ref. */
export async function createSpec(
  request: APIRequestContext,
  key: string,
  spec: { id: string; name: string; schema: object; unique: boolean },
): Promise<string> {
  const { digest } = await tracePost<{ digest: string }>(request, key, "/obj/create", {
    obj: {
      project_id: PROJECT,
      object_id: spec.id,
      val: { name: spec.name, field_schema: spec.schema, unique_among_creators: spec.unique },
      builtin_object_class: "AnnotationSpec",
    },
  });
  return objectRefOf(PROJECT, spec.id, digest);
}
