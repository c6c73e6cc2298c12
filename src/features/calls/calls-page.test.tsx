import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { Call } from "@contract/trace";
import { opRefOf, seedOpObjects, type OpVersion } from "@server/trace/seed/op-objects";
import { createApiClients } from "@/api/clients";
import { requestGate } from "@/api/test-support";
import { renderApp, urlsOf } from "@/app/test-support";
import { createLocalServer, storeSettings } from "@/test/local-server";
import { storeCalls } from "@/test/stored-calls";
import { toLocalInput } from "./calls-filters";

const PROJECT = "demo/support-bot";
const SLOW = { timeout: 10_000 };
/** The ops' versions, stored as op objects (oldest first: version numbers follow), as the weave SDK saves them. */
const VERSIONS = {
  a0: { name: "support_agent.answer", source: "def answer(q): ..." },
  a1: { name: "support_agent.answer", source: "def answer(q, history): ..." },
  c1: { name: "classify_ticket", source: "def classify(t): ..." },
} satisfies Record<string, OpVersion>;
type VersionKey = keyof typeof VERSIONS;
const opRef = (version: VersionKey) => opRefOf(PROJECT, VERSIONS[version]);
/** The URL's value for one version of an op: `name:digest`. */
const opParam = (version: VersionKey) => opRef(version).split("/op/")[1]!;

/** 30 calls: answers in two versions (v0 for the first 10), and classifications; one call failed. */
function makeCalls(count = 30): Call[] {
  return Array.from({ length: count }, (_, i) => ({
    id: `call-${String(i).padStart(count > 100 ? 4 : 2, "0")}`,
    project_id: PROJECT,
    op_name: i % 3 === 2 ? opRef("c1") : opRef(i < 10 ? "a0" : "a1"),
    trace_id: `trace-${i}`,
    // Every fifth call is a child (of the call before it): "root calls only" leaves it out.
    parent_id: i % 5 === 4 ? `call-${String(i - 1).padStart(count > 100 ? 4 : 2, "0")}` : null,
    started_at: new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString(),
    ended_at: new Date(Date.UTC(2026, 0, 1) + i * 60_000 + 2000).toISOString(),
    inputs: { messages: [{ role: "user", content: `Question ${i}` }] },
    output: i === 7 ? null : { choices: [{ message: { role: "assistant", content: `Answer ${i}` } }] },
    exception: i === 7 ? "RateLimitError" : null,
  }));
}

function setup(
  search = "size=25",
  wrap: (fetch: typeof globalThis.fetch) => typeof globalThis.fetch = (f) => f,
  callCount = 30,
) {
  const server = createLocalServer();
  const calls = makeCalls(callCount);
  // The calls are stored in the local services too, so adding them to a queue works for real.
  storeCalls(server.db, calls);
  seedOpObjects(
    server.db,
    PROJECT,
    (Object.keys(VERSIONS) as VersionKey[]).map((key, i) => ({
      ...VERSIONS[key],
      createdAt: Date.UTC(2025, 11, 1) + i * 1000,
    })),
    "user-demo",
  );
  const fetch = wrap(server.fetch);
  storeSettings(server, PROJECT);
  const clients = createApiClients(server.settings, { fetch: server.fetch });
  const app = renderApp({ path: `/calls?${search}`, defaults: urlsOf(server.settings), fetch });
  return { ...app, clients, fetch, search: () => new URLSearchParams(app.router.location.search) };
}

const table = () => screen.findByRole("table", { name: "Calls" }, SLOW);
const rangeText = () =>
  screen.getByRole("navigation", { name: "Pagination" }).querySelector("output")?.textContent ?? "";
const rowOf = (callId: string) =>
  screen.getAllByRole("row").find((row) => row.getAttribute("data-call-id") === callId)!;

