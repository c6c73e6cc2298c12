import { render } from "@testing-library/react";
import { memo } from "react";
import { describe, expect, it } from "vitest";
import { useLatest } from "./use-latest";

describe("useLatest", () => {
  it("is the same ref from render to render and holds the latest value once the render is committed", () => {
    const refs: unknown[] = [];
    const seen: string[] = [];
    // Memoised on the ref alone: it renders once, yet reads what the parent was given last.
    const Reader = memo(function Reader({ latest }: { latest: { current: string } }) {
      seen.push(latest.current);
      return <button onClick={() => seen.push(`clicked ${latest.current}`)}>read</button>;
    });
    function Parent({ value }: { value: string }) {
      const latest = useLatest(value);
      refs.push(latest);
      return <Reader latest={latest} />;
    }
    const view = render(<Parent value="first" />);
    view.rerender(<Parent value="second" />);
    view.getByRole("button", { name: "read" }).click();
    expect(refs[0]).toBe(refs[1]);
    expect(seen).toEqual(["first", "clicked second"]);
  });
});
