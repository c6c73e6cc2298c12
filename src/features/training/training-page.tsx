import type { ReactNode } from "react";
import { TrainingRegistryProvider } from "./registry/registry-context";
import { TrainingNav } from "./training-nav";

/** The frame of every training page: the registry of this service, the area's tabs, the page. */
export function TrainingPage({ children }: { children: ReactNode }) {
  return (
    <TrainingRegistryProvider>
      <div className="space-y-5">
        <TrainingNav />
        {children}
      </div>
    </TrainingRegistryProvider>
  );
}
