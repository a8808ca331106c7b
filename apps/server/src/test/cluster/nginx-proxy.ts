import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../free-port.ts';
import { waitUntilAnswering } from './ports.ts';

const NGINX = '/usr/sbin/nginx';
/** The documented site configuration (README, Production): the tests run this file, not a copy. */
const SITE_CONFIG = fileURLToPath(new URL('../../../../../deploy/nginx/toolpass.conf', import.meta.url));

export type NginxProxy = { url: string; port: number; stop(): Promise<void> };

/**
 * The documented site configuration with the test's ports: its `listen` and its upstream
 * servers are replaced, everything else is as a space would deploy it.
 */
export function siteConfigFor(listenPort: number, instancePorts: number[]): string {
  const site = readFileSync(SITE_CONFIG, 'utf8');
  const servers = /^( *)server 127\.0\.0\.1:\d+ ([^;\n]*);\n/gm;
  const indent = /( *)server 127\.0\.0\.1/.exec(site)?.[1] ?? '    ';
  const options = /server 127\.0\.0\.1:\d+ ([^;]*);/.exec(site)?.[1] ?? '';
  let replaced = false;
  const withServers = site.replace(servers, () => {
    if (replaced) return '';
    replaced = true;
    return instancePorts.map((port) => `${indent}server 127.0.0.1:${port} ${options};\n`).join('');
  });
  return withServers
    .replace(/^(\s*)listen 80;/m, `$1listen 127.0.0.1:${listenPort};`)
    .replace(/^(\s*)server_name [^;\n]*;/m, '$1server_name localhost;');
}

/**
 * nginx from Debian's package (.ci/run installs it), run as a foreground process of the test
 * with its own prefix, so it needs no system service and leaves nothing behind. Each answer
 * names the instance that gave it (X-Upstream), so tests can tell the instances apart.
 */
export async function startNginxProxy(instancePorts: number[]): Promise<NginxProxy> {
  if (!existsSync(NGINX)) {
    throw new Error(
      `nginx is not installed (${NGINX}): the multi-instance tests run the documented proxy. ` +
        'Install it with `apt-get install nginx` (.ci/run does).',
    );
  }
  const prefix = mkdtempSync(path.join(os.tmpdir(), 'toolpass-nginx-'));
  mkdirSync(path.join(prefix, 'logs'));
  const port = await freePort();
  const site = siteConfigFor(port, instancePorts).replace(
    'location / {',
    'location / {\n        add_header X-Upstream $upstream_addr always;',
  );
  writeFileSync(path.join(prefix, 'site.conf'), site);
  const temp = (name: string) => path.join(prefix, name);
  writeFileSync(
    path.join(prefix, 'nginx.conf'),
    [
      'daemon off;',
      'worker_processes 1;',
      `pid ${temp('nginx.pid')};`,
      `error_log ${temp('logs/error.log')} warn;`,
      'events { worker_connections 1024; }',
      'http {',
      `  access_log off;`,
      `  client_body_temp_path ${temp('client_body')};`,
      `  proxy_temp_path ${temp('proxy')};`,
      `  fastcgi_temp_path ${temp('fastcgi')};`,
      `  uwsgi_temp_path ${temp('uwsgi')};`,
      `  scgi_temp_path ${temp('scgi')};`,
      `  include ${temp('site.conf')};`,
      '}',
    ].join('\n'),
  );
  const child: ChildProcess = spawn(NGINX, ['-p', prefix, '-c', path.join(prefix, 'nginx.conf')], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    errors += chunk.toString();
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    await waitUntilAnswering(
      port,
      () => child.exitCode !== null,
      () => `nginx did not start: ${errors}`,
    );
  } catch (error) {
    rmSync(prefix, { recursive: true, force: true });
    throw error;
  }
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGQUIT');
        await exited;
      }
      rmSync(prefix, { recursive: true, force: true });
    },
  };
}
