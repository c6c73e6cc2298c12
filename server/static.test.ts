import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createApp } from "./app";
import { loadConfig } from "./config";
import { openTestDatabase } from "./testing/test-database";
import { parseConnectOrigins, PERMISSIONS_POLICY } from "./security-headers";
import { bearer } from "./testing/test-app";
import { createJobRunner } from "./training/job-runner";

const dashboardDir = mkdtempSync(join(tmpdir(), "wbops-static-"));
writeFileSync(join(dashboardDir, "index.html"), "<!doctype html><title>t</title><div id=root></div>");
mkdirSync(join(dashboardDir, "assets"));
writeFileSync(join(dashboardDir, "assets", "index-abc.js"), "export {};");
afterAll(() => rmSync(dashboardDir, { recursive: true, force: true }));

writeFileSync(join(dashboardDir, "assets", "index-abc.js.map"), '{"version":3,"sources":["secret.ts"]}');

function dashboardApp(cspConnectSrc?: string[], serveSourceMaps?: boolean) {
  const db = openTestDatabase({ users: true });
  return createApp({
    db,
    runner: createJobRunner(db, { stepMs: 0 }),
    dashboardDir,
    cspConnectSrc,
    ...(serveSourceMaps === undefined ? {} : { serveSourceMaps }),
  });
}

describe("source maps", () => {
  it("are never served by default, even when a build left one behind, however the address is spelled", async () => {
    const app = dashboardApp();
    for (const path of [
      "/assets/index-abc.js.map",
      "/assets/index-abc.js.map/",
      "/assets/index-abc.js.map%2F",
      "/assets/index-abc.js.map/.",
      "/assets/./index-abc.js.map",
    ]) {
      const res = await app.request(path);
      expect({ path, status: res.status, leaked: (await res.text()).includes("secret.ts") }).toEqual({
        path,
        status: 404,
        leaked: false,
      });
    }
  });

  it("are served when asked for (SOURCE_MAPS=1)", async () => {
    expect(loadConfig({ SOURCE_MAPS: "1" }).SOURCE_MAPS).toBe(true);
    expect(loadConfig({}).SOURCE_MAPS).toBe(false);
    expect((await dashboardApp(undefined, true).request("/assets/index-abc.js.map")).status).toBe(200);
  });
});

function directives(policy: string | null): Map<string, string> {
  const map = new Map<string, string>();
  for (const part of (policy ?? "")
    .split(";")
    .map((p) => p.trim())
    .filter(Boolean)) {
    const [name, ...values] = part.split(/\s+/);
    if (name) map.set(name, values.join(" "));
  }
  return map;
}

describe("the dashboard's security headers", () => {
  it.each(["/", "/index.html", "/queues/some-queue", "/training/jobs/job_1"])(
    "%s carries the full policy",
    async (path) => {
      const res = await dashboardApp().request(path);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toMatch(/^text\/html/);
      expect(Object.fromEntries(directives(res.headers.get("content-security-policy")))).toEqual({
        "default-src": "'self'",
        "script-src": "'self'",
        "style-src": "'self'",
        "img-src": "'self' data:",
        "font-src": "'self'",
        "connect-src": "'self'",
        "frame-ancestors": "'none'",
        "base-uri": "'self'",
        "form-action": "'self'",
        "object-src": "'none'",
      });
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      expect(res.headers.get("referrer-policy")).toBe("no-referrer");
      expect(res.headers.get("permissions-policy")).toBe(PERMISSIONS_POLICY);
      expect(res.headers.get("permissions-policy")).toMatch(/camera=\(\).*geolocation=\(\).*microphone=\(\)/);
      expect(res.headers.get("cross-origin-opener-policy")).toBe("same-origin");
      expect(res.headers.get("cross-origin-resource-policy")).toBe("same-origin");
    },
  );

  it("lets the page call the configured service origins", async () => {
    const res = await dashboardApp(["https://trace.wandb.ai", "https://api.training.wandb.ai"]).request("/settings");
    expect(directives(res.headers.get("content-security-policy")).get("connect-src")).toBe(
      "'self' https://trace.wandb.ai https://api.training.wandb.ai",
    );
  });

  it("marks assets nosniff without a page policy, and leaves API responses alone", async () => {
    const app = dashboardApp();
    const asset = await app.request("/assets/index-abc.js");
    expect(asset.status).toBe(200);
    expect(asset.headers.get("x-content-type-options")).toBe("nosniff");
    expect(asset.headers.get("content-security-policy")).toBeNull();

    const api = await app.request("/api/training/v1/health", { headers: bearer() });
    expect(api.headers.get("content-security-policy")).toBeNull();
  });
});

