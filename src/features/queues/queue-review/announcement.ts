/**
 * What the review says in its live region: the latest message, its tone, and a count that changes with every message
 * (so the same words said again are announced again). `ask`: the item a warning asks a second press on (Complete
 * with questions unanswered, or over someone's claim): that press answers it.
 */
export type Announcement = { text: string; tone: "info" | "warning"; count: number; ask?: string };
type Change = (shown: Announcement) => Announcement;

export const SILENCE: Announcement = { text: "", tone: "info", count: 0 };

/**
 * A message that replaces whatever was said. Silence is not a message: it keeps the count (the live region is emptied,
 * not made anew in the next item's frame; every move says it), and where there was silence it changes nothing.
 */
export const said =
  (text: string, tone: Announcement["tone"] = "info", ask?: string): Change =>
  (shown) => {
    if (text !== "") return { text, tone, count: shown.count + 1, ask };
    if (shown.text === "" && shown.ask === undefined && ask === undefined) return shown;
    return { text, tone: "info", count: shown.count, ask };
  };

/**
 * A change's confirmation: it does not replace a warning. Moves clear what was said, and the press a warning asks for
 * clears it, so a warning still shown was said after the change was sent, about what is on screen now; on a slow
 * network the start an answer made, or the Complete of an item left a moment ago, is often confirmed after one.
 */
export const confirmed =
  (text: string): Change =>
  (shown) =>
    shown.tone === "warning" ? shown : said(text)(shown);

/** Silence, when what is shown `matches`. */
export const silencedIf =
  (matches: (shown: Announcement) => boolean): Change =>
  (shown) =>
    matches(shown) ? said("")(shown) : shown;
