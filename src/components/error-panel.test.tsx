import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { createApiClients } from "@/api/clients";
import { isApiError } from "@/api/errors";
import { createLocalServer } from "@/test/local-server";
import { ErrorPanel } from "./error-panel";

async function failureOf(call: () => Promise<unknown>): Promise<unknown> {
  try {
    await call();
  } catch (error) {
    return error;
  }
  throw new Error("expected the call to fail");
}

describe("ErrorPanel", () => {
  it("shows a service's rejected fields as text, with the request id and Retry", async () => {
    const server = createLocalServer();
    const clients = createApiClients(server.settings, { fetch: server.fetch });
    // The local trace service rejects a negative limit with a FastAPI-style 422.
    const error = await failureOf(() =>
      clients.trace.queryItems("queue-1", { project_id: "demo/support-bot", limit: -1 }),
    );
    if (!isApiError(error)) throw new Error("expected an ApiError");
    expect(error.fieldErrors.length).toBeGreaterThan(0);
    expect(error.requestId).toBeTruthy();

    const onRetry = vi.fn<() => void>();
    render(<ErrorPanel error={error} title="Could not load queue items" onRetry={onRetry} />);
    const alert = screen.getByRole("alert");
    expect(alert).toHaveTextContent("Could not load queue items");
    expect(within(alert).getByRole("listitem")).toHaveTextContent("limit");
    expect(alert).toHaveTextContent(error.requestId!);
    await userEvent.setup().click(within(alert).getByRole("button", { name: "Retry" }));
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it("renders markup from a service as plain text", async () => {
    const server = createLocalServer();
    const clients = createApiClients(server.settings, { fetch: server.fetch });
    // The training service names the unknown job in its 404 message.
    const error = await failureOf(() => clients.training.getJob("<img src=x onerror=alert(1)>"));
    expect(isApiError(error) && error.message).toContain("<img");
    const { container } = render(<ErrorPanel error={error} />);
    expect(container.querySelector("img")).toBeNull();
    expect(screen.getByRole("alert")).toHaveTextContent("<img src=x onerror=alert(1)>");
  });

  it("shows a service message's hidden bidirectional characters instead of letting them reorder it", async () => {
    const server = createLocalServer();
    const clients = createApiClients(server.settings, { fetch: server.fetch });
    const error = await failureOf(() => clients.training.getJob("job_\u202Efdp.exe"));
    render(<ErrorPanel error={error} />);
    const alert = screen.getByRole("alert");
    expect(
      within(alert).getByRole("img", { name: "hidden character U+202E, right-to-left override" }),
    ).toBeInTheDocument();
    expect(alert.textContent).not.toContain("\u202E");
    expect(alert.textContent).toContain("job_⟨U+202E⟩fdp.exe");
  });

  it("offers no Retry without a handler", () => {
    render(<ErrorPanel error={new Error("boom")} />);
    expect(screen.queryByRole("button", { name: "Retry" })).not.toBeInTheDocument();
  });
});
