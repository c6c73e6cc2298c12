import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { sourceMapTraces } from "./source-maps";

const dir = mkdtempSync(join(tmpdir(), "wbops-maps-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("sourceMapTraces", () => {
  it("finds map files and sourceMappingURL comments at any depth, and nothing in a clean build", () => {
    mkdirSync(join(dir, "assets"));
    writeFileSync(join(dir, "index.html"), "<!doctype html>");
    writeFileSync(join(dir, "assets", "index-a.js"), "export {};");
    expect(sourceMapTraces(dir)).toEqual([]);
    writeFileSync(join(dir, "assets", "index-a.js.map"), "{}");
    writeFileSync(join(dir, "assets", "page-b.js"), "export {};\n//# sourceMappingURL=page-b.js.map");
    expect(sourceMapTraces(dir).sort()).toEqual([
      join("assets", "index-a.js.map: a source map"),
      join("assets", "page-b.js: a sourceMappingURL comment"),
    ]);
  });
});
