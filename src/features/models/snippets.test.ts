import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { buildSnippet, KEY_ENV_VAR, SNIPPET_LANGUAGES, snippetBaseUrl, type SnippetInput } from "./snippets";

const INPUT: SnippetInput = {
  baseUrl: "https://api.inference.wandb.ai/v1",
  modelId: "meta-llama/Llama-3.3-70B-Instruct",
  project: "my-team/my-project",
};

/** What bash makes of a curl snippet: its arguments (NUL-separated by a stand-in curl), with the key variable set. */
function bashArguments(snippet: string, key: string): string[] {
  const script = `set -e\ncurl() { printf '%s\\0' "$@"; }\n${snippet}\n`;
  const out = execFileSync("bash", ["-c", script], {
    env: { [KEY_ENV_VAR]: key, PATH: process.env.PATH ?? "" },
  }).toString();
  return out.split("\0").slice(0, -1);
}

describe("code snippets", () => {
  it("curl: the chat completions URL, the key from the environment, the project header and the model", () => {
    const snippet = buildSnippet("curl", INPUT);
    expect(snippet).toContain("curl 'https://api.inference.wandb.ai/v1/chat/completions'");
    expect(snippet).toContain('-H "Authorization: Bearer $WANDB_API_KEY"');
    expect(snippet).toContain("-H 'OpenAI-Project: my-team/my-project'");
    const args = bashArguments(snippet, "secret-from-env");
    expect(args[0]).toBe("https://api.inference.wandb.ai/v1/chat/completions");
    expect(args).toContain("Authorization: Bearer secret-from-env");
    const body = JSON.parse(args.at(-1)!);
    expect(body.model).toBe(INPUT.modelId);
    expect(body.messages[0].role).toBe("user");
  });

  it("curl: quotes model IDs that contain shell characters", () => {
    const args = bashArguments(buildSnippet("curl", { ...INPUT, modelId: `it's "odd" $(rm -rf /)` }), "k");
    expect(JSON.parse(args.at(-1)!).model).toBe(`it's "odd" $(rm -rf /)`);
  });

  it("Python: OpenAI client with base_url, the key from os.environ and the project", () => {
    const snippet = buildSnippet("python", INPUT);
    expect(snippet).toContain("from openai import OpenAI");
    expect(snippet).toContain('base_url="https://api.inference.wandb.ai/v1"');
    expect(snippet).toContain('api_key=os.environ["WANDB_API_KEY"]');
    expect(snippet).toContain('project="my-team/my-project"');
    expect(snippet).toContain('model="meta-llama/Llama-3.3-70B-Instruct"');
  });

  it("TypeScript: OpenAI client with baseURL, the key from process.env and the project", () => {
    const snippet = buildSnippet("typescript", INPUT);
    expect(snippet).toContain('import OpenAI from "openai";');
    expect(snippet).toContain('baseURL: "https://api.inference.wandb.ai/v1"');
    expect(snippet).toContain("apiKey: process.env.WANDB_API_KEY");
    expect(snippet).toContain('project: "my-team/my-project"');
    expect(snippet).toContain('model: "meta-llama/Llama-3.3-70B-Instruct"');
  });

  it("carries a whole conversation and its settings (the playground's), the same in every language", () => {
    const chat = {
      messages: [
        { role: "system" as const, content: "Be brief." },
        { role: "user" as const, content: `two\nlines, "quotes" and it's $HOME` },
      ],
      temperature: 0.2,
      max_tokens: 64,
    };
    const body = JSON.parse(bashArguments(buildSnippet("curl", { ...INPUT, chat }), "k").at(-1)!);
    expect(body).toEqual({ model: INPUT.modelId, ...chat });
    // The messages are JSON in both: strings only, so the same text is a Python list and a TypeScript array.
    const python = buildSnippet("python", { ...INPUT, chat });
    expect(JSON.parse(/messages=(\[[\s\S]*?\n {4}\]),/.exec(python)![1]!)).toEqual(chat.messages);
    expect(python).toContain("    temperature=0.2,\n    max_tokens=64,");
    const typescript = buildSnippet("typescript", { ...INPUT, chat });
    expect(JSON.parse(/messages: (\[[\s\S]*?\n {2}\]),/.exec(typescript)![1]!)).toEqual(chat.messages);
    expect(typescript).toContain("  temperature: 0.2,\n  max_tokens: 64,");
  });

  it("leaves the project out when none is configured", () => {
    for (const { id } of SNIPPET_LANGUAGES) {
      const snippet = buildSnippet(id, { ...INPUT, project: "  " });
      expect({ id, mentionsProject: /project|OpenAI-Project/i.test(snippet) }).toEqual({ id, mentionsProject: false });
    }
  });

  it("escapes IDs inside string literals", () => {
    const snippet = buildSnippet("python", { ...INPUT, modelId: 'a"b\\c' });
    expect(snippet).toContain('model="a\\"b\\\\c"');
  });

  it("resolves a same-origin base URL against the page origin and drops a trailing slash", () => {
    expect(snippetBaseUrl("/api/inference/v1", "http://127.0.0.1:4280")).toBe("http://127.0.0.1:4280/api/inference/v1");
    expect(snippetBaseUrl("https://api.inference.wandb.ai/v1/", "http://x")).toBe("https://api.inference.wandb.ai/v1");
    expect(buildSnippet("curl", { ...INPUT, baseUrl: "https://h/v1/" })).toContain("'https://h/v1/chat/completions'");
  });
});
