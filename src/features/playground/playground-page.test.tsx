import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { createApp } from "@server/app";
import { openTestDatabase } from "@server/testing/test-database";
import { seedTrainingDemo } from "@server/seed/training-seed";
import { createJobRunner } from "@server/training/job-runner";
import { createApiClients } from "@/api/clients";
import { renderApp, urlsOf } from "@/app/test-support";
import { createLocalServer, LOCAL_ORIGIN } from "@/test/local-server";
import { API_KEY_STORAGE_KEY } from "@/connection/settings-storage";
import { renderWithServices } from "@/features/models/test-support";
import { CONTINUE_INSTRUCTION } from "./conversation";

const GPT_OSS = "openai/gpt-oss-20b";
const CHECKPOINT = "wandb-artifact:///demo/support-bot/support-rl:step24";
const playgroundFor = (service: string, model: string) =>
  `/playground?${new URLSearchParams({ service, model }).toString()}`;

const reply = () => screen.getAllByTestId("reply-text").at(-1)!;
const alert = () => screen.findByRole("alert", {}, { timeout: 5000 });
const chatRequests = (requests: Request[]) =>
  requests.filter((r) => r.method === "POST" && r.url.includes("/chat/completions"));

/** Waits until the page (lazy-loaded) shows the composer. */
const composer = () => screen.findByLabelText("Message", {}, { timeout: 5000 });

