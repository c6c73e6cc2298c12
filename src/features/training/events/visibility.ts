/** Whether the page is hidden, and a way to hear when that changes (document.visibilityState). */
export type VisibilitySource = {
  isHidden(): boolean;
  subscribe(listener: () => void): () => void;
};

export const documentVisibility: VisibilitySource = {
  isHidden: () => typeof document !== "undefined" && document.visibilityState === "hidden",
  subscribe: (listener) => {
    if (typeof document === "undefined") return () => {};
    document.addEventListener("visibilitychange", listener);
    return () => document.removeEventListener("visibilitychange", listener);
  },
};

/** Always visible: for callers that never pause (and tests that do not care). */
export const alwaysVisible: VisibilitySource = { isHidden: () => false, subscribe: () => () => {} };
