/**
 * How trajectories are put in groups. RL methods like GRPO learn from the differences between
 * the rewards of one group (each reward against the group's mean): a group of one, or one whose
 * rewards are all equal, has no advantage signal and teaches nothing.
 */
export type GroupBy = "input" | "trace" | "fixed";
export type Grouping = {
  by: GroupBy;
  /** Trajectories per group when `by` is "fixed". */ size: number;
  singletons: "drop" | "keep";
};

export const DEFAULT_GROUPING: Grouping = Object.freeze({ by: "input", size: 4, singletons: "drop" });
export const GROUP_SIZE_BOUNDS = { min: 2, max: 64 } as const;

/** A member of a group: its key for `input`/`trace` grouping, and what the group is called. */
export type Keyed<T> = { value: T; key: string; label: string };

export type Grouped<T> = { groups: { label: string; members: T[] }[]; singletonsDropped: number };

/**
 * Puts members in groups as they come (so the work of hashing long keys is spread over the steps
 * that add them, not done at the end): groups in the order their first member came; fixed-size
 * groups in the members' order.
 */
export function createGrouper<T>(grouping: Grouping) {
  const size = Math.min(GROUP_SIZE_BOUNDS.max, Math.max(GROUP_SIZE_BOUNDS.min, Math.floor(grouping.size)));
  const groups: { label: string; members: T[] }[] = [];
  const byKey = new Map<string, { label: string; members: T[] }>();
  let added = 0;
  return {
    add(member: Keyed<T>) {
      added += 1;
      if (grouping.by === "fixed") {
        const last = groups.at(-1);
        if (last && last.members.length < size) {
          last.members.push(member.value);
          last.label = `Items ${added - last.members.length + 1}–${added}`;
        } else groups.push({ label: `Items ${added}–${added}`, members: [member.value] });
        return;
      }
      const group = byKey.get(member.key);
      if (group) group.members.push(member.value);
      else {
        const fresh = { label: member.label, members: [member.value] };
        byKey.set(member.key, fresh);
        groups.push(fresh);
      }
    },
    finish(): Grouped<T> {
      if (grouping.singletons === "keep") return { groups, singletonsDropped: 0 };
      const kept = groups.filter((group) => group.members.length > 1);
      return { groups: kept, singletonsDropped: groups.length - kept.length };
    },
  };
}

/** All members at once (see createGrouper). */
export function groupMembers<T>(members: readonly Keyed<T>[], grouping: Grouping): Grouped<T> {
  const grouper = createGrouper<T>(grouping);
  for (const member of members) grouper.add(member);
  return grouper.finish();
}
