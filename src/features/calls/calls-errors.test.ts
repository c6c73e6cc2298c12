import { describe, expect, it } from "vitest";
import { ApiError } from "@/api/errors";
import { callsQueryProblems } from "./calls-errors";

const validation = (paths: string[]) =>
  new ApiError({
    kind: "validation",
    service: "trace",
    status: 422,
    message: "refused",
    fieldErrors: paths.map((path) => ({ loc: ["body", ...path.split(".")], path, message: `bad ${path}`, type: "x" })),
  });

describe("a refused calls query", () => {
  it("puts each message under the filter the service named, and the rest in a panel", () => {
    expect(callsQueryProblems(validation(["filter.trace_ids.0", "filter.op_names.0", "query.$expr"]))).toEqual({
      fields: { traceId: "bad filter.trace_ids.0", op: "bad filter.op_names.0", query: "bad query.$expr" },
      other: false,
    });
    expect(callsQueryProblems(validation(["limit"])).other).toBe(true);
    expect(callsQueryProblems(new Error("offline"))).toEqual({ fields: {}, other: true });
    expect(callsQueryProblems(null)).toEqual({ fields: {}, other: false });
  });
});
