import { createContext, use, type ComponentType, type ReactNode } from "react";

/** One area of the dashboard as the overview shows it: where it is, what it is called, what it is for. */
export type AppArea = {
  path: string;
  label: string;
  icon: ComponentType<{ size?: number; className?: string }>;
  summary: string;
};

const AppAreasContext = createContext<readonly AppArea[]>([]);

/** Given by the app shell (from its route table), so a page can list the areas without importing the shell. */
export function AppAreasProvider({ areas, children }: { areas: readonly AppArea[]; children: ReactNode }) {
  return <AppAreasContext value={areas}>{children}</AppAreasContext>;
}

export const useAppAreas = (): readonly AppArea[] => use(AppAreasContext);
