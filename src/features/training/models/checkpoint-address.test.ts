import { describe, expect, it } from "vitest";
import { checkpointAddressError, parseCheckpointAddress } from "./checkpoint-address";

describe("checkpoint addresses", () => {
  it("accept entity/project/model with an optional :stepN or :latest", () => {
    expect(parseCheckpointAddress("wandb-artifact:///demo/support-bot/support-rl:step24")).toEqual({
      entity: "demo",
      project: "support-bot",
      name: "support-rl",
      step: 24,
    });
    expect(parseCheckpointAddress(" wandb-artifact:///demo/support-bot/support-rl ")).toEqual({
      entity: "demo",
      project: "support-bot",
      name: "support-rl",
      step: undefined,
    });
    expect(checkpointAddressError("wandb-artifact:///demo/support-bot/support-rl:latest")).toBeNull();
  });

  it("explain what is wrong", () => {
    expect(checkpointAddressError("")).toBe("Enter the checkpoint's address.");
    expect(checkpointAddressError("demo/support-bot/support-rl")).toMatch(/^Start with wandb-artifact:\/\/\//);
    expect(checkpointAddressError("wandb-artifact:///demo/support-rl")).toMatch(/<entity>\/<project>\/<model>/);
    expect(checkpointAddressError("wandb-artifact:///demo/support-bot/support-rl:v3")).toMatch(
      /“:v3” is not a checkpoint/,
    );
    expect(parseCheckpointAddress("wandb-artifact:///demo/support-bot/support-rl:v3")).toBeNull();
    expect(checkpointAddressError("wandb-artifact:///a/b/c/d")).not.toBeNull();
  });
});
