import { act, render } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router-dom";
import { describe, expect, it } from "vitest";
import { readPage, readText, writeParam } from "./params";
import { useUrlTable, type UrlViewCodec } from "./use-url-table";

const CODEC: UrlViewCodec<{ q: string; page: number }> = {
  params: ["q", "page"],
  read: (params, issues) => ({ q: readText(params, "q"), page: readPage(params, "page", issues) }),
  write: (state, params) => {
    writeParam(params, "q", state.q);
    writeParam(params, "page", String(state.page), "1");
  },
};

/** Renders a page that uses the hook at `entry`; `view()` is what the hook returned last. */
function renderAt(entry: string) {
  const seen: ReturnType<typeof useUrlTable<{ q: string; page: number }>>[] = [];
  function Probe() {
    seen.push(useUrlTable(CODEC));
    return null;
  }
  const router = createMemoryRouter([{ path: "/", element: <Probe /> }], { initialEntries: [entry] });
  render(<RouterProvider router={router} />);
  return { view: () => seen.at(-1)!, router };
}

describe("useUrlTable", () => {
  it("pushes a deliberate change (Back undoes it); typing into one field is one entry after it", async () => {
    const { view, router } = renderAt("/?other=kept");
    await act(async () => view().update({ page: 2 }));
    expect(router.state.location.search).toBe("?other=kept&page=2");
    await act(async () => view().update({ q: "r" }, { typing: "q" }));
    await act(async () => view().update({ q: "re" }, { typing: "q" }));
    expect(view().state).toEqual({ q: "re", page: 2 });
    // One Back undoes the typing, and leaves the page that was chosen before it.
    await act(async () => router.navigate(-1));
    expect(router.state.location.search).toBe("?other=kept&page=2");
    // After Back, typing starts a new entry rather than overwriting the page's.
    await act(async () => view().update({ q: "x" }, { typing: "q" }));
    await act(async () => router.navigate(-1));
    expect(router.state.location.search).toBe("?other=kept&page=2");
  });

  it("a quick typist several writes ahead of the address still makes one entry", async () => {
    const { view, router } = renderAt("/");
    await act(async () => {
      for (const q of ["a", "ab", "abc", "abcd"]) view().update({ q }, { typing: "q" });
    });
    expect(view().state.q).toBe("abcd");
    await act(async () => router.navigate(-1));
    expect(router.state.location.search).toBe("");
  });

  it("replaces the entry when asked (closing a panel is not a step to go back to)", async () => {
    const { view, router } = renderAt("/?page=3");
    await act(async () => view().update({ q: "panel" }));
    await act(async () => view().update({ q: "" }, { replace: true }));
    await act(async () => router.navigate(-1));
    expect(router.state.location.search).toBe("?page=3");
  });

  it("drops what it cannot read from the address and keeps saying why until dismissed", async () => {
    const { view, router } = renderAt("/?page=zero&q=x");
    expect(view().issues).toEqual([{ param: "page", value: "zero", reason: "is not a page number (1, 2, 3, …)" }]);
    expect(router.state.location.search).toBe("?q=x");
    await act(async () => view().dismissIssues());
    expect(view().issues).toEqual([]);
  });
});
