import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createDashboardFiles, fileSystemPath } from "./dashboard-files";

// A folder of this test's own, holding the build and, beside it, a file no request may reach.
const parent = mkdtempSync(join(tmpdir(), "wbops-files-"));
const dir = join(parent, "dist");
mkdirSync(join(dir, "assets"), { recursive: true });
mkdirSync(join(dir, ".vite"));
writeFileSync(join(dir, "index.html"), "<!doctype html><title>one</title>");
writeFileSync(join(dir, "assets", "app-abc.js"), "export const a = 1;");
writeFileSync(join(dir, "assets", "app-abc.js.map"), '{"sources":["secret.ts"]}');
writeFileSync(join(dir, ".vite", "manifest.json"), '{"src/secret.ts":{}}');
writeFileSync(join(dir, "favicon.png"), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
writeFileSync(join(parent, "wbops-outside.txt"), "outside");
afterAll(() => rmSync(parent, { recursive: true, force: true }));

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
    const hostile = [
      "/../wbops-outside.txt",
      "/assets/../../wbops-outside.txt",
      "/%2e%2e/wbops-outside.txt",
      "/assets/..%2f..%2fwbops-outside.txt",
      "/assets\\..\\..\\wbops-outside.txt",
      "/index.html%00.js",
      "/%E0%A4%A",
    ];
    expect(hostile.filter((path) => files.read(path) !== undefined)).toEqual([]);
  });

  it("serves no source map however its address is spelled, unless asked to, and no dotfile", () => {
    const files = createDashboardFiles(dir);
    const spellings = [
      "/assets/app-abc.js.map",
      "/assets/app-abc.js.map/",
      "/assets/app-abc.js.map%2F",
      "/assets/app-abc.js.map/.",
      "/assets/./app-abc.js.map",
      "/assets//app-abc.js.map",
      "/assets/app-abc.js.MAP",
    ];
    expect(spellings.filter((path) => files.read(path) !== undefined)).toEqual([]);
    expect(files.read("/.vite/manifest.json")).toBeUndefined();
    expect(text(createDashboardFiles(dir, { serveSourceMaps: true }).read("/assets/app-abc.js.map"))).toContain(
      "secret.ts",
    );
  });

  it("maps a URL path inside its root only", () => {
    expect(fileSystemPath("/srv/dist", "/assets/a.js")).toBe("/srv/dist/assets/a.js");
    expect(fileSystemPath("/srv/dist", "/a%20b.txt")).toBe("/srv/dist/a b.txt");
    expect(fileSystemPath("/srv/dist", "/")).toBeUndefined();
    expect(fileSystemPath("/srv/dist", "/..")).toBeUndefined();
    expect(fileSystemPath("/srv/dist", "/assets/")).toBeUndefined();
    expect(fileSystemPath("/srv/dist", "assets/a.js")).toBeUndefined();
  });
});
