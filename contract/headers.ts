/**
 * Header names of the services' contracts, apart from their schemas: the dashboard's first script
 * (src/boot.ts) builds a request with them before the schemas' code has arrived.
 */

/** The optional usage-tracking header of the inference service. */
export const INFERENCE_PROJECT_HEADER = "OpenAI-Project";
