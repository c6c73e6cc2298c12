import { isApiError } from "@/api/errors";
import type { SpecObject } from "@/api/spec-objects";
import { placeFieldErrors } from "@/components/form-errors";
import type { SpecErrors } from "./spec-draft";

/** A new spec whose id the project already uses: saving would make it that object's next version. */
export class ObjectIdTakenError extends Error {
  constructor(readonly objectId: string) {
    super(`The project already has an object called “${objectId}”.`);
    this.name = "ObjectIdTakenError";
  }
}

/** Someone saved a newer version after the editor opened: saving would build on a version that is no longer the latest. */
export class NewerVersionError extends Error {
  /** The newer version as people number it (index + 1). */
  readonly version: number;
  readonly createdAt: string;
  constructor(readonly latest: SpecObject) {
    super(`Version ${latest.versionIndex + 1} of this spec was saved after you opened it.`);
    this.name = "NewerVersionError";
    this.version = latest.versionIndex + 1;
    this.createdAt = latest.createdAt;
  }
}

/**
 * Where a refused save belongs in the form: a 422 names the field in `loc` (`obj.object_id`); the
 * local service's 400 names the spec's field in its reason (`AnnotationSpec.field_schema …`);
 * upstream answers a bad schema with a 500, which is shown as a refusal of the whole save. What
 * cannot be placed on a field is left for the panel above the Save button.
 */
export function fieldErrorsOfSave(
  error: unknown,
  schemaField: "rawSchema" | "question",
): { fields: Partial<Record<keyof SpecErrors | "question", string>>; placed: boolean } {
  if (error instanceof ObjectIdTakenError) {
    return {
      fields: { objectId: `${error.message} Pick another id, or open that spec from the list to edit it.` },
      placed: true,
    };
  }
  if (error instanceof NewerVersionError || !isApiError(error)) return { fields: {}, placed: false };
  const fields: Partial<Record<keyof SpecErrors | "question", string>> = {};
  const placed = placeFieldErrors(error, { objectId: "obj.object_id", schema: "obj.val" }).fields;
  // One message per field: the last the service gave for it.
  const objectId = placed.objectId?.at(-1);
  const schema = placed.schema?.at(-1);
  if (objectId) fields.objectId = `The service refused the id: ${objectId.message}`;
  if (schema) fields[schemaField] = `The service refused the spec: ${schema.message}`;
  const reason = error.serviceMessage ?? "";
  if (error.status !== undefined && error.status < 500 && Object.keys(fields).length === 0) {
    if (/field_schema/.test(reason)) fields[schemaField] = `The service refused the schema: ${reason}`;
    else if (/AnnotationSpec\.name\b/.test(reason)) fields.name = `The service refused the name: ${reason}`;
    else if (/AnnotationSpec\.description\b/.test(reason))
      fields.description = `The service refused the description: ${reason}`;
  }
  return { fields, placed: Object.keys(fields).length > 0 };
}
