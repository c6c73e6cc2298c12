import { describe, expect, it } from "vitest";
import { measureRequest, utf8Bytes } from "./request-size";

const trajectory = (content: string, reward: number) => ({ messages_and_choices: [{ role: "user", content }], reward });

describe("a job request's size", () => {
  it("counts UTF-8 bytes as the service will", () => {
    const text = 'é "ü" 🙂 中文 plain';
    expect(utf8Bytes(text)).toBe(new TextEncoder().encode(text).length);
  });

  it("is measured before sending, within a model id's length of the real body", async () => {
    const groups = [
      { trajectories: [trajectory("Où est mon remboursement ? 🙂", 1), trajectory("x", 0)] },
      { trajectories: [trajectory("中文", 0.5)] },
    ];
    const real = new TextEncoder().encode(
      JSON.stringify({ model_id: "model_0123456789", trajectory_groups: groups }),
    ).length;
    const measured = await measureRequest(groups);
    expect(measured).toBeGreaterThanOrEqual(real);
    expect(measured - real).toBeLessThanOrEqual(64);
  });
});
