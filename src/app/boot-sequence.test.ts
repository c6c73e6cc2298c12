import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from "vitest";
import { THEME_STORAGE_KEY } from "@/components/theme/theme-preference";

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
vi.mock("./pages", () => ({
  loadPage: (page: { path: string }) => (pageLoads.push(page.path), Promise.resolve(() => null)),
  pageAt: (pathname: string) => (pathname === "/models" ? { path: "/models" } : undefined),
}));

const { bootThenRun } = await import("./boot-sequence");
const { showStartFailure } = await import("./start-failure");

/** Lets every pending promise callback run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("boot: the first page's code and data, then the app", () => {
  let consoleError: MockInstance<typeof console.error>;
  beforeEach(() => {
    consoleError = vi.spyOn(console, "error").mockImplementation(() => undefined);
  });
  afterEach(() => {
    consoleError.mockRestore();
    window.history.replaceState(null, "", "/");
    localStorage.clear();
    document.documentElement.className = "";
    document.body.replaceChildren();
    pageLoads.length = 0;
  });

  // The app's code is one long task: run earlier, the config's answer would wait behind it, and
  // the first request would go out only after it.
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

  // A dropped connection or a deployment replaced under an open tab must not leave a blank page.
  it("says the app could not start, with the reason and a Reload button, when its code fails to load", async () => {
    const root = document.body.appendChild(Object.assign(document.createElement("div"), { id: "root" }));
    const booted = bootThenRun(() =>
      Promise.reject(new TypeError("Failed to fetch dynamically imported module: /assets/main-1.js")),
    );
    firstRequest.state.settle?.resolve();
    await booted;
    const alert = root.querySelector('main [role="alert"]');
    expect(alert?.querySelector("h1")?.textContent).toBe("The dashboard could not start");
    expect(alert?.textContent).toContain("Its code did not load completely. Check the connection");
    expect(alert?.textContent).toContain("Details: Failed to fetch dynamically imported module: /assets/main-1.js");
    expect(root.querySelector("main button")?.textContent).toBe("Reload");
    expect(consoleError).toHaveBeenCalledWith("The dashboard could not start:", expect.any(TypeError));
  });

  // Found in review: a bug in the app's startup was shown as a connection problem, and logged nowhere.
  it("tells an error thrown while starting from code that did not load, and logs it", async () => {
    const root = document.body.appendChild(Object.assign(document.createElement("div"), { id: "root" }));
    const crash = new TypeError("Cannot read properties of null (reading 'x')");
    const booted = bootThenRun(() => Promise.reject(crash));
    firstRequest.state.settle?.resolve();
    await booted;
    expect(root.textContent).toContain("It hit an error while starting.");
    expect(root.textContent).not.toContain("Check the connection");
    expect(consoleError).toHaveBeenCalledWith("The dashboard could not start:", crash);
  });

  it("shows the reason as text, never as markup", () => {
    const root = document.createElement("div");
    showStartFailure(root, new Error("<img src=x onerror=alert(1)>"));
    expect(root.querySelector("img")).toBeNull();
    expect(root.textContent).toContain("<img src=x onerror=alert(1)>");
  });

  it("takes the place of index.html's loading words", () => {
    const root = document.createElement("div");
    root.innerHTML = '<div class="boot-status" data-boot-status><p>Loading the dashboard…</p></div>';
    showStartFailure(root, new TypeError("Failed to fetch dynamically imported module: /assets/main-1.js"));
    expect(root.textContent).not.toContain("Loading the dashboard…");
    expect(root.querySelector("h1")?.textContent).toBe("The dashboard could not start");
  });

  it("leaves a page the app has drawn alone, and still logs the error", () => {
    const root = document.createElement("div");
    root.append(document.createElement("main"));
    const late = new Error("late failure");
    showStartFailure(root, late);
    expect(root.querySelectorAll("main")).toHaveLength(1);
    expect(root.textContent).not.toContain("late failure");
    expect(consoleError).toHaveBeenCalledWith("The dashboard could not start:", late);
  });
});
