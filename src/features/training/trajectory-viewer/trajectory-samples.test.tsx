import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { TrajectoryGroup } from "@contract/training";
import { contentText, FOLD_AT, foldText, OPEN_AT, sampleTrajectory } from "./sample-text";
import { TrajectorySamples } from "./trajectory-samples";

const answer = (content: string) => ({ index: 0, finish_reason: "stop", message: { role: "assistant", content } });
const trajectory = (question: string, reply: string, reward: number) => ({
  messages_and_choices: [{ role: "user", content: question }, answer(reply)],
  reward,
});
const group = (n: number, size = 2): TrajectoryGroup => ({
  trajectories: Array.from({ length: size }, (_, i) => trajectory(`Question ${n}`, `Answer ${n}.${i + 1}`, i / size)),
});

describe("what a sample shows of a trajectory", () => {
  it("reads text, content parts and tool calls as plain text", () => {
    expect(contentText("hi")).toBe("hi");
    expect(
      contentText([
        { type: "text", text: "look" },
        { type: "image_url", image_url: { url: "x" } },
      ]),
    ).toBe("look\n[image_url]");
    expect(contentText(null, { tool_calls: [{ function: { name: "lookup_order" } }] })).toBe(
      "(no text; calls lookup_order)",
    );
    expect(contentText(undefined)).toBe("(no text)");
  });

  it("marks the answer, and shows a long trajectory's first and last messages with the middle counted", () => {
    const long = {
      messages_and_choices: [
        ...Array.from({ length: 20 }, (_, i) => ({ role: i % 2 ? "assistant" : "user", content: `m${i}` })),
        answer("done"),
      ],
      reward: 1,
    };
    const sample = sampleTrajectory(long);
    expect(sample.shown.map((m) => m.text)).toEqual(["m0", "m1", "m17", "m18", "m19", "done"]);
    expect(sample.shown.at(-1)?.answer).toBe(true);
    expect(sample).toMatchObject({ hiddenBefore: 15, hiddenAt: 2 });
  });

  it("folds a long text and renders at most OPEN_AT characters of it, never splitting a surrogate pair", () => {
    expect(foldText("short")).toEqual({ head: "short", rest: null, notShown: 0 });
    const huge = "x".repeat(1_000_000);
    const folded = foldText(huge);
    expect(folded.head).toHaveLength(FOLD_AT);
    expect(folded.head.length + (folded.rest?.length ?? 0)).toBe(OPEN_AT);
    expect(folded.notShown).toBe(1_000_000 - OPEN_AT);
    const emoji = `${"x".repeat(FOLD_AT - 1)}😀 and more text after it${"y".repeat(300)}`;
    expect(foldText(emoji).head).toHaveLength(FOLD_AT - 1);
  });
});

describe("TrajectorySamples", () => {
  it("shows a few groups' messages, answers and rewards, numbered from 1, and says how many are left out", () => {
    render(<TrajectorySamples groups={[group(1, 5), group(2), group(3), group(4)]} labels={["Where is my refund?"]} />);
    expect(
      screen.getByText("The first 3 of 4 groups, up to 3 trajectories of each; long texts are folded."),
    ).toBeInTheDocument();
    const groups = screen.getAllByRole("heading", { level: 3 }).map((h) => h.textContent);
    expect(groups).toEqual(["Group 1: Where is my refund?", "Group 2", "Group 3"]);
    const first = screen.getAllByRole("listitem").find((li) => li.textContent?.startsWith("Group 1"))!;
    expect(within(first).getByText("Trajectory 1 · reward", { exact: false })).toHaveTextContent(
      "Trajectory 1 · reward 0",
    );
    expect(within(first).getByText("Answer 1.3")).toBeInTheDocument();
    expect(within(first).queryByText("Answer 1.4")).not.toBeInTheDocument();
    expect(within(first).getByText("…and 2 more trajectories in this group.")).toBeInTheDocument();
    expect(
      within(first).getAllByText(
        (_, element) => element?.tagName === "SPAN" && element.textContent === "assistant · answer",
      ),
    ).toHaveLength(3);
  });

  it("renders the data as text only, and opens a folded text on request", async () => {
    const markup = `<img src=x onerror="alert(1)"><b>bold</b>${"z".repeat(FOLD_AT)}`;
    const { container } = render(
      <TrajectorySamples groups={[{ trajectories: [trajectory(markup, "ok", 1)] }]} groupNumbers={[4]} />,
    );
    expect(container.querySelector("img, b")).toBeNull();
    expect(screen.getByRole("heading", { name: "Group 4" })).toBeInTheDocument();
    expect(screen.getByText(/^<img src=x onerror="alert\(1\)"><b>bold<\/b>z+…$/)).toBeInTheDocument();
    const button = screen.getByRole("button", { name: `Show all ${markup.length} characters` });
    expect(button).toHaveAttribute("aria-expanded", "false");
    await userEvent.click(button);
    expect(screen.getByText(markup)).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Fold" })).toHaveAttribute("aria-expanded", "true");
  });
});
