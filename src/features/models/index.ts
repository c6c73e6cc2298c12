/**
 * What other features use of the models feature (the linter allows no deeper import): the code
 * snippets (curl, Python and TypeScript `openai`, the key read from an environment variable),
 * which the playground fills with its conversation.
 */
export { SnippetTabs } from "./snippet-tabs";
export { KEY_ENV_VAR, snippetBaseUrl, type SnippetChat, type SnippetInput } from "./snippets";
