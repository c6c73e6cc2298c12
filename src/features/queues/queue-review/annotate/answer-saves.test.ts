import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { answerSavesOf } from "./answer-saves";

const named = { label: "Tone", itemId: "item-1", queueId: "queue-1", save: 1 };
const entry = (value: unknown, status: "saving" | "refused" = "saving") =>
  status === "saving" ? { value, status, ...named } : { value, status, reason: "busy", ...named };

describe("answers being saved", () => {
  it("belong to the query cache: the same store for one client, a fresh one for another", () => {
    const client = new QueryClient();
    expect(answerSavesOf(client)).toBe(answerSavesOf(client));
    expect(answerSavesOf(new QueryClient())).not.toBe(answerSavesOf(client));
  });

  it("keep one entry per question, the same snapshot until it changes, and list the refused ones", () => {
    const saves = answerSavesOf(new QueryClient());
    let notified = 0;
    saves.subscribe(() => (notified += 1));
    saves.set("call-1", "tone", entry(3));
    const snapshot = saves.pendingFor("call-1");
    expect(saves.pendingFor("call-1")).toBe(snapshot);
    expect(saves.refused()).toEqual([]);
    saves.set("call-1", "tone", entry(3, "refused"));
    saves.set("call-2", "comment", entry("x"));
    expect(saves.refused()).toEqual([{ ...entry(3, "refused"), callId: "call-1", specId: "tone" }]);
    expect(saves.refused()).toBe(saves.refused());
    saves.set("call-1", "tone", undefined);
    expect(saves.pendingFor("call-1")).toEqual({});
    expect(notified).toBe(4);
  });

  it("run the saves of one question one after another, and of different questions side by side", async () => {
    const saves = answerSavesOf(new QueryClient());
    const log: string[] = [];
    let releaseFirst: (() => void) | undefined;
    saves.enqueue("call-1", "tone", () =>
      new Promise<void>((resolve) => (releaseFirst = resolve)).then(() => void log.push("tone 1")),
    );
    saves.enqueue("call-1", "tone", async () => void log.push("tone 2"));
    saves.enqueue("call-1", "resolution", async () => void log.push("resolution"));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(log).toEqual(["resolution"]);
    releaseFirst?.();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(log).toEqual(["resolution", "tone 1", "tone 2"]);
  });
});
