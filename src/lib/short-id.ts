/** The first characters of a long id, enough to tell ids apart in a table. */
export const shortId = (id: string, length = 8): string => (id.length > length + 1 ? `${id.slice(0, length)}…` : id);
