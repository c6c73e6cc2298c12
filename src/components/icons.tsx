import { circle, lineIcon, rect, renderLineIcon, type IconProps } from "./icon-frame";

/** Line icons drawn in the shared frame (icon-frame.tsx). */
export const HomeIcon = lineIcon("HomeIcon", ["M3 10.5 12 3l9 7.5", "M5 9.5V21h14V9.5", "M10 21v-6h4v6"]);

export const SettingsIcon = lineIcon("SettingsIcon", [
  "M4 6h10M18 6h2M4 12h4M12 12h8M4 18h12M20 18h0",
  circle(16, 6, 2),
  circle(10, 12, 2),
  circle(18, 18, 2),
]);

export const ActivityIcon = lineIcon("ActivityIcon", ["M3 12h4l3-8 4 16 3-8h4"]);

export const SunIcon = lineIcon("SunIcon", [
  circle(12, 12, 4),
  "M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4",
]);

export const MoonIcon = lineIcon("MoonIcon", ["M20 14.5A8 8 0 1 1 9.5 4a6.5 6.5 0 0 0 10.5 10.5Z"]);

export const MonitorIcon = lineIcon("MonitorIcon", [rect(3, 4, 18, 12, 2), "M8 20h8M12 16v4"]);

export const CheckCircleIcon = lineIcon("CheckCircleIcon", [circle(12, 12, 9), "m8 12 3 3 5-6"]);

export const CheckIcon = lineIcon("CheckIcon", ["m5 12 5 5 9-10"]);

export const XCircleIcon = lineIcon("XCircleIcon", [circle(12, 12, 9), "m9 9 6 6M15 9l-6 6"]);

export const BanIcon = lineIcon("BanIcon", [circle(12, 12, 9), "m5.7 5.7 12.6 12.6"]);

export const UnplugIcon = lineIcon("UnplugIcon", [
  "m19 5 3-3M2 22l3-3",
  "M6.3 20.3a2.4 2.4 0 0 0 3.4 0L12 18l-6-6-2.3 2.3a2.4 2.4 0 0 0 0 3.4Z",
  "M7.5 13.5 10 11M10.5 16.5 13 14",
  "m12 6 6 6 2.3-2.3a2.4 2.4 0 0 0 0-3.4l-2.6-2.6a2.4 2.4 0 0 0-3.4 0Z",
]);

export const AlertTriangleIcon = lineIcon("AlertTriangleIcon", [
  "M10.3 3.9 1.8 18a2 2 0 0 0 1.7 3h17a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0Z",
  "M12 9v4M12 17h.01",
]);

export const InfoIcon = lineIcon("InfoIcon", [circle(12, 12, 9), "M12 16v-4M12 8h.01"]);

export const CopyIcon = lineIcon("CopyIcon", [
  rect(9, 9, 12, 12, 2),
  "M5 15H4a1 1 0 0 1-1-1V4a1 1 0 0 1 1-1h10a1 1 0 0 1 1 1v1",
]);

export const EyeIcon = lineIcon("EyeIcon", ["M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12Z", circle(12, 12, 3)]);

export const EyeOffIcon = lineIcon("EyeOffIcon", [
  "M10.6 5.1A10 10 0 0 1 12 5c6.5 0 10 7 10 7a17 17 0 0 1-2.2 3.1M6.6 6.6A17 17 0 0 0 2 12s3.5 7 10 7a9.7 9.7 0 0 0 5.4-1.6",
  "M9.9 9.9a3 3 0 0 0 4.2 4.2M2 2l20 20",
]);

export const ExternalLinkIcon = lineIcon("ExternalLinkIcon", [
  "M14 4h6v6M20 4l-9 9",
  "M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5",
]);

export const KeyIcon = lineIcon("KeyIcon", [circle(7.5, 15.5, 4.5), "m10.7 12.3 9.3-9.3M16 7l3 3M14 9l2 2"]);

export const RefreshIcon = lineIcon("RefreshIcon", [
  "M20 11a8 8 0 0 0-14.6-4.5L4 8M4 4v4h4",
  "M4 13a8 8 0 0 0 14.6 4.5L20 16M20 20v-4h-4",
]);

export const ArrowRightIcon = lineIcon("ArrowRightIcon", ["M5 12h14M13 6l6 6-6 6"]);

