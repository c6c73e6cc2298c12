import type { ComponentType } from "react";
import {
  ActivityIcon,
  CubeIcon,
  HomeIcon,
  ListChecksIcon,
  ListIcon,
  MessageIcon,
  QueueIcon,
  SettingsIcon,
  TrendingUpIcon,
} from "@/components/icons";

export type NavIcon = ComponentType<{ size?: number; className?: string }>;

/**
 * The icons the sidebar and the overview's cards may show, by the name a page's entry in pages.ts
 * gives: that table is read before React has loaded, so it names its icon rather than holding it.
 */
export const NAV_ICONS = {
  home: HomeIcon,
  activity: ActivityIcon,
  queue: QueueIcon,
  listChecks: ListChecksIcon,
  list: ListIcon,
  cube: CubeIcon,
  message: MessageIcon,
  trendingUp: TrendingUpIcon,
  settings: SettingsIcon,
} satisfies Record<string, NavIcon>;

export type NavIconName = keyof typeof NAV_ICONS;
