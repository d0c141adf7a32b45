// The pieces of `npm run cluster` (scripts/cluster.mjs): PostgreSQL, the instances of the production
// build, nginx in front of them with deploy/nginx.conf. The cluster tests and the capacity benchmark
// import them, so what they test is what an operator runs (docs/deployment.md, decision 093).
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { SERVER_NODE_FLAGS } from './server-node-flags.mjs';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const SERVER_ENTRY = path.join(ROOT, 'apps/server/dist/main.js');
export const WEB_DIST = path.join(ROOT, 'apps/web/dist');
export const NGINX_TEMPLATE = path.join(ROOT, 'deploy/nginx.conf');
export const NGINX_BINARY = process.env.NGINX_BINARY ?? '/usr/sbin/nginx';
const BUILD_OUTPUTS = [path.join(WEB_DIST, 'index.html'), path.join(ROOT, 'apps/web/dist-prerender/manifest.json'), SERVER_ENTRY];
const PG_BIN = '/usr/lib/postgresql/15/bin';
/** Passive health check of each upstream line (deploy/nginx.conf). */
export const UPSTREAM_HEALTH = 'max_fails=2 fail_timeout=5s';

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const isRoot = () => process.getuid?.() === 0;

// ---- the build and the database ----

/** Builds when an output of `npm run build` is missing (npm start's fuller check is for development). */
export function ensureBuild(log = console.log) {
  const missing = BUILD_OUTPUTS.filter((file) => !fs.existsSync(file));
  if (missing.length === 0) return;
  log(`Building (${path.relative(ROOT, missing[0])} is missing)...`);
  const build = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('npm run build failed');
}

/** Starts the machine's PostgreSQL 15 cluster when it is down, as .ci/run does (pg_ctlcluster needs root or the postgres user). */
export function ensureMachinePostgres(version = '15', cluster = 'main') {
  const listed = spawnSync('pg_lsclusters', ['-h'], { encoding: 'utf8' });
  if (listed.status !== 0) throw new Error('pg_lsclusters failed: is PostgreSQL installed (apt-get install postgresql)?');
  const line = listed.stdout.split('\n').find((row) => row.split(/\s+/)[0] === version && row.split(/\s+/)[1] === cluster);
  if (!line) throw new Error(`No PostgreSQL ${version}/${cluster} cluster: pg_createcluster ${version} ${cluster}`);
  const [, , port, status] = line.split(/\s+/);
  if (status !== 'online') {
    console.log(`Starting PostgreSQL ${version}/${cluster}...`);
    const started = spawnSync('pg_ctlcluster', [version, cluster, 'start'], { stdio: 'inherit' });
    if (started.status !== 0) throw new Error(`pg_ctlcluster ${version} ${cluster} start failed`);
  }
  return Number(port);
}

/** Creates the database `name` (owned by the URL's role) unless it exists. */
export async function ensureDatabase(serverUrl, name) {
  const client = new pg.Client({ connectionString: `${serverUrl}/postgres` });
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) await client.query(`create database ${pg.escapeIdentifier(name)}`);
    return found.rowCount === 0;
  } finally {
    await client.end();
  }
}

/**
 * A PostgreSQL 15 of its own in `dir` on `port` (the cluster tests restart it mid-load; the
 * machine's cluster is shared with whatever else runs here). As root it runs as the postgres user.
 */