export const LogoMark = lineIcon(
  "LogoMark",
  [
    circle(6, 6, 2),
    circle(12, 12, 2),
    circle(18, 18, 2),
    circle(18, 6, 1.25),
    circle(6, 18, 1.25),
    "M7.5 7.5 10.5 10.5M13.5 13.5l3 3",
  ],
  { strokeWidth: 2 },
);

export const CubeIcon = lineIcon("CubeIcon", ["M12 3 20 7.5v9L12 21l-8-4.5v-9L12 3Z", "M4 7.5 12 12l8-4.5M12 12v9"]);

export const MessageIcon = lineIcon("MessageIcon", ["M4 5h16v11H9l-5 4V5Z", "M8 9h8M8 12h5"]);

export const SearchIcon = lineIcon("SearchIcon", [circle(11, 11, 6.5), "m16 16 4 4"]);

export const CloseIcon = lineIcon("CloseIcon", ["M6 6l12 12M18 6 6 18"]);

export const StopIcon = lineIcon("StopIcon", [rect(6, 6, 12, 12, 1.5)]);

export const SendIcon = lineIcon("SendIcon", ["M4 12 20 4l-5 16-3-7-8-1Z", "m12 13 8-9"]);

export const TrashIcon = lineIcon("TrashIcon", ["M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3"]);

/** A sort indicator: both arrows when unsorted, one when sorted. */
const SORT_PATHS = { asc: "m8 10 4-4 4 4", desc: "m8 14 4 4 4-4", both: "m8 10 4-4 4 4M8 14l4 4 4-4" };
export const SortIcon = ({ direction, ...p }: IconProps & { direction?: "asc" | "desc" }) =>
  renderLineIcon(SORT_PATHS[direction ?? "both"], p);

// ---- training ----
export const TrendingUpIcon = lineIcon("TrendingUpIcon", ["m3 17 6-6 4 4 8-8", "M15 7h6v6"]);
export const PlusIcon = lineIcon("PlusIcon", ["M12 5v14M5 12h14"]);
export const UploadIcon = lineIcon("UploadIcon", ["M12 15V4M7 9l5-5 5 5", "M4 15v4a1 1 0 0 0 1 1h14a1 1 0 0 0 1-1v-4"]);
export const DownloadIcon = lineIcon("DownloadIcon", [
  "M12 4v11M7 10l5 5 5-5",
  "M4 15v4a1 1 0 0 0 1 1h14a1 1 0 0 0 1-1v-4",
]);
export const ChevronLeftIcon = lineIcon("ChevronLeftIcon", ["m15 6-6 6 6 6"]);
export const ChevronRightIcon = lineIcon("ChevronRightIcon", ["m9 6 6 6-6 6"]);
export const StarIcon = lineIcon("StarIcon", [
  "m12 3 2.8 5.7 6.2.9-4.5 4.4 1 6.2L12 17.3 6.5 20.2l1-6.2L3 9.6l6.2-.9Z",
]);
export const FileIcon = lineIcon("FileIcon", [
  "M14 3H6a1 1 0 0 0-1 1v16a1 1 0 0 0 1 1h12a1 1 0 0 0 1-1V8Z",
  "M14 3v5h5",
]);
export const QueueIcon = lineIcon("QueueIcon", [
  "m4 6 1.5 1.5L8 5",
  "m4 12 1.5 1.5L8 11",
  "M11 6h9M11 12h9M11 18h9",
  circle(6, 18, 1.5),
]);

/** A form of questions: annotation specs. */
export const ListChecksIcon = lineIcon("ListChecksIcon", [rect(4, 4, 16, 16, 2), "M8 9h8M8 13h5", circle(15.5, 16, 1)]);

/** A panel opening at the right edge: "show details". */
export const PanelIcon = lineIcon("PanelIcon", [rect(3.5, 4.5, 17, 15, 1.5), "M14 4.5v15M16.5 8.5h1.5M16.5 11.5h1.5"]);

export const MenuIcon = lineIcon("MenuIcon", ["M4 7h16M4 12h16M4 17h16"]);

/** A trace's calls, nested: the Calls page. */
export const ListIcon = lineIcon("ListIcon", ["M4 5h10M8 12h12M8 19h12", "M5 5v14M5 12h2M5 19h2"]);

/** A table's columns (the column chooser). */
export const ColumnsIcon = lineIcon("ColumnsIcon", [rect(3, 4, 18, 16, 2), "M9 4v16M15 4v16"]);

/** The bracket-and-slash icon of "code". */
export const CodeIcon = lineIcon("CodeIcon", ["m8 7-5 5 5 5M16 7l5 5-5 5"]);
