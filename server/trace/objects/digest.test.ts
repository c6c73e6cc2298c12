import { describe, expect, it } from "vitest";
import { objectDigest, pythonJson } from "./digest";

// Expected values computed with CPython 3: json.dumps(v, sort_keys=True), then SHA-256 in URL-safe
// base64 with '-'/'_' as 'X'/'Y' and no padding (weave/trace_server's str_digest).
describe("object digests, as the trace server computes them", () => {
  it("matches Python for a stored AnnotationSpec", () => {
    const spec = {
      _type: "AnnotationSpec",
      name: "Tone",
      description: "Rate the tone — 1 to 5",
      field_schema: { type: "integer", minimum: 1, maximum: 5 },
      unique_among_creators: true,
      op_scope: null,
      _class_name: "AnnotationSpec",
      _bases: ["BaseObject", "BaseModel"],
    };
    expect(pythonJson(spec)).toBe(
      '{"_bases": ["BaseObject", "BaseModel"], "_class_name": "AnnotationSpec", "_type": "AnnotationSpec", "description": "Rate the tone \\u2014 1 to 5", "field_schema": {"maximum": 5, "minimum": 1, "type": "integer"}, "name": "Tone", "op_scope": null, "unique_among_creators": true}',
    );
    expect(objectDigest(spec)).toBe("pcEWvSAE1XxjK9XRngKQaVzZOiElnLunrMX2SSD1eAY");
  });

  it("matches Python for small floats, non-ASCII keys, astral characters and control characters", () => {
    const value = {
      z: [0.5, 1e-5, 1234567890123, -0.0001, 2.5e-7, 'emoji 😀 \u0007 "q"'],
      a: { é: 1, b: null, A: false },
    };
    expect(pythonJson(value)).toBe(
      '{"a": {"A": false, "b": null, "\\u00e9": 1}, "z": [0.5, 1e-05, 1234567890123, -0.0001, 2.5e-07, "emoji \\ud83d\\ude00 \\u0007 \\"q\\""]}',
    );
    expect(objectDigest(value)).toBe("PD4gkBgiZHa5Xngzm3mjX0qVeAfxwYOsY7p9m8dMbB8");
  });

  it("escapes DEL, line separators, lone surrogates and control characters as Python does", () => {
    // CPython 3: json.dumps({"k": "\x7f\u2028\ud800 \x00\x1f é"}, sort_keys=True)
    expect(pythonJson({ k: "\u007f\u2028\ud800 \u0000\u001f é" })).toBe(
      '{"k": "\\u007f\\u2028\\ud800 \\u0000\\u001f \\u00e9"}',
    );
  });

  it("does not depend on key order", () => {
    expect(objectDigest({ a: 1, b: [1, 2] })).toBe(objectDigest({ b: [1, 2], a: 1 }));
    expect(objectDigest({ a: 1 })).not.toBe(objectDigest({ a: 2 }));
  });
});
