/**
 * The specs pages' addresses (the route table in app/routes.tsx holds the matching patterns).
 * Editing is `/specs/<id>/edit`, so a spec whose id is "new" is not taken for the create page.
 */
export const specPaths = {
  list: "/specs",
  create: "/specs/new",
  spec: (objectId: string) => `/specs/${encodeURIComponent(objectId)}/edit`,
} as const;
