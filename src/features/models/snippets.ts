import type { ChatMessage } from "@contract/chat";
import { INFERENCE_PROJECT_HEADER } from "@contract/headers";
import { resolveBaseUrl } from "@/api/url";

/**
 * Ready-to-run code for one model: curl, Python `openai` and TypeScript `openai`. The API key is
 * never an input here: every snippet reads it from the WANDB_API_KEY environment variable, so
 * a copied snippet cannot leak the key that is stored in this browser.
 */
export type SnippetLanguage = "curl" | "python" | "typescript";

export const SNIPPET_LANGUAGES: readonly { id: SnippetLanguage; label: string }[] = [
  { id: "curl", label: "curl" },
  { id: "python", label: "Python" },
  { id: "typescript", label: "TypeScript" },
];

export type SnippetInput = {
  /** Absolute inference base URL, ending in /v1 (see snippetBaseUrl). */
  baseUrl: string;
  modelId: string;
  /** `<team>/<project>` for the OpenAI-Project header; "" for none. */
  project: string;
  /** A whole conversation and its settings (the playground's); without it, one example prompt. */
  chat?: SnippetChat;
};

export type SnippetChat = { messages: ChatMessage[]; temperature?: number; max_tokens?: number };

export const KEY_ENV_VAR = "WANDB_API_KEY";
const EXAMPLE_PROMPT = "Say hello in one sentence.";

/**
 * The configured address as code outside this page needs it: absolute (a same-origin path such
 * as /api/inference/v1 is resolved against this page's origin) and without a trailing slash.
 */
export function snippetBaseUrl(configured: string, origin: string = window.location.origin): string {
  return resolveBaseUrl(configured, origin);
}

/** A POSIX shell word in single quotes; a quote inside becomes '\''. */
function shellQuote(value: string): string {
  return `'${value.replace(/'/g, `'\\''`)}'`;
}

/** A string literal valid in Python and TypeScript alike (JSON's escapes are a subset of both). */
const literal = (value: string) => JSON.stringify(value);

const chatOf = (input: SnippetInput): SnippetChat =>
  input.chat ?? { messages: [{ role: "user", content: EXAMPLE_PROMPT }] };

/**
 * The request's fields after `model`, one per line, as `name<sep>value` for Python keyword
 * arguments (`=`) or TypeScript properties (`: `). The messages are JSON: only strings inside, so
 * the same text is a valid Python list and TypeScript array.
 */
function requestLines({ messages, temperature, max_tokens }: SnippetChat, sep: string, indent: string): string[] {
  const messagesText = JSON.stringify(messages, null, 2).replace(/\n/g, `\n${indent}`);
  return [
    `${indent}messages${sep}${messagesText},`,
    ...(temperature !== undefined ? [`${indent}temperature${sep}${temperature},`] : []),
    ...(max_tokens !== undefined ? [`${indent}max_tokens${sep}${max_tokens},`] : []),
  ];
}

function curlSnippet(input: SnippetInput): string {
  const { baseUrl, modelId, project } = input;
  const body = JSON.stringify({ model: modelId, ...chatOf(input) }, null, 2);
  const lines = [
    `curl ${shellQuote(`${baseUrl}/chat/completions`)}`,
    // Double quotes so the shell expands the variable; the key itself never appears.
    `  -H "Authorization: Bearer $${KEY_ENV_VAR}"`,
    `  -H 'Content-Type: application/json'`,
    ...(project ? [`  -H ${shellQuote(`${INFERENCE_PROJECT_HEADER}: ${project}`)}`] : []),
    `  -d ${shellQuote(body)}`,
  ];
  return lines.join(" \\\n");
}

function pythonSnippet(input: SnippetInput): string {
  const { baseUrl, modelId, project } = input;
  return [
    "import os",
    "",
    "from openai import OpenAI",
    "",
    "client = OpenAI(",
    `    base_url=${literal(baseUrl)},`,
    `    api_key=os.environ[${literal(KEY_ENV_VAR)}],`,
    ...(project ? [`    project=${literal(project)},  # sent as the ${INFERENCE_PROJECT_HEADER} header`] : []),
    ")",
    "",
    "response = client.chat.completions.create(",
    `    model=${literal(modelId)},`,
    ...requestLines(chatOf(input), "=", "    "),
    ")",
    "print(response.choices[0].message.content)",
  ].join("\n");
}

function typescriptSnippet(input: SnippetInput): string {
  const { baseUrl, modelId, project } = input;
  return [
    'import OpenAI from "openai";',
    "",
    "const client = new OpenAI({",
    `  baseURL: ${literal(baseUrl)},`,
    `  apiKey: process.env.${KEY_ENV_VAR},`,
    ...(project ? [`  project: ${literal(project)}, // sent as the ${INFERENCE_PROJECT_HEADER} header`] : []),
    "});",
    "",
    "const response = await client.chat.completions.create({",
    `  model: ${literal(modelId)},`,
    ...requestLines(chatOf(input), ": ", "  "),
    "});",
    "console.log(response.choices[0].message.content);",
  ].join("\n");
}

export function buildSnippet(language: SnippetLanguage, input: SnippetInput): string {
  const clean = { ...input, baseUrl: input.baseUrl.replace(/\/+$/, ""), project: input.project.trim() };
  switch (language) {
    case "curl":
      return curlSnippet(clean);
    case "python":
      return pythonSnippet(clean);
    case "typescript":
      return typescriptSnippet(clean);
  }
}
