import { describe, expect, it } from "vitest";
import { THEME_STORAGE_KEY } from "./theme-preference";
import { createThemeStore } from "./theme-store";

describe("theme store", () => {
  it("follows the system while the preference is system", () => {
    const root = document.createElement("html");
    let dark = true;
    const store = createThemeStore({ root, prefersDark: () => dark });
    expect(store.getSnapshot()).toEqual({ preference: "system", resolved: "dark" });
    expect(root.classList.contains("dark")).toBe(true);
    dark = false;
    expect(createThemeStore({ root, prefersDark: () => dark }).getSnapshot().resolved).toBe("light");
    expect(root.classList.contains("dark")).toBe(false);
  });

  it("applies an explicit choice to <html> and stores it for the next load", () => {
    const root = document.createElement("html");
    const store = createThemeStore({ root, prefersDark: () => false });
    store.setPreference("dark");
    expect(root.classList.contains("dark")).toBe(true);
    expect(root.style.colorScheme).toBe("dark");
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe("dark");

    const reloaded = document.createElement("html");
    createThemeStore({ root: reloaded, prefersDark: () => false });
    expect(reloaded.classList.contains("dark")).toBe(true);

    store.setPreference("light");
    expect(root.classList.contains("dark")).toBe(false);
  });

  it("treats an unknown stored value as system", () => {
    localStorage.setItem(THEME_STORAGE_KEY, "sepia");
    const store = createThemeStore({ root: document.createElement("html"), prefersDark: () => false });
    expect(store.getSnapshot().preference).toBe("system");
  });
});
