/**
 * Where in a job's trajectory groups something is, numbered for people: group 3, trajectory 2,
 * message 1 are the third group, its second trajectory and that trajectory's first message. The
 * service's 422 `loc` and zod's issue paths count from 0 (they are indices into the request);
 * everything the dashboard shows about a place in the data goes through here, so a file check, a
 * refused request and a preview all name the same number for the same group.
 */

export type TrajectoryPlace = {
  /** 1-based; null when the place is not inside one group. */
  group: number | null;
  /** 1-based within its group. */
  trajectory: number | null;
  /** 1-based within the trajectory's `messages_and_choices`. */
  message: number | null;
  /** What is left of the path inside that place, e.g. "reward" or "message.content"; "" for the place itself. */
  field: string;
};

/** ["content", 0, "text"] -> "content[0].text" (indices past the place are the data's own, left as written). */
export function formatPath(path: readonly PropertyKey[]): string {
  return path.reduce<string>(
    (text, key) => (typeof key === "number" ? `${text}[${key}]` : text ? `${text}.${String(key)}` : String(key)),
    "",
  );
}

const isIndex = (value: unknown): value is number => typeof value === "number" && Number.isInteger(value) && value >= 0;

/** A path inside one group (`["trajectories", 1, "messages_and_choices", 0, "role"]`), as people number it. */
export function placeInGroup(path: readonly PropertyKey[], group: number | null): TrajectoryPlace {
  let rest = path;
  let trajectory: number | null = null;
  let message: number | null = null;
  if (rest[0] === "trajectories" && isIndex(rest[1])) {
    trajectory = rest[1] + 1;
    rest = rest.slice(2);
    if (rest[0] === "messages_and_choices" && isIndex(rest[1])) {
      message = rest[1] + 1;
      rest = rest.slice(2);
    }
  }
  return { group, trajectory, message, field: formatPath(rest) };
}

/**
 * A service's `loc` (`["body", "trajectory_groups", 2, "trajectories", 1, "reward"]`), as people
 * number it; null when it does not point into the trajectory groups.
 */
export function placeOfLoc(loc: readonly (string | number)[]): TrajectoryPlace | null {
  const at = loc[0] === "body" ? 1 : 0;
  if (loc[at] !== "trajectory_groups") return null;
  const index = loc[at + 1];
  if (!isIndex(index)) return { group: null, trajectory: null, message: null, field: formatPath(loc.slice(at)) };
  return placeInGroup(loc.slice(at + 2), index + 1);
}

/** "group 3, trajectory 2, message 1"; "" when the place names no group. */
export function placeText(place: Pick<TrajectoryPlace, "group" | "trajectory" | "message">): string {
  const parts: string[] = [];
  if (place.group !== null) parts.push(`group ${place.group}`);
  if (place.trajectory !== null) parts.push(`trajectory ${place.trajectory}`);
  if (place.message !== null) parts.push(`message ${place.message}`);
  return parts.join(", ");
}

const capitalised = (text: string) => (text ? `${text[0]?.toUpperCase() ?? ""}${text.slice(1)}` : text);

/**
 * A service's field error about the trajectory groups, as a sentence that names its place the way
 * the file check does: "Group 3, trajectory 2: reward: Field required".
 */
export function describeLocError(loc: readonly (string | number)[], message: string): string {
  const place = placeOfLoc(loc);
  if (!place) return message;
  const where = capitalised(placeText(place));
  const field = place.field && place.field !== "trajectory_groups" ? `${place.field}: ` : "";
  return where ? `${where}: ${field}${message}` : `${field}${message}`;
}
