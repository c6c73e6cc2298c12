import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createDashboardFiles, fileSystemPath } from "./dashboard-files";

const dir = mkdtempSync(join(tmpdir(), "wbops-files-"));
mkdirSync(join(dir, "assets"));
writeFileSync(join(dir, "index.html"), "<!doctype html><title>one</title>");
writeFileSync(join(dir, "assets", "app-abc.js"), "export const a = 1;");
writeFileSync(join(dir, "favicon.png"), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
writeFileSync(join(dir, "..", "wbops-outside.txt"), "outside");
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
  rmSync(join(dir, "..", "wbops-outside.txt"), { force: true });
});

const text = (file: { body: Uint8Array } | undefined) => (file ? Buffer.from(file.body).toString("utf8") : undefined);

describe("the dashboard's files in memory", () => {
  it("serves a build's files with their types", () => {
    const files = createDashboardFiles(dir);
    expect(text(files.read("/assets/app-abc.js"))).toBe("export const a = 1;");
    expect(files.read("/assets/app-abc.js")?.contentType).toBe("text/javascript; charset=utf-8");
    expect(files.read("/favicon.png")?.contentType).toBe("image/png");
    expect(files.read("/index.html")?.contentType).toMatch(/^text\/html/);
  });

  it("has nothing for a missing file or a folder", () => {
    const files = createDashboardFiles(dir);
    expect(files.read("/assets/missing.js")).toBeUndefined();
    expect(files.read("/assets")).toBeUndefined();
    expect(files.read("/")).toBeUndefined();
  });

  it("picks up a rebuilt index.html while it runs", () => {
    const files = createDashboardFiles(dir);
    expect(text(files.read("/index.html"))).toContain("one");
    writeFileSync(join(dir, "index.html"), "<!doctype html><title>two, longer</title>");
    expect(text(files.read("/index.html"))).toContain("two, longer");
    // Same size, newer time: still read again.
    writeFileSync(join(dir, "index.html"), "<!doctype html><title>six, longer</title>");
    const later = new Date(Date.now() + 5_000);
    utimesSync(join(dir, "index.html"), later, later);
    expect(text(files.read("/index.html"))).toContain("six");
  });

  it("never reads outside the build", () => {
    const files = createDashboardFiles(dir);
    const hostile = ["/../wbops-outside.txt", "/assets/../../wbops-outside.txt", "/%2e%2e/wbops-outside.txt", "/assets/..%2f..%2fwbops-outside.txt", "/assets\\..\\..\\wbops-outside.txt", "/index.html%00.js", "/%E0%A4%A"];
    expect(hostile.filter((path) => files.read(path) !== undefined)).toEqual([]);
  });

  it("maps a URL path inside its root only", () => {
    expect(fileSystemPath("/srv/dist", "/assets/a.js")).toBe("/srv/dist/assets/a.js");
    expect(fileSystemPath("/srv/dist", "/a%20b.txt")).toBe("/srv/dist/a b.txt");
    expect(fileSystemPath("/srv/dist", "/")).toBeUndefined();
    expect(fileSystemPath("/srv/dist", "/..")).toBeUndefined();
  });
});
