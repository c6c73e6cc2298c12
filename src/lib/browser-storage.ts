/**
 * localStorage/sessionStorage access that never throws: storage can be disabled (privacy modes,
 * sandboxed frames) or full, and a settings page must still work for the current tab then.
 */
export type StorageArea = Pick<Storage, "getItem" | "setItem" | "removeItem">;

export function readItem(area: StorageArea | undefined, key: string): string | null {
  try {
    return area?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

/** Returns false when the browser refused to store the value. */
export function writeItem(area: StorageArea | undefined, key: string, value: string): boolean {
  if (!area) return false;
  try {
    area.setItem(key, value);
    return true;
  } catch {
    return false;
  }
}

export function removeItem(area: StorageArea | undefined, key: string): void {
  try {
    area?.removeItem(key);
  } catch {
    // Nothing stored can be left behind when the area itself is unavailable.
  }
}

function storageArea(name: "localStorage" | "sessionStorage"): StorageArea | undefined {
  try {
    return typeof window === "undefined" ? undefined : window[name];
  } catch {
    return undefined;
  }
}

/** The window's storage areas, or undefined where reading the property itself throws. */
export function browserStorage(): { local: StorageArea | undefined; session: StorageArea | undefined } {
  return { local: storageArea("localStorage"), session: storageArea("sessionStorage") };
}
