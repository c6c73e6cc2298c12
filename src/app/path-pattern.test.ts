import { matchPath, matchRoutes } from "react-router-dom";
import { describe, expect, it } from "vitest";
import { matchesPathPattern, pathParamsOf } from "./path-pattern";
import { pageAt, PAGES } from "./pages";
import { APP_ROUTES } from "./routes";

const ADDRESSES = [
  "/",
  "/models",
  "/models/",
  "/Models",
  "/queues",
  "/queues/q1",
  "/queues/q%201/insights",
  "/queues/q%2Fslash",
  "/queues/q%252Fslash",
  "/queues/%E2%80%AEbidi/items/i%20one",
  "/queues/q1/train",
  "/queues/q1/items/i9",
  "/queues/q1/items",
  "/specs/new",
  "/specs/s1/edit",
  "/training/jobs/new",
  "/training/jobs/ftjob-1",
  "/training/compare",
  "/training/models/m1",
  "/training/models/m1/extra",
  "/settings",
  "/help/proxy",
  "/nowhere",
];

describe("matchesPathPattern", () => {
  it("agrees with React Router's matchPath on every route and a spread of addresses", () => {
    for (const route of APP_ROUTES) {
      for (const address of ADDRESSES) {
        expect(matchesPathPattern(route.path, address), `${route.path} vs ${address}`).toBe(
          matchPath({ path: route.path, end: true }, address) !== null,
        );
      }
    }
  });

  it("reads the address's parameters as the router gives them to the page (decoded)", () => {
    for (const route of APP_ROUTES) {
      for (const address of ADDRESSES) {
        const params = matchRoutes([{ path: route.path }], address)?.[0]?.params;
        expect(pathParamsOf(route.path, address), `${route.path} vs ${address}`).toEqual(
          params === undefined ? undefined : { ...params },
        );
      }
    }
  });

  it("pageAt finds, in the table's order, the page the router shows (a fixed path before a parameter)", () => {
    expect(pageAt("/training/jobs/new")?.path).toBe("/training/jobs/new");
    expect(pageAt("/training/jobs/ftjob-1")?.path).toBe("/training/jobs/:jobId");
    expect(pageAt("/specs/new")?.path).toBe("/specs/new");
    expect(pageAt("/nowhere")).toBeUndefined();
  });
});

describe("PAGES", () => {
  it("has exactly the routes' paths, in the routes' order", () => {
    expect(PAGES.map((page) => page.path)).toEqual(APP_ROUTES.map((route) => route.path));
  });
});
