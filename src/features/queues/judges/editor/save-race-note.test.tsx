import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { createObject } from "@server/trace/objects/objects";
import { renderApp, urlsOf } from "@/app/test-support";
import { seedFreshQueue } from "@/test/annotation-queue";
import { createLocalServer, storeSettings } from "@/test/local-server";

const PROJECT = "demo/support-bot";
const SLOW = { timeout: 10_000 };

/**
 * The new-judge page over the local services, where someone else's judge of the same id is
 * stored between this page's choice of id and its write (the first `/obj/create` is held until
 * theirs, the same value renamed, is in).
 */
function setupRace() {
  const server = createLocalServer();
  const { queueId } = seedFreshQueue(server.db, {
    project: PROJECT,
    items: 4,
    name: "Tone review",
    questions: ["tone"],
    at: Date.parse("2026-11-20T10:00:00Z"),
    first: 0,
  });
  storeSettings(server, PROJECT);
  let raced = false;
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const request = new Request(input, init);
    if (!raced && request.url.endsWith("/obj/create")) {
      raced = true;
      const { obj } = (await request.clone().json()) as { obj: { object_id: string; val: Record<string, unknown> } };
      createObject(server.db, {
        projectId: PROJECT,
        objectId: obj.object_id,
        val: { ...obj.val, name: "Their judge" },
        builtinClass: null,
        userId: "user-acme",
      });
    }
    return server.fetch(request);
  };
  const app = renderApp({ path: `/queues/${queueId}/judges/new`, defaults: urlsOf(server.settings), fetch });
  return { ...app, queueId };
}

afterEach(() => {
  localStorage.clear();
});

describe("a judge saved at the same instant as another of the same id", () => {
  it("says the other was saved first and is hidden, stays on the page, and compares the two", async () => {
    const { user, router, queueId } = setupRace();
    await screen.findByRole("heading", { level: 1, name: "New judge" }, SLOW);
    const form = await screen.findByRole("form", { name: "Judge" }, SLOW);
    await user.type(within(form).getByRole("textbox", { name: "Name" }), "Tone judge");
    const model = within(form).getByRole("combobox", { name: "Model" });
    await waitFor(() => expect(within(model).getAllByRole("option").length).toBeGreaterThan(2), SLOW);
    await user.selectOptions(model, (within(model).getAllByRole("option")[1] as HTMLOptionElement).value);
    await screen.findByText(/Every placeholder is found in the queue's first \d+ calls/, undefined, SLOW);
    await user.click(within(form).getByRole("button", { name: "Save as a new version" }));

    const note = await screen.findByText(/^Saved as/, undefined, SLOW);
    const alert = note.closest("[role=alert]") as HTMLElement;
    expect(alert).toHaveTextContent("Saved as Tone judge v1. v0 was saved by user user-acme");
    expect(alert).toHaveTextContent("under the same id: yours is now the latest and does not contain their changes");
    expect(router.location.pathname).toBe(`/queues/${queueId}/judges/new`);
    expect(within(alert).getByRole("link", { name: "Open the judge" }).getAttribute("href")).toMatch(
      new RegExp(`^/queues/${queueId}/judges/judge-tone-judge\\?`),
    );

    await user.click(within(alert).getByRole("button", { name: "Compare with v0" }));
    const table = within(alert).getByRole("table", { name: "v0 (theirs) and v1 (yours), field by field" });
    expect(within(table).getByRole("row", { name: /^Name/ })).toHaveTextContent("Name (differs)Their judgeTone judge");
    expect(within(table).getByRole("row", { name: /^Prompt/ })).not.toHaveTextContent("differs");
  }, 30_000);
});
