/**
 * The service clients' code, loaded on their first call (clients.ts, lazy-client.ts) or beside a
 * page that uses them (app/pages.ts). Its own module: boot.ts reads the page table, and must not
 * import the clients themselves.
 */
export const loadTraceClientModule = () => import("./trace");
export const loadTrainingClientModule = () => import("./training");
export const loadInferenceClientModule = () => import("./inference");
export const loadWandbClientModule = () => import("./wandb");
