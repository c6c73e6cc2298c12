import { describe, expect, it } from "vitest";
import { ApiError } from "@/api/errors";
import { serverTrajectoryMessage, withPeopleNumbering } from "./trajectory-errors";
import { describeLocError, placeInGroup, placeOfLoc, placeText } from "./trajectory-place";

// The service's loc and zod's paths are indices from 0; people are shown numbers from 1.
describe("places in the trajectory groups, numbered for people", () => {
  it("reads a service loc as group, trajectory and message from 1", () => {
    const place = placeOfLoc(["body", "trajectory_groups", 2, "trajectories", 1, "messages_and_choices", 0, "role"]);
    expect(place).toEqual({ group: 3, trajectory: 2, message: 1, field: "role" });
    expect(placeText(place!)).toBe("group 3, trajectory 2, message 1");
    expect(placeOfLoc(["body", "trajectory_groups"])).toEqual({
      group: null,
      trajectory: null,
      message: null,
      field: "trajectory_groups",
    });
    expect(placeOfLoc(["body", "model_id"])).toBeNull();
  });

  it("reads a path inside one group the same way", () => {
    expect(placeInGroup(["trajectories", 0, "reward"], 5)).toEqual({
      group: 5,
      trajectory: 1,
      message: null,
      field: "reward",
    });
    expect(placeInGroup(["trajectories"], 5)).toEqual({
      group: 5,
      trajectory: null,
      message: null,
      field: "trajectories",
    });
  });

  it("words a service's complaint with the place first", () => {
    expect(describeLocError(["body", "trajectory_groups", 2, "trajectories", 1, "reward"], "Field required")).toBe(
      "Group 3, trajectory 2: reward: Field required",
    );
    expect(describeLocError(["body", "trajectory_groups", 0], "too long")).toBe("Group 1: too long");
  });

  it("renames a refused job's field errors in its list and its sentence, leaving other errors alone", () => {
    const loc = ["body", "trajectory_groups", 2, "trajectories", 1, "reward"];
    const error = new ApiError({
      kind: "validation",
      service: "training",
      status: 422,
      message: "The training service refused the request: trajectory_groups.2.trajectories.1.reward: Field required",
      serviceMessage: "trajectory_groups.2.trajectories.1.reward: Field required",
      fieldErrors: [
        { loc, path: "trajectory_groups.2.trajectories.1.reward", message: "Field required", type: "missing" },
      ],
    });
    expect(serverTrajectoryMessage(error)).toBe("Group 3, trajectory 2: reward: Field required");
    const shown = withPeopleNumbering(error) as ApiError;
    expect(shown.fieldErrors[0]).toMatchObject({ loc, path: "group 3, trajectory 2 · reward" });
    expect(shown.message).toBe(
      "The training service refused the request: group 3, trajectory 2 · reward: Field required",
    );
    expect(shown.message).not.toContain("trajectory_groups.2");
    const other = new ApiError({
      kind: "validation",
      service: "training",
      message: "x",
      fieldErrors: [{ loc: ["body", "model_id"], path: "model_id", message: "Field required", type: "missing" }],
    });
    expect(withPeopleNumbering(other)).toBe(other);
    expect(serverTrajectoryMessage(other)).toBeUndefined();
  });
});
