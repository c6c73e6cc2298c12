/**
 * Where the recipe for reaching the real services through a same-origin proxy lives: the
 * dashboard's own help page (part of every build), or, when VITE_DOCS_URL is set at build time,
 * that section of the published README.
 */
const docsBase = import.meta.env.VITE_DOCS_URL?.replace(/#.*$/, "");

export const PROXY_RECIPE_URL = docsBase
  ? `${docsBase}#same-origin-proxy-when-the-browser-blocks-calls-to-the-services`
  : "/help/proxy";

export const WANDB_API_KEYS_URL = "https://wandb.ai/authorize";
