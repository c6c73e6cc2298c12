import { act, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { DEMO_KEY } from "@server/testing/test-app";
import { createQueryClient } from "@/api/query-client";
import { PROXY_RECIPE_URL } from "@/lib/docs-links";
import { INFERENCE_MODEL_IDS } from "@server/inference/catalog";
import { renderApp, urlsOf } from "@/app/test-support";
import { createLocalServer } from "@/test/local-server";
import { renderWithServices } from "./test-support";

const LLAMA_70B = "meta-llama/Llama-3.3-70B-Instruct";
const TOTAL = INFERENCE_MODEL_IDS.length;

const table = async () => screen.findByRole("table", { name: "Inference models" }, { timeout: 5000 });
const rowIds = () =>
  within(screen.getByRole("table"))
    .getAllByRole("rowheader")
    .map((cell) => cell.querySelector("[title]")?.getAttribute("title"));
const searchOf = (router: { location: { search: string } }) => new URLSearchParams(router.location.search);

describe("model catalog", () => {
  it("lists every model the service returns, with provider, owner, facts and a dash for created 0", async () => {
    renderWithServices("/models");
    await table();
    expect(rowIds()).toHaveLength(TOTAL);
    expect(screen.getByText(`${TOTAL} models`)).toBeInTheDocument();
    const row = screen.getByRole("rowheader", { name: new RegExp(LLAMA_70B) }).closest("tr")!;
    const cells = within(row).getAllByRole("cell");
    expect(cells[0]).toHaveTextContent("meta-llama");
    expect(cells[1]).toHaveTextContent("system");
    expect(row).toHaveTextContent("128K");
    expect(row).toHaveTextContent("$0.71 / $0.71");
    expect(row).toHaveTextContent("70B");
    expect(row).toHaveTextContent("not reported");
    // The real service's root equals the id, so there is no Root column.
    expect(screen.queryByRole("columnheader", { name: "Root" })).not.toBeInTheDocument();
    // A model no source describes shows dashes, not guesses.
    const minimax = screen.getByRole("rowheader", { name: /MiniMaxAI\/MiniMax-M2\.5/ }).closest("tr")!;
    expect(within(minimax).getAllByText("not published")).toHaveLength(3);
  });

  it("narrows as you type, highlights the match, counts, and keeps the search in the URL", async () => {
    const { user, router } = renderWithServices("/models");
    await table();
    await user.type(screen.getByLabelText("Search model IDs"), "llama 70b");
    expect(rowIds()).toEqual([LLAMA_70B]);
    expect(screen.getByText(`1 of ${TOTAL} models`)).toBeInTheDocument();
    expect(screen.getByRole("rowheader").querySelectorAll("mark")).toHaveLength(2);
    expect(searchOf(router).get("q")).toBe("llama 70b");

    await user.clear(screen.getByLabelText("Search model IDs"));
    await user.type(screen.getByLabelText("Search model IDs"), "no such model");
    expect(screen.queryByRole("table")).not.toBeInTheDocument();
    expect(screen.getByText("No models match")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Clear search and filter" }));
    expect(rowIds()).toHaveLength(TOTAL);
  });

  it("filters by provider, with counts that follow the search", async () => {
    const { user, router } = renderWithServices("/models");
    await table();
    const provider = screen.getByLabelText("Provider");
    expect(within(provider).getByRole("option", { name: "Qwen (3)" })).toBeInTheDocument();
    await user.selectOptions(provider, "Qwen");
    expect(rowIds()).toHaveLength(3);
    expect(searchOf(router).get("provider")).toBe("Qwen");
    await user.type(screen.getByLabelText("Search model IDs"), "coder");
    expect(rowIds()).toEqual(["Qwen/Qwen3-Coder-480B-A35B-Instruct"]);
    expect(within(provider).getByRole("option", { name: "Qwen (1)" })).toBeInTheDocument();
    expect(within(provider).getByRole("option", { name: "meta-llama (0)" })).toBeInTheDocument();
    expect(within(provider).getByRole("option", { name: "All providers (1)" })).toBeInTheDocument();
  });

  it("sorts from the headers with aria-sort, and restores search, filter and sort from the URL", async () => {
    const { user, router } = renderWithServices("/models");
    await table();
    const idHeader = screen.getByRole("columnheader", { name: /Model ID/ });
    expect(idHeader).toHaveAttribute("aria-sort", "ascending");
    await user.click(within(idHeader).getByRole("button"));
    expect(idHeader).toHaveAttribute("aria-sort", "descending");
    expect(searchOf(router).get("sort")).toBe("id.desc");

    const priceHeader = screen.getByRole("columnheader", { name: /Price/ });
    await user.click(within(priceHeader).getByRole("button"));
    expect(priceHeader).toHaveAttribute("aria-sort", "ascending");
    expect(idHeader).not.toHaveAttribute("aria-sort");
    expect(rowIds().slice(0, 3)).toEqual(["openai/gpt-oss-20b", "OpenPipe/Qwen3-14B-Instruct", LLAMA_70B]);
  });

  it("opens a state shared by URL", async () => {
    renderWithServices("/models?q=qwen&provider=Qwen&sort=-id");
    await table();
    expect(screen.getByLabelText("Search model IDs")).toHaveValue("qwen");
    expect(screen.getByLabelText("Provider")).toHaveValue("Qwen");
    expect(rowIds()).toEqual([
      "Qwen/Qwen3-Coder-480B-A35B-Instruct",
      "Qwen/Qwen3-235B-A22B-Instruct-2507",
      "Qwen/Qwen3-30B-A3B-Instruct-2507",
    ]);
  });

  it("says which part of a shared link it ignored, and Back undoes a sort", async () => {
    const { user, router } = renderWithServices("/models?sort=flavour.desc&q=qwen");
    await table();
    expect(screen.getByText(/Part of the link was not understood/).closest("output")).toHaveTextContent(
      "sort=flavour.desc: 'flavour' is not a sortable column",
    );
    expect(searchOf(router).get("sort")).toBeNull();
    expect(searchOf(router).get("q")).toBe("qwen");

    await user.click(within(screen.getByRole("columnheader", { name: /Price/ })).getByRole("button"));
    expect(searchOf(router).get("sort")).toBe("price.asc");
    await act(async () => router.navigate(-1));
    expect(searchOf(router).get("sort")).toBeNull();
    expect(screen.getByLabelText("Search model IDs")).toHaveValue("qwen");
  });

  it("copies a model ID", async () => {
    const { user } = renderWithServices("/models");
    await table();
    await user.click(screen.getByRole("button", { name: `Copy model ID ${LLAMA_70B}` }));
    expect(await navigator.clipboard.readText()).toBe(LLAMA_70B);
  });

  it("links each model to the playground with the model preselected", async () => {
    renderWithServices("/models");
    await table();
    expect(screen.getByRole("link", { name: `Try ${LLAMA_70B} in the playground` })).toHaveAttribute(
      "href",
      `/playground?service=inference&model=${encodeURIComponent(LLAMA_70B)}`,
    );
  });
});

describe("model detail panel", () => {
  it("is a dialog with facts and sources, snippets for the configured address and project, and closes on Escape", async () => {
    const { user, router } = renderWithServices("/models", { settings: { inferenceProject: "demo/support-bot" } });
    await table();
    const opener = screen.getByRole("button", { name: `Details for ${LLAMA_70B}` });
    await user.click(opener);
    const dialog = await screen.findByRole("dialog", { name: LLAMA_70B });
    expect(dialog).toHaveAttribute("aria-modal", "true");
    expect(within(dialog).getByRole("button", { name: "Close details" })).toHaveFocus();
    expect(searchOf(router).get("model")).toBe(LLAMA_70B);
    expect(dialog).toHaveTextContent("128K tokens");
    expect(within(dialog).getAllByRole("link", { name: /Source/ }).length).toBeGreaterThan(0);

    const code = () => within(dialog).getByRole("tabpanel").textContent ?? "";
    expect(within(dialog).getByRole("tab", { name: "curl" })).toHaveAttribute("aria-selected", "true");
    expect(code()).toContain("'http://local.test/api/inference/v1/chat/completions'");
    expect(code()).toContain("-H 'OpenAI-Project: demo/support-bot'");
    expect(code()).toContain(`"model": "${LLAMA_70B}"`);
    expect(code()).toContain("$WANDB_API_KEY");

    // Arrow keys move between tabs.
    within(dialog).getByRole("tab", { name: "curl" }).focus();
    await user.keyboard("{ArrowRight}");
    expect(within(dialog).getByRole("tab", { name: "Python" })).toHaveFocus();
    expect(code()).toContain('project="demo/support-bot"');
    await user.click(within(dialog).getByRole("tab", { name: "TypeScript" }));
    expect(code()).toContain('baseURL: "http://local.test/api/inference/v1"');

    await user.keyboard("{Escape}");
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
    expect(searchOf(router).get("model")).toBeNull();
  });

  it("never puts the API key in the page, a snippet or the clipboard", async () => {
    const { user } = renderWithServices("/models?model=" + encodeURIComponent(LLAMA_70B), {
      settings: { inferenceProject: "demo/support-bot" },
    });
    const dialog = await screen.findByRole("dialog", { name: LLAMA_70B }, { timeout: 5000 });
    for (const language of ["curl", "Python", "TypeScript"]) {
      await user.click(within(dialog).getByRole("tab", { name: language }));
      expect(document.documentElement.outerHTML).not.toContain(DEMO_KEY);
      await user.click(within(dialog).getByRole("button", { name: `Copy ${language} snippet` }));
      const copied = await navigator.clipboard.readText();
      expect(copied).toContain("WANDB_API_KEY");
      expect(copied).not.toContain(DEMO_KEY);
    }
  });

  it("says where no published figure exists", async () => {
    renderWithServices("/models?model=" + encodeURIComponent("MiniMaxAI/MiniMax-M2.5"));
    const dialog = await screen.findByRole("dialog", { name: "MiniMaxAI/MiniMax-M2.5" }, { timeout: 5000 });
    expect(within(dialog).getAllByText("Not published for this ID")).toHaveLength(4);
    expect(within(dialog).queryByRole("link", { name: /Source/ })).not.toBeInTheDocument();
  });
});

describe("catalog failures", () => {
  it("no key: the route guard sends the user to Settings and back", async () => {
    const server = createLocalServer();
    const { router } = renderApp({ path: "/models?q=llama", defaults: urlsOf(server.settings), fetch: server.fetch });
    await waitFor(() => expect(router.location.pathname).toBe("/settings"));
    expect(new URLSearchParams(router.location.search).get("returnTo")).toBe("/models?q=llama");
    expect(server.requests.filter((r) => r.url.includes("/models"))).toHaveLength(0);
  });

  it("a rejected key: says so and links to Settings", async () => {
    renderWithServices("/models", { key: "not-a-real-key" });
    const alert = await screen.findByRole("alert", {}, { timeout: 5000 });
    expect(alert).toHaveTextContent("The API key was rejected");
    expect(alert).toHaveTextContent("(401)");
    expect(screen.getByRole("link", { name: "Check the key and address in Settings" })).toHaveAttribute(
      "href",
      expect.stringMatching(/^\/settings\?returnTo=/),
    );
    expect(document.documentElement.outerHTML).not.toContain("not-a-real-key");
  });

  it("an unreachable service: the CORS hint and the proxy recipe", async () => {
    // Network errors are retried with back-off; this test is about what is shown afterwards.
    const queryClient = createQueryClient();
    queryClient.setDefaultOptions({ queries: { retry: false } });
    renderWithServices("/models", {
      settings: { inferenceBaseUrl: "http://unreachable.test/api/inference/v1" },
      queryClient,
    });
    const alert = await screen.findByRole("alert", {}, { timeout: 5000 });
    expect(alert).toHaveTextContent("The inference service could not be reached");
    expect(alert).toHaveTextContent("CORS");
    expect(screen.getByRole("link", { name: /Same-origin proxy recipe/ })).toHaveAttribute("href", PROXY_RECIPE_URL);
    await waitFor(() => expect(screen.getByRole("button", { name: "Retry" })).toBeEnabled());
  });
});
