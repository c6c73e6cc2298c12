import { render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import type { Call } from "@contract/trace";
import { ReviewCall } from "./review-call";

const call = {
  id: "call-1",
  op_name: "agent.answer",
  inputs: { question: "Where is my order?" },
  output: { answer: "On its way." },
} as unknown as Call;

describe("ReviewCall", () => {
  it("says a call the service no longer has is gone (upstream's 200 {call: null}), not that the response is broken", () => {
    render(<ReviewCall call={null} error={null} onRetry={vi.fn<() => void>()} displayFields={["inputs.question"]} />);
    expect(screen.getByRole("note")).toHaveTextContent("This call no longer exists on the service");
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    expect(screen.queryByText(/broken|invalid response/i)).not.toBeInTheDocument();
  });

  it("shows the display fields of a call it has", () => {
    render(<ReviewCall call={call} error={null} onRetry={vi.fn<() => void>()} displayFields={["inputs.question"]} />);
    expect(screen.getByRole("region", { name: "inputs.question" })).toHaveTextContent("Where is my order?");
    expect(screen.queryByRole("note")).not.toBeInTheDocument();
  });
});
