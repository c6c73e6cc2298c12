import { describe, expect, it } from "vitest";
import { callStatus } from "./call-status";
import { parseOpRef } from "@/lib/op-refs";
import { buildOpCatalog, displayOp, opNamesInOrder } from "./op-catalog";
import { opFilterRef } from "./op-filter";

const PROJECT = "demo/support-bot";
const ref = (name: string, digest: string) => `weave:///${PROJECT}/op/${name}:${digest}`;

describe("op names as people read them", () => {
  const catalog = buildOpCatalog(
    PROJECT,
    [
      { object_id: "support_agent.answer", digest: "bbb222", version_index: 1 },
      { object_id: "support_agent.answer", digest: "aaa111", version_index: 0 },
      { object_id: "classify_ticket", digest: "ccc333", version_index: 0 },
    ],
    [ref("classify_ticket", "ccc333"), ref("late_op", "fff999"), "not a ref"],
  );

  it("parses op refs, names with dots and colons in the name included", () => {
    expect(parseOpRef(ref("a.b", "d1"))).toEqual({ entity: "demo", project: "support-bot", name: "a.b", digest: "d1" });
    expect(parseOpRef(ref("ns:a", "d1"))?.name).toBe("ns:a");
    expect(parseOpRef("answer_question")).toBeNull();
  });

  it("orders ops as every name column: case ignored, numbers by value", () => {
    const names = ["Zeta", "op10", "alpha", "op9"];
    const objects = names.map((name) => ({ object_id: name, digest: "d1", version_index: 0 }));
    expect(opNamesInOrder(buildOpCatalog(PROJECT, objects))).toEqual(["alpha", "op9", "op10", "Zeta"]);
  });

  it("lists each op's versions oldest first, adding versions seen on calls", () => {
    expect(opNamesInOrder(catalog)).toEqual(["classify_ticket", "late_op", "support_agent.answer"]);
    expect(catalog.get("support_agent.answer")?.map((v) => v.digest)).toEqual(["aaa111", "bbb222"]);
    expect(catalog.get("late_op")).toEqual([
      { name: "late_op", digest: "fff999", ref: ref("late_op", "fff999"), index: null },
    ]);
  });

  it("shows the name alone for an op with one version, and the version when there are several", () => {
    expect(displayOp(ref("classify_ticket", "ccc333"), catalog)).toEqual({
      name: "classify_ticket",
      version: null,
      full: ref("classify_ticket", "ccc333"),
    });
    expect(displayOp(ref("support_agent.answer", "bbb222"), catalog).version).toBe("v1");
    // A version the objects list does not hold: its digest's first characters.
    expect(displayOp(ref("support_agent.answer", "zzz9999999"), catalog).version).toBe("zzz9999");
    expect(displayOp("plain_name", catalog)).toEqual({ name: "plain_name", version: null, full: "plain_name" });
  });

  it("filters one version or every version (name:*)", () => {
    expect(opFilterRef(PROJECT, "support_agent.answer")).toBe(ref("support_agent.answer", "*"));
    expect(opFilterRef(PROJECT, "support_agent.answer:aaa111")).toBe(ref("support_agent.answer", "aaa111"));
  });
});

describe("a call's status", () => {
  it("takes summary.weave.status first, then the exception, then whether it ended", () => {
    const ended = { ended_at: "2026-01-01T00:00:01Z", exception: null, summary: {} };
    expect(callStatus(ended)).toBe("success");
    expect(callStatus({ ...ended, exception: "ValueError: bad" })).toBe("error");
    expect(callStatus({ ...ended, ended_at: null })).toBe("running");
    expect(callStatus({ ...ended, summary: { weave: { status: "error" } } })).toBe("error");
    expect(callStatus({ ...ended, exception: "x", summary: { weave: { status: "descendant_error" } } })).toBe(
      "success",
    );
    expect(callStatus({ ...ended, summary: { weave: { status: "running" } } })).toBe("running");
  });
});
