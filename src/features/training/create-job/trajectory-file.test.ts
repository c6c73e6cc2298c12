import { describe, expect, it } from "vitest";
import { readTrajectoryFile, syntaxError } from "./trajectory-file";
import { spreadOf, trajectoryStats } from "./trajectory-stats";

const trajectory = (reward: unknown) => ({
  messages_and_choices: [
    { role: "user", content: "hi" },
    { message: { role: "assistant", content: "hello" }, finish_reason: "stop" },
  ],
  reward,
});
const group = (...rewards: unknown[]) => JSON.stringify({ trajectories: rewards.map(trajectory) });

describe("reading a JSONL trajectory file", () => {
  it("reads one group per line and numbers lines like an editor, blank lines included", () => {
    const text = [group(1, 0), "", group(0.5), "   ", group(0.25, 0.75)].join("\n");
    const file = readTrajectoryFile(text, "groups.jsonl");
    expect(file.format).toBe("jsonl");
    expect(file.issues).toEqual([]);
    expect(file.groupCount).toBe(3);
    expect(file.groups.map((g) => g.trajectories.length)).toEqual([2, 1, 2]);
  });

  it("reports malformed lines with their line numbers and what is wrong", () => {
    const text = [
      group(1),
      "{not json",
      "",
      group("high"),
      JSON.stringify({ trajectories: [] }),
      JSON.stringify(trajectory(1)),
      "[1,2]",
    ].join("\n");
    const file = readTrajectoryFile(text, "groups.jsonl");
    expect(file.groups).toHaveLength(1);
    expect(file.groupCount).toBe(6);
    const byLine = new Map(file.issues.map((i) => [i.line, i]));
    expect([...byLine.keys()]).toEqual([2, 4, 5, 6, 7]);
    expect(byLine.get(2)?.text).toMatch(/^not valid JSON/);
    expect(byLine.get(4)).toMatchObject({
      group: 3,
      trajectory: 1,
      path: "reward",
      text: 'should be a number, not the text "high"',
    });
    expect(byLine.get(5)).toMatchObject({ trajectory: null, path: "trajectories", text: "needs at least 1 item" });
    expect(byLine.get(6)?.text).toMatch(/single trajectory/);
    expect(byLine.get(7)?.text).toMatch(/got an array/);
  });

  it("names a syntax error by the file's line and the column within that line, not the engine's place in the line it parsed", () => {
    const long = JSON.stringify({ trajectories: [trajectory(1)], note: "x".repeat(1200) });
    const broken = `${long.slice(0, -1)} "oops": 1}`;
    const column = long.length + 1; // the quote that follows a missing comma, 1-based
    const text = [group(1), group(0), "", broken, group(1)].join("\n");
    const [issue] = readTrajectoryFile(text, "groups.jsonl").issues;
    expect(issue).toMatchObject({ line: 4, column, group: 3 });
    expect(issue?.text).toMatch(/^not valid JSON: /);
    expect(issue?.text).not.toMatch(/position|line \d|column/);
  });

  it("reads the place out of each engine's wording", () => {
    const source = '{"a": 1}\n{"b" 2}';
    expect(
      syntaxError(new SyntaxError("Expected ':' after property name in JSON at position 13 (line 2 column 5)"), source),
    ).toEqual({ line: 2, column: 5, text: "Expected ':' after property name" });
    expect(syntaxError(new SyntaxError("Expected ':' after property name in JSON at position 13"), source)).toEqual({
      line: 2,
      column: 5,
      text: "Expected ':' after property name",
    });
    expect(
      syntaxError(
        new SyntaxError("JSON.parse: expected ':' after property name in object at line 2 column 5 of the JSON data"),
        source,
      ),
    ).toEqual({ line: 2, column: 5, text: "expected ':' after property name in object" });
    expect(
      syntaxError(new SyntaxError("JSON Parse error: Expected ':' before value in object property definition"), source),
    ).toEqual({
      line: null,
      column: null,
      text: "JSON Parse error: Expected ':' before value in object property definition",
    });
  });

  it("accepts CRLF line ends and a byte order mark", () => {
    const text = `\uFEFF${group(1)}\r\n${group(0)}\r\n\r\n${group("x")}\r\n`;
    const file = readTrajectoryFile(text, "groups.jsonl");
    expect(file.groups).toHaveLength(2);
    expect(file.issues).toHaveLength(1);
    expect(file.issues[0]).toMatchObject({ line: 4, group: 3 });
  });

  it("says so when the file is empty", () => {
    expect(readTrajectoryFile("\n\n", "empty.jsonl").issues[0]?.text).toMatch(/no trajectory groups/);
  });

  it("limits the issues listed per group", () => {
    const bad = JSON.stringify({ trajectories: Array.from({ length: 10 }, () => ({ reward: "x" })) });
    const file = readTrajectoryFile(bad, "bad.jsonl");
    expect(file.issues.length).toBe(4);
    expect(file.issues.at(-1)?.text).toMatch(/and \d+ more problems/);
  });
});

describe("reading a JSON trajectory file", () => {
  it("reads an array of groups or a request body, reporting bad groups by position", () => {
    const array = `[${group(1)}, ${group("bad")}]`;
    const file = readTrajectoryFile(array, "groups.json");
    expect(file.format).toBe("json");
    expect(file.groups).toHaveLength(1);
    expect(file.issues[0]).toMatchObject({ line: null, group: 2, trajectory: 1, path: "reward" });
    const body = readTrajectoryFile(`{"trajectory_groups": [${group(1)}]}`, "body.json");
    expect(body.groups).toHaveLength(1);
  });

  it("gives the line and column of a JSON syntax error", () => {
    const file = readTrajectoryFile(`[\n${group(1)},\n{oops}\n]`, "groups.json");
    expect(file.issues[0]).toMatchObject({ line: 3, column: 2 });
  });

  it("tells JSON from JSONL by content when the name does not say", () => {
    expect(readTrajectoryFile(`[${group(1)}]`, "data.txt").format).toBe("json");
    expect(readTrajectoryFile(`${group(1)}\n${group(2)}`, "data.txt").format).toBe("jsonl");
    expect(readTrajectoryFile(`{"x": 1}`, "").issues[0]).toMatchObject({
      line: 1,
      path: "trajectories",
      text: "is required",
    });
  });
});

describe("trajectory statistics", () => {
  it("counts groups and trajectories and spreads the rewards", () => {
    const file = readTrajectoryFile([group(0, 1), group(0.5)].join("\n"), "x.jsonl");
    const stats = trajectoryStats(file.groups);
    expect(stats).toMatchObject({ groups: 2, trajectories: 3, groupSize: { min: 1, max: 2 } });
    expect(stats.reward?.mean).toBeCloseTo(0.5);
    expect(stats.reward?.std).toBeCloseTo(Math.sqrt(1 / 6));
    expect(spreadOf([])).toBeNull();
  });
});
