import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { RewardNumberInput } from "./reward-number-input";

describe("RewardNumberInput", () => {
  it("says, while what is typed is not a number, that the reward keeps its last value", async () => {
    const user = userEvent.setup();
    const onChange = vi.fn<(value: number) => void>();
    render(<RewardNumberInput label="Reward for Yes" value={1} onChange={onChange} />);
    const input = screen.getByRole("spinbutton", { name: "Reward for Yes" });
    await user.clear(input);
    expect(input).toHaveAttribute("aria-invalid", "true");
    expect(input).toHaveAccessibleDescription("Not a number: the reward stays 1 until then.");
    await user.type(input, "-2");
    expect(onChange).toHaveBeenLastCalledWith(-2);
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(input).not.toHaveAttribute("aria-invalid");
    expect(screen.queryByText(/Not a number/)).not.toBeInTheDocument();
  });
});
