import type { ReactNode } from "react";
import { TrainingRegistryProvider } from "./registry/registry-context";
import { TrainingNav } from "./training-nav";

/**
 * The frame of every training page: the registry of this service, the area's tabs, the page. Its
 * pages are charts and tables, not prose: they take the window's width up to 1920 px (a page of
 * prose stops near 1,150 px, and the checkpoint table scrolled sideways beside empty space).
 */
export function TrainingPage({ children }: { children: ReactNode }) {
  return (
    <TrainingRegistryProvider>
      <div className="mx-auto w-full max-w-[120rem] space-y-5">
        <TrainingNav />
        {children}
      </div>
    </TrainingRegistryProvider>
  );
}