describe("playground: catalog models", () => {
  it("preselects the model from the URL and streams a reply sent with Ctrl+Enter, with usage", async () => {
    const { user, server } = renderWithServices(playgroundFor("inference", GPT_OSS));
    const message = await composer();
    await waitFor(() => expect(screen.getByLabelText("Model")).toHaveValue(GPT_OSS));
    expect(screen.getByRole("note")).toHaveTextContent("Simulated replies.");

    await user.type(screen.getByLabelText("System prompt"), "Be brief.");
    await user.type(message, "Hello there{Enter}second line");
    // Enter adds a line and sends nothing.
    expect(message).toHaveValue("Hello there\nsecond line");
    expect(chatRequests(server.requests)).toHaveLength(0);

    await user.keyboard("{Control>}{Enter}{/Control}");
    await waitFor(() => expect(reply()).toHaveTextContent(`[Local simulation of ${GPT_OSS}]`));
    expect(message).toHaveValue("");
    expect(screen.getByRole("list", { name: "Conversation" })).toHaveTextContent("Hello there");
    expect(await screen.findByText(/^Tokens: \d+ prompt \+ \d+ completion = \d+$/)).toBeInTheDocument();

    const [sent] = chatRequests(server.requests);
    expect(sent!.url).toBe(`${LOCAL_ORIGIN}/api/inference/v1/chat/completions`);
    expect(await sent!.json()).toEqual({
      model: GPT_OSS,
      messages: [
        { role: "system", content: "Be brief." },
        { role: "user", content: "Hello there\nsecond line" },
      ],
      temperature: 0.7,
      max_tokens: 512,
      stream: true,
      stream_options: { include_usage: true },
    });
  });

  it("sends the conversation so far with the next message", async () => {
    const { user, server } = renderWithServices(playgroundFor("inference", GPT_OSS));
    const message = await composer();
    await user.type(message, "first");
    await user.click(screen.getByRole("button", { name: "Send" }));
    await waitFor(() => expect(reply()).toHaveTextContent("first"));
    await user.type(message, "second");
    await user.click(screen.getByRole("button", { name: "Send" }));
    await waitFor(() => expect(chatRequests(server.requests)).toHaveLength(2));
    const body = await chatRequests(server.requests)[1]!.json();
    expect(body.messages.map((m: { role: string }) => m.role)).toEqual(["user", "assistant", "user"]);
  });

  it("shows replies as text, never as markup", async () => {
    const { user } = renderWithServices(playgroundFor("inference", GPT_OSS));
    await user.type(await composer(), "<img src=x onerror=alert(1)> <b>bold</b>");
    await user.click(screen.getByRole("button", { name: "Send" }));
    await waitFor(() => expect(reply()).toHaveTextContent('"<img src=x onerror=alert(1)> <b>bold</b>"'));
    expect(document.querySelector("main img, main b")).toBeNull();
  });

  it("asks for a model before sending, and keeps the message", async () => {
    const { user, server } = renderWithServices("/playground");
    await user.type(await composer(), "hi");
    await user.click(screen.getByRole("button", { name: "Send" }));
    expect(screen.getByLabelText("Model")).toHaveAccessibleDescription("Choose a model to chat with.");
    expect(screen.getByLabelText("Message")).toHaveValue("hi");
    expect(chatRequests(server.requests)).toHaveLength(0);
  });

  it("names a setting out of range at its field and sends nothing", async () => {
    const { user, server } = renderWithServices(playgroundFor("inference", GPT_OSS));
    await user.type(await composer(), "hi");
    const temperature = screen.getByLabelText("Temperature");
    await user.clear(temperature);
    await user.type(temperature, "3");
    await user.click(screen.getByRole("button", { name: "Send" }));
    expect(temperature).toHaveAttribute("aria-invalid", "true");
    expect(temperature).toHaveAccessibleDescription(expect.stringContaining("from 0 to 2"));
    expect(screen.getByLabelText("Message")).toHaveValue("hi");
    expect(chatRequests(server.requests)).toHaveLength(0);
  });

  it("regenerates the last reply, and shows the conversation as code with the key read from the environment", async () => {
    const { user, server } = renderWithServices(playgroundFor("inference", GPT_OSS));
    await user.type(await composer(), "Hello there");
    await user.click(screen.getByRole("button", { name: "Send" }));
    await waitFor(() => expect(reply()).toHaveTextContent(`[Local simulation of ${GPT_OSS}]`));
    await user.click(screen.getByRole("button", { name: "Regenerate" }));
    await waitFor(() => expect(chatRequests(server.requests)).toHaveLength(2));
    const [first, second] = await Promise.all(chatRequests(server.requests).map((r) => r.json()));
    expect(second.messages).toEqual(first.messages);
    await waitFor(() => expect(screen.getByRole("button", { name: "Regenerate" })).toBeInTheDocument());
    expect(screen.getAllByTestId("reply-text")).toHaveLength(1);

    await user.type(screen.getByLabelText("Message"), "and now?");
    await user.click(screen.getByRole("button", { name: "View code" }));
    const dialog = await screen.findByRole("dialog", { name: "This conversation as code" });
    expect(dialog).toHaveTextContent("every message and reply so far and the message being typed");
    await user.click(within(dialog).getByRole("tab", { name: "Python" }));
    const code = within(dialog).getByRole("tabpanel").textContent!;
    expect(code).toContain(`model="${GPT_OSS}"`);
    expect(code).toContain('"content": "Hello there"');
    expect(code).toContain('"content": "and now?"');
    expect(code).toContain("temperature=0.7");
    expect(code).toContain('api_key=os.environ["WANDB_API_KEY"]');
    expect(dialog).not.toHaveTextContent(server.settings.apiKey);
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });

  it("copies the conversation as JSON and clears it after confirming", async () => {
    const { user } = renderWithServices(playgroundFor("inference", GPT_OSS));
    await user.type(await composer(), "hello");
    await user.click(screen.getByRole("button", { name: "Send" }));
    await waitFor(() => expect(reply()).toHaveTextContent("hello"));
    await user.click(screen.getByRole("button", { name: "Copy conversation as JSON" }));
    const copied = JSON.parse(await navigator.clipboard.readText());
    expect(copied).toMatchObject({ service: "inference", model: GPT_OSS, temperature: 0.7, max_tokens: 512 });
    expect(copied.messages).toHaveLength(2);
    expect(copied.messages[1].content).toContain("[Local simulation of");

    await user.click(screen.getByRole("button", { name: "Clear conversation" }));
    await user.click(
      within(screen.getByRole("dialog", { name: "Clear the conversation?" })).getByRole("button", { name: "Clear" }),
    );
    expect(screen.queryByRole("list", { name: "Conversation" })).not.toBeInTheDocument();
  });
});

