import { describe, expect, it } from "vitest";
import { SUPPORTED_BASE_MODELS as SERVED } from "@server/training/base-models";
import { baseModelWarning, SUPPORTED_BASE_MODELS, trainedModelWarning } from "./base-models";

describe("base models", () => {
  it("offers exactly what the local training service trains", () => {
    expect(SUPPORTED_BASE_MODELS).toEqual(SERVED);
  });

  it("warns on a name outside the list, with a hint for a case slip, and not on a listed or empty one", () => {
    expect(baseModelWarning(" OpenPipe/Qwen3-14B-Instruct ")).toBeNull();
    expect(baseModelWarning("")).toBeNull();
    expect(baseModelWarning("openpipe/qwen3-14b-instruct")).toBe(
      "Did you mean OpenPipe/Qwen3-14B-Instruct? Base model names are matched exactly.",
    );
    expect(baseModelWarning("mistralai/Mistral-7B-Instruct-v0.3")).toMatch(
      /^Not a base model the training service trains: the model will be created, but its jobs will fail/,
    );
  });

  it("warns about a known model on a base outside the list, and not when the base is listed or unknown", () => {
    expect(trainedModelWarning({ base_model: "meta/llama-unsupported" })).toMatch(
      /^meta\/llama-unsupported is not a base model the training service trains/,
    );
    expect(trainedModelWarning({ base_model: SUPPORTED_BASE_MODELS[0] })).toBeNull();
    expect(trainedModelWarning({})).toBeNull();
    expect(trainedModelWarning(undefined)).toBeNull();
  });
});
