import { describe, expect, it } from "vitest";
import { paths } from "@/lib/paths";
import { pageAt, PAGES } from "./pages";
import { APP_ROUTES } from "./routes";

/** Every address lib/paths.ts builds, with ids that need encoding. */
function everyBuiltAddress(): string[] {
  return Object.entries(paths).map(([name, build]) => {
    if (typeof build === "string") return build;
    // Builders take ids; the optional rest (a search, a target) is left out. The compare page takes a list.
    const args =
      name === "trainingCompare" ? [["a", "b/c"]] : Array.from({ length: build.length }, (_, i) => `id ${i}/x`);
    return (build as (...args: unknown[]) => string)(...args);
  });
}

describe("the route table", () => {
  it("has a page for every address lib/paths.ts builds", () => {
    const addresses = [
      ...everyBuiltAddress(),
      paths.playground({ service: "inference", model: "m" }),
      paths.calls("page=2"),
    ];
    const withoutPage = addresses.filter((address) => !pageAt(new URL(address, "http://x").pathname));
    expect(withoutPage).toEqual([]);
  });

  it("sends the first request of a page only where the app puts the same answer in its cache", () => {
    const withFirstRequest = PAGES.filter((page) => page.firstRequest).map((page) => page.path);
    expect(withFirstRequest).toEqual([
      "/queues",
      "/queues/:queueId",
      "/queues/:queueId/items/:itemId",
      "/calls",
      "/models",
      "/training/jobs/:jobId",
    ]);
    expect(APP_ROUTES.filter((route) => route.prefetch).map((route) => route.path)).toEqual(withFirstRequest);
  });

  it("writes each path once", () => {
    expect(new Set(PAGES.map((page) => page.path)).size).toBe(PAGES.length);
  });
});