describe("CSP_CONNECT_SRC", () => {
  it("reduces each entry to its origin and drops repeats", () => {
    expect(
      parseConnectOrigins(" https://api.training.wandb.ai/v1 , https://trace.wandb.ai,https://trace.wandb.ai/x "),
    ).toEqual(["https://api.training.wandb.ai", "https://trace.wandb.ai"]);
    expect(loadConfig({ CSP_CONNECT_SRC: "http://localhost:9000" }).CSP_CONNECT_SRC).toEqual(["http://localhost:9000"]);
    expect(loadConfig({}).CSP_CONNECT_SRC).toEqual([]);
    expect(loadConfig({ CSP_CONNECT_SRC: "" }).CSP_CONNECT_SRC).toEqual([]);
  });

  it("refuses anything that could rewrite the policy", () => {
    expect(() => loadConfig({ CSP_CONNECT_SRC: "https://ok.example; script-src *" })).toThrow(/CSP_CONNECT_SRC/);
    expect(() => loadConfig({ CSP_CONNECT_SRC: "'unsafe-inline'" })).toThrow(/not a URL/);
    expect(() => loadConfig({ CSP_CONNECT_SRC: "javascript:alert(1)" })).toThrow(/http/);
  });
});

describe("/config.json beside the dashboard", () => {
  it("tells the page which origins its CSP lets it call, so Settings can blame the policy rather than CORS", async () => {
    const res = await dashboardApp(["https://api.wandb.ai"]).request("/config.json");
    expect(await res.json()).toMatchObject({ cspConnectSrc: ["https://api.wandb.ai"] });
    expect(res.headers.get("content-security-policy")).toBeNull();
    const page = await dashboardApp(["https://api.wandb.ai"]).request("/");
    expect(page.headers.get("content-security-policy")).toContain("connect-src 'self' https://api.wandb.ai");
  });
});

describe("the dashboard's files", () => {
  it("answers a missing hashed file with a 404, not the page (a script answered with HTML fails as the wrong type)", async () => {
    const res = await dashboardApp().request("/assets/index-gone.js");
    expect(res.status).toBe(404);
    expect(res.headers.get("content-type")).not.toMatch(/html/);
  });

  it("caches hashed files for a year and revalidates the page and the rest", async () => {
    const app = dashboardApp();
    const asset = await app.request("/assets/index-abc.js");
    expect(asset.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(asset.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
    expect(await asset.text()).toBe("export {};");
    const pages = await Promise.all(
      ["/", "/index.html", "/queues/q1"].map(async (path) => [
        path,
        (await app.request(path)).headers.get("cache-control"),
      ]),
    );
    expect(pages).toEqual([
      ["/", "no-cache"],
      ["/index.html", "no-cache"],
      ["/queues/q1", "no-cache"],
    ]);
  });

  it("answers HEAD like GET", async () => {
    const res = await dashboardApp().request("/assets/index-abc.js", { method: "HEAD" });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
  });

  it("leaves other methods to the API's 404", async () => {
    expect((await dashboardApp().request("/assets/index-abc.js", { method: "POST" })).status).toBe(404);
  });
});

describe("the page's inline theme script", () => {
  it("is allowed by the hash of its own text, and no other inline script is", async () => {
    const dir = mkdtempSync(join(tmpdir(), "wbops-static-inline-"));
    const script = '\n      document.documentElement.classList.add("dark");\n    ';
    writeFileSync(
      join(dir, "index.html"),
      `<!doctype html><head><script>${script}</script><script type="module" src="/assets/a.js"></script></head><div id=root></div>`,
    );
    try {
      const db = openTestDatabase({ users: true });
      const app = createApp({ db, runner: createJobRunner(db, { stepMs: 0 }), dashboardDir: dir });
      const expected = `'sha256-${createHash("sha256").update(script, "utf8").digest("base64")}'`;
      for (const path of ["/", "/queues/q"]) {
        const policy = directives((await app.request(path)).headers.get("content-security-policy"));
        expect(policy.get("script-src")).toBe(`'self' ${expected}`);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
