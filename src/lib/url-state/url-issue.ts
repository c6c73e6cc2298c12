/** A value from the URL that was not understood and so was ignored; pages show these as a notice. */
export type UrlIssue = { param: string; value: string; reason: string };