export async function startPrivatePostgres({ dir, port }) {
  const asPostgres = (command, args) =>
    isRoot()
      ? spawnSync('runuser', ['-u', 'postgres', '--', command, ...args], { encoding: 'utf8' })
      : spawnSync(command, args, { encoding: 'utf8' });
  const run = (command, args) => {
    const result = asPostgres(path.join(PG_BIN, command), args);
    if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed: ${result.stderr || result.stdout}`);
    return result;
  };
  fs.mkdirSync(dir, { recursive: true });
  if (isRoot()) spawnSync('chown', ['postgres:postgres', dir]);
  const dataDir = path.join(dir, 'data');
  if (!fs.existsSync(path.join(dataDir, 'PG_VERSION'))) {
    run('initdb', ['-D', dataDir, '-U', 'testerhub', '--auth=trust', '--no-sync', '-E', 'UTF8', '--locale=C.UTF-8']);
  }
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200`;
  const logFile = path.join(dir, 'postgres.log');
  const pgCtl = (...args) => run('pg_ctl', ['-D', dataDir, '-l', logFile, '-o', options, '-w', '-t', '60', ...args]);
  pgCtl('start');
  return {
    url: `postgres://testerhub@127.0.0.1:${port}`,
    /** Stops it (fast: open connections are ended, as a crash or a failover would). */
    stop: () => pgCtl('stop', '-m', 'fast'),
    start: () => pgCtl('start'),
    remove() {
      pgCtl('stop', '-m', 'immediate');
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

// ---- shared secrets ----

const SHARED_SECRETS = ['DEVICE_COOKIE_SECRET', 'STUDY_LINK_SECRET', 'STAFF_TOTP_KEY'];

/** The secrets every instance must share (config/env.ts), made once and kept in `dir`/secrets.env (this user only). */
export function clusterSecrets(dir) {
  const file = path.join(dir, 'secrets.env');
  const kept = {};
  if (fs.existsSync(file)) {
    for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
      const match = /^([A-Z_]+)=(.+)$/.exec(line.trim());
      if (match) kept[match[1]] = match[2];
    }
  }
  if (SHARED_SECRETS.every((name) => (kept[name] ?? '').length >= 32)) return kept;
  const made = Object.fromEntries(SHARED_SECRETS.map((name) => [name, kept[name] ?? randomBytes(32).toString('base64url')]));
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(
    file,
    `${Object.entries(made)
      .map(([name, value]) => `${name}=${value}`)
      .join('\n')}\n`,
    { mode: 0o600 },
  );
  return made;
}

// ---- instances ----

/** Whether the instance on `port` is ready: GET /api/ready (the database answers, migrations at head, not shutting down). */
export async function isReady(port, timeoutMs = 2000) {
  const ask = (route) => fetch(`http://127.0.0.1:${port}${route}`, { signal: AbortSignal.timeout(timeoutMs) });
  try {
    const answer = await ask('/api/ready');
    await answer.arrayBuffer();
    return answer.status === 200;
  } catch {
    return false;
  }
}

/** Waits until `port` is ready; throws after `timeoutMs`, or when `exited()` says the process ended. */
export async function waitReady(port, { timeoutMs = 60_000, exited = () => false } = {}) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (exited()) throw new Error(`the instance on port ${port} exited before it was ready`);
    if (await isReady(port)) return;
    await sleep(100);
  }
  throw new Error(`the instance on port ${port} was not ready within ${timeoutMs / 1000} s`);
}

/**
 * Starts one instance of the production build on `port` (as the systemd unit does, deploy/testerhub.service):
 * `env` holds DATABASE_URL, the shared secrets and the rest; its output goes to `logFile`.
 */
export function startInstance({ port, env, logFile, dataDir }) {
  fs.mkdirSync(dataDir, { recursive: true });
  const out = fs.openSync(logFile, 'a');
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, SERVER_ENTRY], {
    cwd: ROOT,
    stdio: ['ignore', out, out],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      TRUST_PROXY: '127.0.0.1',
      ...env,
      PORT: String(port),
      DATA_DIR: dataDir,
    },
  });
  fs.closeSync(out);
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  const instance = {
    port,
    child,
    exited,
    hasExited: () => child.exitCode !== null || child.signalCode !== null,
    ready: (timeoutMs) => waitReady(port, { timeoutMs, exited: instance.hasExited }),
    /** SIGTERM: the server finishes what is in flight and exits (main.ts); SIGKILL after `graceMs`. */
    async stop(graceMs = 15_000) {
      if (instance.hasExited()) return exited;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      const result = await exited;
      clearTimeout(timer);
      return result;
    },
    /** kill -9: nothing finishes. */
    async kill() {
      if (!instance.hasExited()) child.kill('SIGKILL');
      return exited;
    },
  };
  return instance;
}

// ---- nginx ----

/**
 * deploy/nginx.conf with its @NAME@ words filled in. `servers` are "host:port" strings; `down` ones
 * are marked down. `user`: the workers' user when the master starts as root (none: nginx's default).
 */
