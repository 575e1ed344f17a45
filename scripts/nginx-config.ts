// `npm run deploy:nginx [-- <output file>]`: fills in deploy/nginx/majlis.conf.template. Without
// settings it rewrites deploy/nginx/majlis.conf, the example shipped in the repository; an operator
// gives their own (environment below) and a path such as /etc/nginx/sites-available/majlis. The
// nginx test (src/server/ops/nginx.test.ts) renders the same template with `renderNginxConfig`.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export interface NginxSettings {
  /** host:port of every node. */
  nodes: string[];
  serverName: string;
  /** What the site's server block listens on, e.g. `443 ssl http2`. */
  listen: string;
  /** What the HTTP → HTTPS redirect listens on, e.g. `80`. */
  redirectListen: string;
  /** The certificate and its key (Let's Encrypt's paths by default); none for a plain-HTTP test. */
  tls: { certificate: string; key: string } | undefined;
  /** The built web app (dist/web) and DATA_DIR, as this machine sees them. */
  webRoot: string;
  dataDir: string;
}

export const EXAMPLE_SETTINGS: NginxSettings = {
  nodes: ['127.0.0.1:3001', '127.0.0.1:3002'],
  serverName: 'chat.example.org',
  listen: '443 ssl http2',
  redirectListen: '80',
  tls: {
    certificate: '/etc/letsencrypt/live/chat.example.org/fullchain.pem',
    key: '/etc/letsencrypt/live/chat.example.org/privkey.pem',
  },
  webRoot: '/opt/majlis/dist/web',
  dataDir: '/var/lib/majlis',
};

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const TEMPLATE_PATH = path.join(root, 'deploy/nginx/majlis.conf.template');
export const EXAMPLE_PATH = path.join(root, 'deploy/nginx/majlis.conf');

export function renderNginxConfig(settings: NginxSettings, template = readFileSync(TEMPLATE_PATH, 'utf8')): string {
  const values: Record<string, string> = {
    UPSTREAM_SERVERS: settings.nodes.map((node) => `    server ${node} max_fails=1 fail_timeout=10s;`).join('\n'),
    SERVER_NAME: settings.serverName,
    LISTEN: settings.listen,
    REDIRECT_LISTEN: settings.redirectListen,
    TLS: settings.tls
      ? [
          `    ssl_certificate     ${settings.tls.certificate};`,
          `    ssl_certificate_key ${settings.tls.key};`,
          '    ssl_protocols TLSv1.2 TLSv1.3;',
          '    ssl_session_cache shared:majlis_tls:10m;',
          '    ssl_session_timeout 1d;',
        ].join('\n')
      : '    # (no TLS: plain HTTP)',
    WEB_ROOT: settings.webRoot,
    DATA_DIR: settings.dataDir,
  };
  const header = '# Made by `npm run deploy:nginx` from deploy/nginx/majlis.conf.template: edit that, not this.\n';
  const body = template.replace(/\{\{([A-Z_]+)\}\}/g, (whole, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`${TEMPLATE_PATH}: unknown placeholder ${whole}`);
    return value;
  });
  return header + body;
}

/** The example's settings, with what the environment gives instead. */
function settingsFromEnvironment(env: NodeJS.ProcessEnv): NginxSettings {
  const domain = env.MAJLIS_DOMAIN;
  return {
    nodes: env.MAJLIS_NODES ? env.MAJLIS_NODES.split(',').map((node) => node.trim()) : EXAMPLE_SETTINGS.nodes,
    serverName: domain ?? EXAMPLE_SETTINGS.serverName,
    listen: EXAMPLE_SETTINGS.listen,
    redirectListen: EXAMPLE_SETTINGS.redirectListen,
    tls: domain
      ? {
          certificate: `/etc/letsencrypt/live/${domain}/fullchain.pem`,
          key: `/etc/letsencrypt/live/${domain}/privkey.pem`,
        }
      : EXAMPLE_SETTINGS.tls,
    webRoot: env.MAJLIS_WEB_ROOT ?? EXAMPLE_SETTINGS.webRoot,
    dataDir: env.DATA_DIR ? path.resolve(env.DATA_DIR) : EXAMPLE_SETTINGS.dataDir,
  };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const output = process.argv[2] ?? EXAMPLE_PATH;
  writeFileSync(
    output,
    renderNginxConfig(output === EXAMPLE_PATH ? EXAMPLE_SETTINGS : settingsFromEnvironment(process.env)),
  );
  console.log(`Wrote ${output}`);
}