describe("Calls page", () => {
  it("lists the calls newest first with the total, op versions told apart, and filters by op through the URL", async () => {
    const { user, search, router } = setup();
    await table();
    await waitFor(() => expect(rangeText()).toContain("1–25 of 30"), SLOW);
    expect(screen.getByRole("button", { name: "Started" }).closest("th")).toHaveAttribute("aria-sort", "descending");
    // Newest first: call-29 is a classification (one version: no version shown), call-28 an answer v1.
    expect(within(rowOf("call-29")).getByText("classify_ticket")).toBeInTheDocument();
    expect(within(rowOf("call-28")).getByText("v1")).toBeInTheDocument();
    expect(within(rowOf("call-28")).getByText("support_agent.answer").closest("[title]")).toHaveAttribute(
      "title",
      opRef("a1"),
    );
    // A row below the window's edge is rendered once the first rows are painted.
    await waitFor(() => expect(within(rowOf("call-07")).getByText("Error")).toBeInTheDocument(), SLOW);
    // A row's checkbox says which call it selects: its op, and its id.
    expect(within(rowOf("call-29")).getByRole("checkbox")).toHaveAccessibleName(
      "Select the classify_ticket call call-29",
    );

    const picker = screen.getByRole("combobox", { name: "Operation" });
    await waitFor(
      () => expect(within(picker).getByRole("option", { name: /support_agent\.answer · v0/ })).toBeInTheDocument(),
      SLOW,
    );
    await user.selectOptions(picker, opParam("a0"));
    await waitFor(() => expect(search().get("op")).toBe(opParam("a0")), SLOW);
    await waitFor(() => expect(rangeText()).toContain("of 7"), SLOW);
    expect(
      screen
        .getAllByRole("row")
        .slice(1)
        .every((row) => within(row).queryByText("v0")),
    ).toBe(true);

    await user.click(screen.getByRole("button", { name: "Operation" }));
    await waitFor(() => expect(search().get("sort")).toBe("op_name.asc"), SLOW);
    await act(() => router.navigate(-1));
    await waitFor(() => expect(search().get("sort")).toBeNull(), SLOW);
    expect(search().get("op")).toBe(opParam("a0"));
  }, 60_000);

  it("selects with shift-click ranges, then every matching call, and adds them with the chosen display fields", async () => {
    const { user, clients } = setup();
    const { id: queueId } = await clients.trace.createQueue({ project_id: PROJECT, name: "Tone review" });
    await clients.trace.addItems(queueId, { project_id: PROJECT, call_ids: ["call-00"], display_fields: [] });
    await table();
    await waitFor(() => expect(rangeText()).toContain("of 30"), SLOW);

    await user.click(within(rowOf("call-29")).getByRole("checkbox"));
    await user.keyboard("{Shift>}");
    await user.click(within(rowOf("call-26")).getByRole("checkbox"));
    await user.keyboard("{/Shift}");
    expect(screen.getByText("4 calls selected.")).toBeInTheDocument();

    await user.click(screen.getByRole("checkbox", { name: "Select every call on this page" }));
    expect(screen.getByText("25 calls selected.")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Select all 30 matching calls" }));
    expect(screen.getByText("All 30 matching calls selected.")).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Add to queue…" }));
    const dialog = await screen.findByRole("dialog", { name: "Add calls to a queue" });
    const queue = within(dialog).getByRole("combobox", { name: /Queue/ });
    await waitFor(() => expect(within(queue).getByRole("option", { name: "Tone review" })).toBeInTheDocument(), SLOW);
    await user.selectOptions(queue, queueId);
    expect(within(dialog).getByRole("checkbox", { name: "inputs.messages" })).toBeChecked();
    expect(within(dialog).getByRole("checkbox", { name: "output.choices.0.message.content" })).toBeChecked();
    expect(within(dialog).getByRole("checkbox", { name: "inputs.messages.0.role" })).not.toBeChecked();
    await user.click(within(dialog).getByRole("button", { name: "Add 30 calls" }));

    expect(
      await within(dialog).findByText(/Added 29 calls\. 1 was already in the queue \(not added twice\)\./, {}, SLOW),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole("link", { name: "Open the queue" })).toHaveAttribute(
      "href",
      `/queues/${queueId}?annotation_project=${encodeURIComponent(PROJECT)}`,
    );
    const { items } = await clients.trace.queryItems(queueId, { project_id: PROJECT });
    expect(items).toHaveLength(30);
    expect(items.find((i) => i.call_id === "call-05")?.display_fields).toEqual([
      "inputs.messages",
      "output.choices.0.message.content",
    ]);
  }, 60_000);

  it("waits for a new filter's rows before selecting every call on the page (not the filter before's)", async () => {
    const gate = requestGate();
    const { user } = setup("size=25", (inner) => async (input, init) => {
      const request = new Request(input, init);
      if (
        new URL(request.url).pathname.endsWith("/calls/stream_query") &&
        (await request.clone().text()).includes(opRef("a0"))
      )
        await gate.pass();
      return inner(request);
    });
    await table();
    await waitFor(() => expect(rangeText()).toContain("1–25 of 30"), SLOW);
    const picker = screen.getByRole("combobox", { name: "Operation" });
    await waitFor(() => expect(within(picker).getByRole("option", { name: /· v0/ })).toBeInTheDocument(), SLOW);

    const release = gate.hold();
    await user.selectOptions(picker, opParam("a0"));
    // The new filter's count is in, its rows are not: the rows on screen are the unfiltered page's.
    await waitFor(() => expect(rangeText()).toContain("of 7"), SLOW);
    const selectPage = screen.getByRole("checkbox", { name: "Select every call on this page" });
    expect(rowOf("call-29")).toBeDefined();
    expect(selectPage).toBeDisabled();

    release();
    await waitFor(() => expect(selectPage).toBeEnabled(), SLOW);
    await user.click(selectPage);
    expect(screen.getByText("7 calls selected.")).toBeInTheDocument();
  }, 30_000);

  it("in a project with no queue, offers no Add button but a new queue made on the spot, then adds to it", async () => {
    const { user, clients } = setup();
    await table();
    await waitFor(() => expect(rangeText()).toContain("of 30"), SLOW);
    await user.click(within(rowOf("call-29")).getByRole("checkbox"));
    await user.click(screen.getByRole("button", { name: "Add to queue…" }));
    let dialog = await screen.findByRole("dialog", { name: "Add calls to a queue" });
    expect(
      await within(dialog).findByText(
        "This project has no queue yet. Make one here, then add the calls to it.",
        {},
        SLOW,
      ),
    ).toBeInTheDocument();
    expect(within(dialog).queryByRole("button", { name: /^Add / })).toBeNull();

    await user.click(within(dialog).getByRole("button", { name: "New queue…" }));
    const form = await screen.findByRole("dialog", { name: "New queue" });
    await user.type(within(form).getByRole("textbox", { name: /Name/ }), "First review");
    await user.click(within(form).getByRole("button", { name: "Create queue" }));

    dialog = await screen.findByRole("dialog", { name: "Add calls to a queue" }, SLOW);
    const queues = await clients.trace.queryQueues({ project_id: PROJECT });
    const created = queues.find((q) => q.name === "First review")!;
    await waitFor(() => expect(within(dialog).getByRole("combobox", { name: /Queue/ })).toHaveValue(created.id), SLOW);
    await user.click(within(dialog).getByRole("button", { name: "Add 1 call" }));
    expect(await within(dialog).findByText(/Added 1 call\./, {}, SLOW)).toBeInTheDocument();
    const { items } = await clients.trace.queryItems(created.id, { project_id: PROJECT });
    expect(items.map((i) => i.call_id)).toEqual(["call-29"]);
  }, 60_000);

  it("keeps the selection when adding fails and retries what is left", async () => {
    let failAdds = 1;
    const { user, clients } = setup("size=25", (inner) => async (input, init) => {
      const request = new Request(input, init);
      if (
        request.method === "POST" &&
        /\/annotation_queues\/[^/]+\/items$/.test(new URL(request.url).pathname) &&
        failAdds > 0
      ) {
        failAdds--;
        return Response.json({ reason: "Service unavailable" }, { status: 503 });
      }
      return inner(input, init);
    });
    const { id: queueId } = await clients.trace.createQueue({ project_id: PROJECT, name: "Retry queue" });
    await table();
    await waitFor(() => expect(rangeText()).toContain("of 30"), SLOW);
    await user.click(within(rowOf("call-29")).getByRole("checkbox"));
    await user.click(within(rowOf("call-28")).getByRole("checkbox"));
    await user.click(screen.getByRole("button", { name: "Add to queue…" }));
    const dialog = await screen.findByRole("dialog", { name: "Add calls to a queue" });
    const queue = within(dialog).getByRole("combobox", { name: /Queue/ });
    await waitFor(() => expect(within(queue).getByRole("option", { name: "Retry queue" })).toBeInTheDocument(), SLOW);
    await user.selectOptions(queue, queueId);
    await user.click(within(dialog).getByRole("button", { name: "Add 2 calls" }));

    expect(
      await within(dialog).findByText(/Stopped by an error: 2 not sent yet\. Added 0 calls\./, {}, SLOW),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole("button", { name: "Retry the remaining 2" })).toHaveFocus();
    expect(screen.getByText("2 calls selected.")).toBeInTheDocument();
    await user.click(within(dialog).getByRole("button", { name: "Retry the remaining 2" }));
    expect(await within(dialog).findByText("Added 2 calls.", {}, SLOW)).toBeInTheDocument();
    expect(
      (await clients.trace.queryItems(queueId, { project_id: PROJECT })).items.map((i) => i.call_id).sort(),
    ).toEqual(["call-28", "call-29"]);
  }, 60_000);

  it("adds all matching calls batch by batch and stops after the batch in flight on Cancel", async () => {
    const gate = requestGate();
    const releaseFirstAdd = gate.hold();
    let adds = 0;
    const { user, clients } = setup(
      "size=25",
      (inner) => async (input, init) => {
        const request = new Request(input, init);
        if (
          request.method === "POST" &&
          /\/annotation_queues\/[^/]+\/items$/.test(new URL(request.url).pathname) &&
          adds++ === 0
        )
          await gate.pass();
        return inner(input, init);
      },
      2100,
    );
    const { id: queueId } = await clients.trace.createQueue({ project_id: PROJECT, name: "Big queue" });
    await table();
    await waitFor(() => expect(rangeText()).toContain("of 2,100"), SLOW);
    await user.click(screen.getByRole("checkbox", { name: "Select every call on this page" }));
    await user.click(screen.getByRole("button", { name: "Select all 2,100 matching calls" }));
    await user.click(screen.getByRole("button", { name: "Add to queue…" }));
    const dialog = await screen.findByRole("dialog", { name: "Add calls to a queue" });
    const queue = within(dialog).getByRole("combobox", { name: /Queue/ });
    await waitFor(() => expect(within(queue).getByRole("option", { name: "Big queue" })).toBeInTheDocument(), SLOW);
    await user.selectOptions(queue, queueId);
    await user.click(within(dialog).getByRole("button", { name: "Add 2,100 calls" }));

    expect(await within(dialog).findByText("Sent 0 of 2,100 calls", {}, SLOW)).toBeInTheDocument();
    // The focus moved from the form's button to Cancel: Enter cancels.
    expect(within(dialog).getByRole("button", { name: "Cancel" })).toHaveFocus();
    await user.keyboard("{Enter}");
    expect(within(dialog).getByText("Stopping after the batch in flight…")).toBeInTheDocument();
    expect(within(dialog).getByRole("button", { name: "Cancel" })).toBeDisabled();
    releaseFirstAdd();
    expect(
      await within(dialog).findByText("Cancelled: 1,100 not sent. Added 1,000 calls.", {}, SLOW),
    ).toBeInTheDocument();
    const { items } = await clients.trace.queryItems(queueId, { project_id: PROJECT });
    expect(items).toHaveLength(1000);
    // Oldest first: the first window of ids is the first 1,000 calls recorded.
    expect(
      items
        .map((i) => i.call_id)
        .sort()
        .at(-1),
    ).toBe("call-0999");
    expect(adds).toBe(1);
  }, 60_000);

  it("shows a filter the service refuses (422) under that filter, keeping what was typed", async () => {
    const long = "t".repeat(300);
    setup(`trace=${long}`);
    const field = await screen.findByRole("textbox", { name: "Trace ID" }, SLOW);
    await waitFor(() => expect(field).toHaveAttribute("aria-invalid", "true"), SLOW);
    expect(field).toHaveValue(long);
    expect(field).toHaveAccessibleDescription(/256/);
    expect(screen.getByText("Fix the filter marked above to see calls.")).toBeInTheDocument();
    expect(screen.queryByText("Could not load the calls")).not.toBeInTheDocument();
  }, 60_000);

  it("filters a time range typed in local time, kept in the URL as UTC, and root calls only", async () => {
    const { user, search } = setup();
    await table();
    await waitFor(() => expect(rangeText()).toContain("of 30"), SLOW);
    // 20 calls started after this instant (a local time, as the browser's picker gives it).
    const local = new Date(Date.UTC(2026, 0, 1, 0, 9, 30));
    const typed = toLocalInput(local);
    fireEvent.change(screen.getByLabelText("Started after"), { target: { value: typed } });
    await waitFor(() => expect(search().get("after")).toBe(new Date(typed).toISOString()), SLOW);
    await waitFor(() => expect(rangeText()).toContain("of 20"), SLOW);
    expect(screen.getByLabelText("Started after")).toHaveValue(typed);

    // ...and before this one: calls 10 to 24 (the service's own evaluation of both bounds).
    const end = toLocalInput(new Date(Date.UTC(2026, 0, 1, 0, 25)));
    fireEvent.change(screen.getByLabelText("Started before"), { target: { value: end } });
    await waitFor(() => expect(search().get("before")).toBe(new Date(end).toISOString()), SLOW);
    await waitFor(() => expect(rangeText()).toContain("of 15"), SLOW);

    // Calls 14, 19 and 24 are children.
    await user.click(screen.getByRole("checkbox", { name: "Root calls only" }));
    await waitFor(() => expect(search().get("roots")).toBe("1"), SLOW);
    await waitFor(() => expect(rangeText()).toContain("of 12"), SLOW);
  }, 60_000);

  it("edits of a date share one history entry: one Back undoes them all", async () => {
    const { search, router } = setup();
    await table();
    for (const minute of [5, 6, 7]) {
      fireEvent.change(screen.getByLabelText("Started after"), {
        target: { value: toLocalInput(new Date(Date.UTC(2026, 0, 1, 0, minute))) },
      });
      await waitFor(
        () => expect(search().get("after")).toBe(new Date(Date.UTC(2026, 0, 1, 0, minute)).toISOString()),
        SLOW,
      );
    }
    await act(() => router.navigate(-1));
    await waitFor(() => expect(search().get("after")).toBeNull(), SLOW);
  }, 60_000);

  it("says when the text filter matches nothing and clears it", async () => {
    const { user, search } = setup("q=no-such-text");
    expect(await screen.findByText("No calls match these filters", {}, SLOW)).toBeInTheDocument();
    expect(screen.getByRole("textbox", { name: "Text in inputs or output" })).toHaveValue("no-such-text");
    await user.click(screen.getAllByRole("button", { name: "Clear filters" })[0]!);
    await waitFor(() => expect(search().get("q")).toBeNull(), SLOW);
    await waitFor(() => expect(rangeText()).toContain("of 30"), SLOW);
  }, 60_000);
});
