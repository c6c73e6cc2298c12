import { onlineManager } from "@tanstack/react-query";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { followBrowserOnline } from "./browser-online";

const browserOnline = (online: boolean) => vi.spyOn(navigator, "onLine", "get").mockReturnValue(online);
const pageShow = (persisted: boolean) => window.dispatchEvent(new PageTransitionEvent("pageshow", { persisted }));

describe("followBrowserOnline", () => {
  // React Query listens to the browser's events while something follows its online state (a mounted query client).
  let unsubscribe: () => void;
  beforeEach(() => {
    unsubscribe = onlineManager.subscribe(() => {});
  });
  afterEach(() => {
    unsubscribe();
    vi.restoreAllMocks();
    onlineManager.setOnline(true);
  });

  it("a page started offline is offline from the start, and online once the browser says so", () => {
    browserOnline(false);
    const stop = followBrowserOnline();
    expect(onlineManager.isOnline()).toBe(false);
    browserOnline(true);
    window.dispatchEvent(new Event("online"));
    expect(onlineManager.isOnline()).toBe(true);
    stop();
  });

  it("a page started online stays online", () => {
    browserOnline(true);
    const stop = followBrowserOnline();
    expect(onlineManager.isOnline()).toBe(true);
    stop();
  });

  it("a page back from the back-forward cache takes the browser's word again; a fresh page show changes nothing", () => {
    browserOnline(true);
    const stop = followBrowserOnline();
    browserOnline(false);
    pageShow(false);
    expect(onlineManager.isOnline()).toBe(true);
    pageShow(true);
    expect(onlineManager.isOnline()).toBe(false);
    browserOnline(true);
    pageShow(true);
    expect(onlineManager.isOnline()).toBe(true);
    stop();
    browserOnline(false);
    pageShow(true);
    expect(onlineManager.isOnline()).toBe(true);
  });
});