describe("playground: trained checkpoints", () => {
  it("chats with a checkpoint through the training service", async () => {
    const { user, server } = renderWithServices(playgroundFor("training", CHECKPOINT));
    seedTrainingDemo(server.db);
    const message = await composer();
    expect(screen.getByLabelText("Checkpoint address")).toHaveValue(CHECKPOINT);
    await user.type(message, "Where is my order?");
    await user.click(screen.getByRole("button", { name: "Send" }));
    await waitFor(() => expect(reply()).toHaveTextContent(`[Local simulation of ${CHECKPOINT}]`));
    expect(chatRequests(server.requests)[0]!.url).toBe(`${LOCAL_ORIGIN}/api/training/v1/chat/completions`);
  });

  it("picks a known model, then a step marked best or latest, and a typed address selects both", async () => {
    // Seeded before the page opens: the demo joins a new browser's list once, at the first look.
    const server = createLocalServer();
    seedTrainingDemo(server.db);
    localStorage.setItem(API_KEY_STORAGE_KEY, server.settings.apiKey);
    const { user } = renderApp({
      path: "/playground?service=training",
      defaults: urlsOf(server.settings),
      fetch: server.fetch,
    });
    const message = await composer();
    // The seeded demo joins this browser's list of models, names included.
    const modelSelect = screen.getByLabelText("Trained model");
    await waitFor(() =>
      expect(within(modelSelect).getByRole("option", { name: "support-rl (demo/support-bot)" })).toBeInTheDocument(),
    );
    expect(screen.getByLabelText("Step")).toBeDisabled();
    await user.selectOptions(modelSelect, "support-rl (demo/support-bot)");
    const address = screen.getByLabelText("Checkpoint address");
    await waitFor(() => expect(address).toHaveValue("wandb-artifact:///demo/support-bot/support-rl"));
    const stepSelect = screen.getByLabelText("Step");
    await waitFor(() =>
      expect(within(stepSelect).getByRole("option", { name: /^Step 24 · latest/ })).toBeInTheDocument(),
    );
    expect(within(stepSelect).getAllByRole("option", { name: /best by reward/ })).toHaveLength(1);
    await user.selectOptions(stepSelect, within(stepSelect).getByRole("option", { name: /^Step 24 · latest/ }));
    await waitFor(() => expect(address).toHaveValue(CHECKPOINT));

    await user.type(message, "Where is my order?");
    await user.click(screen.getByRole("button", { name: "Send" }));
    await waitFor(() => expect(reply()).toHaveTextContent(`[Local simulation of ${CHECKPOINT}]`));

    // Typing still works, and a known model's address selects its model and step.
    await user.clear(address);
    await user.type(address, "wandb-artifact:///demo/support-bot/support-sft:step3");
    await waitFor(() =>
      expect(screen.getByLabelText("Trained model")).toHaveDisplayValue("support-sft (demo/support-bot)"),
    );
    await waitFor(() => expect(screen.getByLabelText("Step")).toHaveDisplayValue(/^Step 3/));
  });

  it("checks the address before sending", async () => {
    const { user, server, router } = renderWithServices("/playground?service=training");
    await user.type(await composer(), "hi");
    const address = screen.getByLabelText("Checkpoint address");
    await user.type(address, "wandb-artifact:///demo/support-bot/support-rl:v2");
    await user.click(screen.getByRole("button", { name: "Send" }));
    expect(address).toHaveAttribute("aria-invalid", "true");
    expect(address).toHaveAccessibleDescription(expect.stringContaining("“:v2” is not a checkpoint"));
    expect(chatRequests(server.requests)).toHaveLength(0);
    // The address is in the URL as it is typed, so the page can be shared.
    expect(new URLSearchParams(router.location.search).get("model")).toBe(
      "wandb-artifact:///demo/support-bot/support-rl:v2",
    );
  });

  it("a checkpoint that does not exist: the error inline, the message kept for Edit", async () => {
    const { user } = renderWithServices(
      playgroundFor("training", "wandb-artifact:///demo/support-bot/no-such-model:step1"),
    );
    await user.type(await composer(), "are you there?");
    await user.click(screen.getByRole("button", { name: "Send" }));
    expect(await alert()).toHaveTextContent("Model or checkpoint not found");
    expect(screen.getByRole("list", { name: "Conversation" })).toHaveTextContent("are you there?");
    await user.click(screen.getByRole("button", { name: "edit the message" }));
    expect(screen.getByLabelText("Message")).toHaveValue("are you there?");
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });
});

