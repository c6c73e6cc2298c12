import { afterEach, describe, expect, it, vi } from "vitest";
import { THEME_STORAGE_KEY } from "@/settings/theme/theme-preference";

/** The first request boot sends, held until the test settles it. */
const firstRequest = vi.hoisted(() => {
  const state: { settle?: { resolve: () => void; reject: (error: Error) => void } } = {};
  return {
    state,
    preload: () =>
      new Promise<void>((resolve, reject) => {
        state.settle = { resolve, reject };
      }),
  };
});
const pageLoads = vi.hoisted(() => [] as string[]);

vi.mock("./first-page-request", () => ({ preloadFirstPageRequest: firstRequest.preload }));
vi.mock("./page-modules", () => ({
  PAGE_MODULES: { "/models": () => (pageLoads.push("/models"), Promise.resolve({})) },
  pagePathAt: (pathname: string) => (pathname === "/models" ? "/models" : undefined),
}));

const { bootThenRun } = await import("./boot-sequence");

/** Lets every pending promise callback run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("boot: the first page's code and data, then the app", () => {
  afterEach(() => {
    window.history.replaceState(null, "", "/");
    localStorage.clear();
    document.documentElement.className = "";
    pageLoads.length = 0;
  });

  // The app's code is one long task: run earlier, the config's answer waited behind it, and the
  // first request went out only after it (issue 17's cold-load bench).
  it("runs the app only once the first request is on its way", async () => {
    window.history.replaceState(null, "", "/models");
    const runApp = vi.fn<() => Promise<void>>(() => Promise.resolve());
    const booted = bootThenRun(runApp);
    expect(pageLoads).toEqual(["/models"]);
    await settle();
    expect(runApp).not.toHaveBeenCalled();
    firstRequest.state.settle?.resolve();
    await booted;
    expect(runApp).toHaveBeenCalledTimes(1);
  });

  it("runs the app when the first request could not be made (the page asks again and says why)", async () => {
    const runApp = vi.fn<() => Promise<void>>(() => Promise.resolve());
    const booted = bootThenRun(runApp);
    firstRequest.state.settle?.reject(new Error("config unreadable"));
    await booted;
    expect(runApp).toHaveBeenCalledTimes(1);
  });

  it("puts the stored theme on <html> before the app has run", () => {
    localStorage.setItem(THEME_STORAGE_KEY, "dark");
    bootThenRun(() => Promise.resolve());
    expect(document.documentElement.classList.contains("dark")).toBe(true);
  });
});
