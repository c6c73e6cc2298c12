import { Agent, request } from "node:http";
import type { HttpAnswer } from "../quality/http-client";
import { jsonOrUndefined } from "../quality/send";

/**
 * JSON over one kept-alive connection with node:http, for a load generator: `fetch` (undici) costs
 * several times the CPU per request, and on two cores a load generator's CPU is taken from the
 * service it measures. One connection, because each annotator sends one request at a time.
 */
export function keepAliveClient(baseUrl: string, key: string, deadlineMs = 10_000) {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const url = new URL(baseUrl);
  const post = (path: string, body: unknown) =>
    new Promise<HttpAnswer>((resolve, reject) => {
      const payload = Buffer.from(JSON.stringify(body));
      const outgoing = request(
        {
          agent,
          host: url.hostname,
          port: url.port,
          path,
          method: "POST",
          timeout: deadlineMs,
          headers: {
            Authorization: `Bearer ${key}`,
            "Content-Type": "application/json",
            "Content-Length": payload.length,
          },
        },
        (incoming) => {
          const chunks: Buffer[] = [];
          incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
          incoming.on("end", () => {
            const text = Buffer.concat(chunks).toString("utf8");
            resolve({ status: incoming.statusCode ?? 0, text, json: jsonOrUndefined(text) });
          });
          incoming.on("error", reject);
        },
      );
      outgoing.on("timeout", () => outgoing.destroy(new Error(`no answer within ${deadlineMs} ms: POST ${path}`)));
      outgoing.on("error", reject);
      outgoing.end(payload);
    });
  return { post, close: () => agent.destroy() };
}