describe("playground: failures keep the message for a retry", () => {
  it("429: the concurrency limit is reported, and Retry sends the same message once a slot is free", async () => {
    const { user, server } = renderWithServices(playgroundFor("inference", GPT_OSS));
    // Four streams in flight take every slot of the demo user's concurrency limit.
    const { inference } = createApiClients(server.settings, { fetch: server.fetch });
    const held = [1, 2, 3, 4].map(() =>
      inference.streamChatCompletion({ model: GPT_OSS, messages: [{ role: "user", content: "hold" }] }),
    );
    await Promise.all(held.map((stream) => stream.next()));

    await user.type(await composer(), "please answer");
    await user.click(screen.getByRole("button", { name: "Send" }));
    const shown = await alert();
    expect(shown).toHaveTextContent("Too many requests at once");
    expect(shown).toHaveTextContent("(429)");
    expect(screen.getByRole("list", { name: "Conversation" })).toHaveTextContent("please answer");

    await Promise.all(held.map((stream) => stream.return(undefined)));
    await user.click(within(shown).getByRole("button", { name: "Retry" }));
    await waitFor(() => expect(reply()).toHaveTextContent('"please answer"'));
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    const retried = await chatRequests(server.requests).at(-1)!.json();
    expect(retried.messages).toEqual([{ role: "user", content: "please answer" }]);
  });

  it("401: a rejected key", async () => {
    const { user } = renderWithServices(playgroundFor("inference", GPT_OSS), { key: "wrong-key" });
    await user.type(await composer(), "hi");
    await user.click(screen.getByRole("button", { name: "Send" }));
    await waitFor(() =>
      expect(screen.getAllByRole("alert").some((a) => a.textContent?.includes("The API key was rejected"))).toBe(true),
    );
  });

  it("network: an unreachable service, with the CORS hint", async () => {
    const { user } = renderWithServices(playgroundFor("inference", GPT_OSS), {
      settings: { inferenceBaseUrl: "http://unreachable.test/v1" },
    });
    await user.type(await composer(), "hello?");
    await user.click(screen.getByRole("button", { name: "Send" }));
    await waitFor(() =>
      expect(
        screen.getAllByRole("alert").some((a) => a.textContent?.includes("The service could not be reached")),
      ).toBe(true),
    );
    expect(screen.getByRole("list", { name: "Conversation" })).toHaveTextContent("hello?");
    expect(document.body).toHaveTextContent("CORS");
  });
});

