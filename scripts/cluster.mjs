#!/usr/bin/env node
// `npm run cluster`: TesterHub as in production on this machine (README "Run it as in production",
// docs/deployment.md): the machine's PostgreSQL 15, CLUSTER_INSTANCES instances of the production
// build (default 3) on their own ports, and nginx with deploy/nginx.conf as the one public address.
// Ctrl-C stops nginx, then each instance with SIGTERM (it finishes what is in flight).
//
//   npm run cluster                      start (CLUSTER_PORT 4350; the instances on the ports after it)
//   node scripts/cluster.mjs nginx-config --listen 80 --servers 10.0.0.5:3000,10.0.0.6:3000 --run-dir /var/lib/testerhub-nginx
//        [--user www-data] [--web-dist /opt/testerhub/apps/web/dist]
//                                        print deploy/nginx.conf filled in, for an operator's machine
//
// Settings: CLUSTER_INSTANCES, CLUSTER_PORT, CLUSTER_DIR (secrets, logs, nginx; default .cluster),
// CLUSTER_DATABASE_URL (default the machine's cluster as testerhub/testerhub, database testerhub_cluster),
// SMTP_URL and any other variable of the server (config/env.ts) are passed to every instance.
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  ROOT,
  clusterSecrets,
  ensureBuild,
  ensureDatabase,
  ensureMachinePostgres,
  renderNginxConfig,
  startInstance,
  startNginx,
} from './cluster-lib.mjs';

if (process.argv[2] === 'nginx-config') {
  const { values } = parseArgs({
    args: process.argv.slice(3),
    options: {
      listen: { type: 'string', default: '80' },
      servers: { type: 'string' },
      'run-dir': { type: 'string' },
      user: { type: 'string', default: 'www-data' },
      'web-dist': { type: 'string' },
    },
  });
  if (!values.servers || !values['run-dir']) {
    console.error(
      'Usage: node scripts/cluster.mjs nginx-config --listen 80 --servers HOST:PORT,HOST:PORT --run-dir DIR [--user www-data] [--web-dist DIR]',
    );
    process.exit(2);
  }
  process.stdout.write(
    renderNginxConfig({
      runDir: path.resolve(values['run-dir']),
      listen: values.listen,
      servers: values.servers.split(','),
      user: values.user,
      ...(values['web-dist'] && { webDist: path.resolve(values['web-dist']) }),
    }),
  );
  process.exit(0);
}

const instanceCount = Number(process.env.CLUSTER_INSTANCES ?? 3);
const publicPort = Number(process.env.CLUSTER_PORT ?? 4350);
const clusterDir = path.resolve(process.env.CLUSTER_DIR ?? path.join(ROOT, '.cluster'));
if (!Number.isInteger(instanceCount) || instanceCount < 1 || instanceCount > 16) {
  console.error('CLUSTER_INSTANCES must be a whole number from 1 to 16.');
  process.exit(2);
}

let databaseUrl = process.env.CLUSTER_DATABASE_URL;
if (!databaseUrl) {
  const pgPort = ensureMachinePostgres();
  const server = `postgres://testerhub:testerhub@127.0.0.1:${pgPort}`;
  if (await ensureDatabase(server, 'testerhub_cluster')) console.log('Created the database testerhub_cluster.');
  databaseUrl = `${server}/testerhub_cluster`;
}
ensureBuild();

fs.mkdirSync(path.join(clusterDir, 'logs'), { recursive: true });
const publicUrl = process.env.PUBLIC_URL ?? `http://localhost:${publicPort}`;
const env = { ...clusterSecrets(clusterDir), DATABASE_URL: databaseUrl, PUBLIC_URL: publicUrl };
const ports = Array.from({ length: instanceCount }, (_, index) => publicPort + 1 + index);
const instances = [];
let nginx;
let stopping = false;

async function stopAll(code) {
  if (stopping) return;
  stopping = true;
  console.log('\nStopping: nginx, then each instance (SIGTERM, it finishes what is in flight)...');
  await nginx?.stop();
  await Promise.all(instances.map((instance) => instance.stop()));
  console.log('Stopped.');
  process.exit(code);
}
process.on('SIGINT', () => void stopAll(0));
process.on('SIGTERM', () => void stopAll(0));

try {
  const start = (index) =>
    startInstance({
      port: ports[index],
      env,
      logFile: path.join(clusterDir, 'logs', `instance-${index + 1}.log`),
      dataDir: path.join(clusterDir, `instance-${index + 1}`),
    });
  // The first alone: on a new database it migrates and seeds before the others open it.
  instances.push(start(0));
  await instances[0].ready(120_000);
  for (let index = 1; index < instanceCount; index += 1) instances.push(start(index));
  await Promise.all(instances.slice(1).map((instance) => instance.ready(120_000)));
  for (const instance of instances) {
    instance.exited.then(({ code, signal }) => {
      if (!stopping) console.error(`The instance on port ${instance.port} exited (${signal ?? `code ${code}`}); see ${clusterDir}/logs.`);
    });
  }
  nginx = await startNginx({ runDir: path.join(clusterDir, 'nginx'), listen: `127.0.0.1:${publicPort}`, ports });
  console.log(`TesterHub: ${instanceCount} instance(s) on ports ${ports.join(', ')} behind nginx.`);
  console.log(
    `Open ${publicUrl} (nginx on 127.0.0.1:${publicPort}); logs in ${path.relative(ROOT, clusterDir) || '.'}/logs and nginx/logs. Ctrl-C stops everything.`,
  );
} catch (error) {
  console.error(`The cluster did not start: ${error instanceof Error ? error.message : error}`);
  await stopAll(1);
}
