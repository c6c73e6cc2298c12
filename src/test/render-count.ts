/**
 * Test support: counts the components React renders, per commit, through the hook React's
 * developer tools use. It must be in place before react-dom loads, so the setup file imports this
 * first; it does nothing until a test calls `countRenders`. A component counts when its function
 * ran in that commit (mounted, or rendered again); one React skipped (memo, same props) does not.
 */
type Fiber = {
  tag: number;
  type: unknown;
  elementType: unknown;
  flags: number;
  alternate: Fiber | null;
  child: Fiber | null;
  sibling: Fiber | null;
};
export type Commit = { names: string[] };

// React's fiber tags of components that run code: function, class, forwardRef, simple memo.
const COMPONENT_TAGS = new Set([0, 1, 11, 15]);
// React's flag on a fiber whose component ran in the render being committed.
const PERFORMED_WORK = 1;

function nameOf(fiber: Fiber): string {
  const type = (fiber.type ?? fiber.elementType) as { displayName?: string; name?: string; render?: { name?: string } };
  return type?.displayName ?? type?.name ?? type?.render?.name ?? "Anonymous";
}

function collectRendered(fiber: Fiber, names: string[]): void {
  for (let at: Fiber | null = fiber; at; at = at.sibling) {
    const fresh = at.alternate === null;
    if (COMPONENT_TAGS.has(at.tag) && (fresh || (at.flags & PERFORMED_WORK) !== 0)) names.push(nameOf(at));
    // A subtree React did not visit keeps the children of the tree before: nothing in it rendered.
    if (at.child && (fresh || at.child !== at.alternate?.child)) collectRendered(at.child, names);
  }
}

type Counter = { on: boolean; commits: Commit[] };
const global = globalThis as { __REACT_DEVTOOLS_GLOBAL_HOOK__?: unknown; __RENDER_COUNTER__?: Counter };
// The counter lives on the global, as the hook does: a file that calls vi.resetModules() makes the next
// import of this module a new instance, and its own counter would be one the installed hook never fills
// (the hook is installed once per worker, when react-dom first loads).
const counter = (global.__RENDER_COUNTER__ ??= { on: false, commits: [] });
global.__REACT_DEVTOOLS_GLOBAL_HOOK__ ??= {
  supportsFiber: true,
  renderers: new Map(),
  inject: () => 1,
  checkDCE: () => undefined,
  onScheduleFiberRoot: () => undefined,
  onCommitFiberUnmount: () => undefined,
  onPostCommitFiberRoot: () => undefined,
  onCommitFiberRoot: (_id: number, root: { current: Fiber }) => {
    if (!counter.on) return;
    const names: string[] = [];
    if (root.current.child) collectRendered(root.current.child, names);
    counter.commits.push({ names });
  },
};

/** Starts counting (forgetting earlier commits); `stop` ends it and returns the commits since the start. */
export function countRenders(): { stop: () => Commit[] } {
  counter.on = true;
  counter.commits = [];
  return {
    stop: () => {
      counter.on = false;
      return counter.commits.splice(0);
    },
  };
}

/** How many times each name rendered in these commits. */
export function tally(commits: readonly Commit[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const c of commits) for (const n of c.names) counts[n] = (counts[n] ?? 0) + 1;
  return counts;
}