describe("playground: Stop", () => {
  // The shared in-process services answer instantly; Stop needs tokens that take time.
  const apps: { close: () => void }[] = [];
  afterEach(() => apps.splice(0).forEach((a) => a.close()));

  function renderWithSlowTokens(path: string, tokenDelayMs: number) {
    const db = openTestDatabase({ users: true });
    const app = createApp({ db, runner: createJobRunner(db, { stepMs: 0 }), chatTokenDelayMs: tokenDelayMs });
    apps.push({ close: () => db.close() });
    const requests: Request[] = [];
    const fetchLocal: typeof fetch = async (input, init) => {
      const request = new Request(input, init);
      requests.push(request.clone());
      return app.fetch(request);
    };
    localStorage.setItem(API_KEY_STORAGE_KEY, "local-demo-key");
    const defaults = {
      traceBaseUrl: `${LOCAL_ORIGIN}/api/trace`,
      trainingBaseUrl: `${LOCAL_ORIGIN}/api/training/v1`,
      inferenceBaseUrl: `${LOCAL_ORIGIN}/api/inference/v1`,
      wandbApiBaseUrl: `${LOCAL_ORIGIN}/api/wandb`,
    };
    return { requests, ...renderApp({ path, defaults, fetch: fetchLocal }) };
  }

  it("after Stop, Continue keeps the text and asks for more; Regenerate replaces the reply", async () => {
    const { user, requests } = renderWithSlowTokens(playgroundFor("inference", GPT_OSS), 40);
    await user.type(await composer(), "tell me everything");
    await user.click(screen.getByRole("button", { name: "Send" }));
    await waitFor(() => expect(reply().textContent).toMatch(/\S/), { timeout: 3000 });
    await user.click(screen.getByRole("button", { name: "Stop" }));
    expect(await screen.findByText(/keeps this text and asks the model to go on/)).toBeInTheDocument();
    const partial = reply().textContent!;

    await user.click(screen.getByRole("button", { name: "Continue" }));
    await waitFor(() => expect(chatRequests(requests)).toHaveLength(2));
    expect((await chatRequests(requests)[1]!.json()).messages).toEqual([
      { role: "user", content: "tell me everything" },
      { role: "assistant", content: partial },
      { role: "user", content: CONTINUE_INSTRUCTION },
    ]);
    // The continuation is added to the same reply, which starts with what was kept.
    await waitFor(() => expect(reply().textContent!.length).toBeGreaterThan(partial.length), { timeout: 3000 });
    expect(screen.getAllByTestId("reply-text")).toHaveLength(1);
    expect(reply().textContent!.startsWith(partial)).toBe(true);
    await user.click(screen.getByRole("button", { name: "Stop" }));

    await user.click(await screen.findByRole("button", { name: "Regenerate" }));
    await waitFor(() => expect(chatRequests(requests)).toHaveLength(3));
    expect((await chatRequests(requests)[2]!.json()).messages).toEqual([
      { role: "user", content: "tell me everything" },
    ]);
    expect(screen.getAllByTestId("reply-text")).toHaveLength(1);
    await user.click(await screen.findByRole("button", { name: "Stop" }));
  });

  it("stops a streaming reply, keeps what arrived, and sends it as history next time", async () => {
    const { user, requests } = renderWithSlowTokens(playgroundFor("inference", GPT_OSS), 40);
    await user.type(await composer(), "tell me everything");
    await user.click(screen.getByRole("button", { name: "Send" }));
    await waitFor(() => expect(reply().textContent).toMatch(/\S/), { timeout: 3000 });
    await user.click(screen.getByRole("button", { name: "Stop" }));
    expect(await screen.findByText("Stopped")).toBeInTheDocument();
    const partial = reply().textContent!;
    expect(partial.length).toBeGreaterThan(0);
    expect(partial).not.toContain('"tell me everything"');
    expect(screen.getByRole("button", { name: "Send" })).toBeInTheDocument();
    // Nothing more arrives after Stop.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(reply().textContent).toBe(partial);

    await user.type(screen.getByLabelText("Message"), "go on");
    await user.click(screen.getByRole("button", { name: "Send" }));
    await waitFor(() => expect(chatRequests(requests)).toHaveLength(2));
    const next = await chatRequests(requests)[1]!.json();
    expect(next.messages).toEqual([
      { role: "user", content: "tell me everything" },
      { role: "assistant", content: partial },
      { role: "user", content: "go on" },
    ]);
    await user.click(await screen.findByRole("button", { name: "Stop" }));
  });
});
