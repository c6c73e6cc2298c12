import { PageHeader } from "@/components/page-header";

const NGINX_RECIPE = `location /api/trace/        { proxy_pass https://trace.wandb.ai/; }
location /api/training/v1/  { proxy_pass https://api.training.wandb.ai/v1/; }
location /api/inference/v1/ { proxy_pass https://api.inference.wandb.ai/v1/; }
location /api/wandb/        { proxy_pass https://api.wandb.ai/; }
location /                  { root /srv/dashboard; try_files $uri /index.html; }`;

const CONFIG_JSON = `{"traceBaseUrl": "/api/trace", "trainingBaseUrl": "/api/training/v1", "inferenceBaseUrl": "/api/inference/v1", "wandbApiBaseUrl": "/api/wandb"}`;

/**
 * /help/proxy: what to do when the browser blocks calls to a service (CORS). Part of the build, so
 * the "unreachable" hints link to something that exists on every static host, not to a README
 * the host may not serve.
 */
export function ProxyHelpPage() {
  return (
    <div className="max-w-3xl space-y-6">
      <PageHeader
        title="Reaching the services through a same-origin proxy"
        description="When Test connection says a service is unreachable although it is up, the browser most likely blocked the call."
      />
      <section aria-labelledby="why" className="space-y-2 text-sm text-fg">
        <h2 id="why" className="font-semibold">
          Why it happens
        </h2>
        <p>
          A browser only lets a page read answers from another origin when that service allows it (CORS). Whether the
          W&B services allow calls from your dashboard's address is not documented. A blocked call looks exactly like a
          network failure: there is no status code to show.
        </p>
      </section>
      <section aria-labelledby="fix" className="space-y-2 text-sm text-fg">
        <h2 id="fix" className="font-semibold">
          The fix: serve the dashboard and the services from one origin
        </h2>
        <p>Proxy each service under a path of the host that serves the dashboard, for example with nginx:</p>
        <pre className="whitespace-pre-wrap break-all rounded-md border border-line bg-subtle p-3 font-mono text-xs">
          {NGINX_RECIPE}
        </pre>
        <p>
          Then put a <code className="font-mono">/config.json</code> beside the dashboard so nobody has to type the
          addresses:
        </p>
        <pre className="whitespace-pre-wrap break-all rounded-md border border-line bg-subtle p-3 font-mono text-xs">
          {CONFIG_JSON}
        </pre>
        <p>
          Or enter the proxied paths on the Settings page (a path such as /api/trace is resolved against this page's
          address).
        </p>
      </section>
    </div>
  );
}
