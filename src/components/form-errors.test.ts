import { describe, expect, it } from "vitest";
import { ApiError, type FieldError } from "@/api/errors";
import { firstFieldMessages, issuesByField, placeFieldErrors } from "./form-errors";

const at = (path: string, message: string): FieldError => ({
  loc: ["body", ...path.split(".")],
  path,
  message,
  type: "value_error",
});
const refused = (...fieldErrors: FieldError[]) =>
  new ApiError({ kind: "validation", service: "trace", message: "m", status: 422, fieldErrors });

describe("placeFieldErrors", () => {
  it("puts each error under the field at its path or a parent of it, and keeps the rest apart", () => {
    const error = refused(
      at("name", "too long"),
      at("scorer_refs.3", "is not a spec"),
      at("scorer_refs_x", "extra"),
      at("name", "bad"),
    );
    const { fields, unplaced } = placeFieldErrors(error, { name: "name", questions: "scorer_refs" });
    expect(fields.name?.map((f) => f.message)).toEqual(["too long", "bad"]);
    expect(fields.questions?.map((f) => f.path)).toEqual(["scorer_refs.3"]);
    expect(unplaced.map((f) => f.path)).toEqual(["scorer_refs_x"]);
  });

  it("places nothing for anything but an ApiError", () => {
    expect(placeFieldErrors(new Error("offline"), ["name"])).toEqual({ fields: {}, unplaced: [] });
  });
});

describe("firstFieldMessages", () => {
  it("gives each field's first message, in the order the fields are listed", () => {
    const error = refused(at("config.learning_rate", "too big"), at("model_id", "unknown"), at("model_id", "second"));
    const messages = firstFieldMessages(error, ["model_id", "config.batch_size", "config.learning_rate"]);
    expect(Object.entries(messages)).toEqual([
      ["model_id", "unknown"],
      ["config.learning_rate", "too big"],
    ]);
  });
});

describe("issuesByField", () => {
  it("keeps the first issue of a field or of a path below it, and files the rest by their first part", () => {
    const issues = [
      { path: ["project"], message: "must not be empty" },
      { path: ["project"], message: "second" },
      { path: ["base_model", 0], message: "bad" },
      { path: ["extra", "x"], message: "unknown" },
    ];
    expect(issuesByField(issues, ["project", "base_model"])).toEqual({
      project: "must not be empty",
      base_model: "bad",
      extra: "unknown",
    });
  });
});
