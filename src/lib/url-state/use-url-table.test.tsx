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
  it("pushes a deliberate change (Back undoes it) and replaces while typing", async () => {
    const { view, router } = renderAt("/?other=kept");
    await act(async () => view().update({ page: 2 }));
    expect(router.state.location.search).toBe("?other=kept&page=2");
    await act(async () => view().update({ q: "r" }, { typing: true }));
    await act(async () => view().update({ q: "re" }, { typing: true }));
    expect(view().state).toEqual({ q: "re", page: 2 });
    await act(async () => router.navigate(-1));
    // One Back leaves the typing and the page both: the typing replaced the page's entry.
    expect(router.state.location.search).toBe("?other=kept");
  });

  it("drops what it cannot read from the address and keeps saying why until dismissed", async () => {
    const { view, router } = renderAt("/?page=zero&q=x");
    expect(view().issues).toEqual([{ param: "page", value: "zero", reason: "is not a page number (1, 2, 3, …)" }]);
    expect(router.state.location.search).toBe("?q=x");
    await act(async () => view().dismissIssues());
    expect(view().issues).toEqual([]);
  });
});