export function renderNginxConfig({ runDir, listen, servers, down = [], webDist = WEB_DIST, workers, user }) {
  const upstream = servers.map((server) => `server ${server} ${UPSTREAM_HEALTH}${down.includes(server) ? ' down' : ''};`).join('\n    ');
  let text = fs
    .readFileSync(NGINX_TEMPLATE, 'utf8')
    .replaceAll('@USER_LINE@', user ? `user ${user};` : '')
    .replaceAll('@RUN_DIR@', runDir)
    .replaceAll('@LISTEN@', String(listen))
    .replaceAll('@UPSTREAM_SERVERS@', upstream)
    .replaceAll('@WEB_DIST@', webDist)
    .replaceAll('@MIME_TYPES@', '/etc/nginx/mime.types');
  if (workers) text = text.replace('worker_processes auto;', `worker_processes ${workers};`);
  return text;
}

/**
 * Starts nginx in the foreground (`daemon off`) with its own prefix, pid, logs and temp folders
 * under `runDir`, on `listen`, in front of `ports`. `setServers` rewrites the upstream list and
 * reloads (graceful: requests in flight finish on the old workers).
 */
export async function startNginx({ runDir, listen, ports, workers }) {
  for (const sub of ['logs', 'temp']) fs.mkdirSync(path.join(runDir, sub), { recursive: true });
  const configFile = path.join(runDir, 'nginx.conf');
  const servers = ports.map((port) => `127.0.0.1:${port}`);
  // Started by root (CI), its workers stay root: they read the build and write the run folder as the rest of the run does.
  const user = isRoot() ? 'root' : undefined;
  const write = (down = []) => fs.writeFileSync(configFile, renderNginxConfig({ runDir, listen, servers, down, workers, user }));
  write();
  const args = ['-p', runDir, '-c', configFile, '-e', path.join(runDir, 'logs/error.log')];
  const tested = spawnSync(NGINX_BINARY, [...args, '-t'], { encoding: 'utf8' });
  if (tested.status !== 0) throw new Error(`nginx -t failed:\n${tested.stderr}`);
  const child = spawn(NGINX_BINARY, [...args, '-g', 'daemon off;'], { stdio: ['ignore', 'ignore', 'inherit'] });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const port = Number(String(listen).split(':').at(-1));
  const deadline = Date.now() + 10_000;
  for (;;) {
    try {
      await fetch(`http://127.0.0.1:${port}/`, { signal: AbortSignal.timeout(1000) }).then((answer) => answer.arrayBuffer());
      break;
    } catch (error) {
      if (Date.now() > deadline || child.exitCode !== null) throw new Error(`nginx did not start: ${error}`);
      await sleep(100);
    }
  }
  const reload = async () => {
    const result = spawnSync(NGINX_BINARY, [...args, '-s', 'reload'], { encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`nginx reload failed: ${result.stderr}`);
    // The reload is done when the master has started its new workers; give them a moment to take the socket.
    await sleep(300);
  };
  return {
    port,
    pid: child.pid,
    url: `http://127.0.0.1:${port}`,
    /** Marks the instances on `downPorts` down (no new requests go there) and reloads. */
    async drain(downPorts) {
      write(downPorts.map((downPort) => `127.0.0.1:${downPort}`));
      await reload();
    },
    /** Every instance up again. */
    async undrain() {
      write();
      await reload();
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGQUIT');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** A fresh run folder (nginx, the instances' logs and data folders, a private PostgreSQL). */
export const makeRunDir = (prefix) => fs.mkdtempSync(path.join(os.tmpdir(), prefix));

/**
 * Restarts the instances one at a time without a failed request: nginx stops sending new
 * requests to the instance (marked down, reloaded), SIGTERM lets it finish what it has, the new
 * process starts and is ready, nginx sends to it again. `start(i)` starts instance i anew.
 */
export async function rollingRestart(instances, nginx, start, { log = () => {} } = {}) {
  for (let index = 0; index < instances.length; index += 1) {
    const old = instances[index];
    await nginx.drain([old.port]);
    const { code, signal } = await old.stop();
    log(`instance ${index + 1} (port ${old.port}) stopped: ${signal ?? `exit ${code}`}`);
    const fresh = start(index);
    instances[index] = fresh;
    await fresh.ready();
    await nginx.undrain();
    log(`instance ${index + 1} (port ${fresh.port}) ready again`);
  }
}
