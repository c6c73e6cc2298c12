import { render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import type { AssistantTurn } from "./conversation";
import { ReplyActions } from "./reply-actions";

const stoppedReply = (content: string): AssistantTurn => ({
  id: "a1",
  role: "assistant",
  content,
  status: "stopped",
  model: "m",
});

describe("ReplyActions", () => {
  it("offers Continue after a reply stopped with text: it keeps that text and asks for more", () => {
    render(
      <ReplyActions
        reply={stoppedReply("The answer is")}
        onRegenerate={vi.fn<() => void>()}
        onContinue={vi.fn<() => void>()}
      />,
    );
    expect(screen.getByRole("button", { name: "Continue" })).toBeInTheDocument();
    expect(screen.getByText(/keeps this text/)).toBeInTheDocument();
  });

  it("offers only Regenerate after a reply stopped before its first token: there is no text to continue", () => {
    // Continue would send "continue your last reply" with no reply in the history (an empty one is not history).
    render(
      <ReplyActions reply={stoppedReply("")} onRegenerate={vi.fn<() => void>()} onContinue={vi.fn<() => void>()} />,
    );
    expect(screen.queryByRole("button", { name: "Continue" })).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Regenerate" })).toBeInTheDocument();
    expect(screen.getByText(/Stopped before the first word/)).toBeInTheDocument();
  });
});
