/**
 * Where the README's recipe for reaching the real services through a same-origin proxy lives.
 * Set VITE_DOCS_URL at build time to the published README (e.g. on the Git host); without it the
 * link is /README.md on the dashboard's own origin, for hosts that serve the README beside it.
 */
const docsBase = import.meta.env.VITE_DOCS_URL?.replace(/#.*$/, "") || "/README.md";

export const PROXY_RECIPE_URL = `${docsBase}#same-origin-proxy-when-the-browser-blocks-calls-to-the-services`;

export const WANDB_API_KEYS_URL = "https://wandb.ai/authorize";
