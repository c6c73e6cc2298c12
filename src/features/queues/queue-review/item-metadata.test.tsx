import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { AnnotationQueueItem, Call } from "@contract/trace";
import { ItemMetadata } from "./item-metadata";

const RLO = "\u202E";

function item(overrides: Partial<AnnotationQueueItem> = {}): AnnotationQueueItem {
  return {
    id: "item-1",
    project_id: "demo/support-bot",
    queue_id: "queue-1",
    call_id: "call-1",
    call_started_at: "2026-01-01T00:00:00Z",
    call_ended_at: "2026-01-01T00:00:01Z",
    call_op_name: "weave:///demo/support-bot/op/agent.answer:v1",
    call_trace_id: "trace-1",
    display_fields: [],
    added_by: "user-1",
    annotation_state: "unstarted",
    annotator_user_id: null,
    created_at: "2026-01-01T00:00:00Z",
    created_by: "user-1",
    updated_at: "2026-01-01T00:00:00Z",
    position_in_queue: 1,
    ...overrides,
  };
}

describe("ItemMetadata", () => {
  it("shows bidirectional overrides and zero-width characters in names and ids as markers", () => {
    const spoofed = item({
      call_op_name: `weave:///demo/support-bot/op/${RLO}rewsna.tnega:v1`,
      call_id: `call-${RLO}1`,
      call_trace_id: "trace\u200B-1",
      annotator_user_id: `user${RLO}-2`,
      added_by: "user\u2066-3",
    });
    const call = { exception: `ValueError: ${RLO}gnorw` } as Call;
    const { container } = render(<ItemMetadata item={spoofed} call={call} />);
    const details = container.querySelector("dl")!;
    expect(details.textContent).not.toMatch(/[\u202A-\u202E\u2066-\u2069\u200B]/);
    const markers = within(details)
      .getAllByRole("img")
      .map((m) => m.getAttribute("aria-label"));
    expect(markers.filter((m) => m?.includes("U+202E"))).toHaveLength(4);
    expect(markers.some((m) => m?.includes("U+200B"))).toBe(true);
    expect(markers.some((m) => m?.includes("U+2066"))).toBe(true);
    expect(screen.getByText("rewsna.tnega", { exact: false }).closest("bdi")).toHaveAttribute("dir", "auto");
  });

  it('says nobody has worked on an item whose writer is "" (upstream) or null', () => {
    for (const nobody of ["", null]) {
      const { unmount } = render(<ItemMetadata item={item({ annotator_user_id: nobody })} call={undefined} />);
      expect(screen.getByText("nobody yet")).toBeInTheDocument();
      unmount();
    }
  });

  it("keeps a right-to-left name readable, isolated, without markers", () => {
    render(<ItemMetadata item={item({ annotator_user_id: "מיכל" })} call={undefined} />);
    const name = screen.getByText("מיכל");
    expect(name.closest("bdi")).toHaveAttribute("dir", "auto");
    expect(screen.queryByRole("img")).not.toBeInTheDocument();
  });
});
