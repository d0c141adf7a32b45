#!/usr/bin/env node
// `npm run dev`: the API server with tsx watch (restarts on change) and the Vite dev server
// for the web app (hot reload; it proxies /api to :3000), together, output prefixed.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => path.join(root, 'node_modules', '.bin', process.platform === 'win32' ? `${name}.cmd` : name);
const useColour = process.stdout.isTTY && !process.env.NO_COLOR;

const serverEnv = { ...process.env, NODE_ENV: 'development' };
delete serverEnv.WEB_DIST_DIR;

const processes = [
  {
    name: 'server',
    colour: 36,
    command: bin('tsx'),
    args: ['watch', '--clear-screen=false', 'apps/server/src/main.ts'],
    cwd: root,
    env: serverEnv,
  },
  { name: 'web', colour: 35, command: bin('vite'), args: [], cwd: path.join(root, 'apps/web'), env: { ...process.env } },
];

let stopping = false;
const children = [];

function prefixed(name, colour, stream, target) {
  const label = useColour ? `\x1b[${colour}m[${name}]\x1b[0m ` : `[${name}] `;
  let pending = '';
  stream.setEncoding('utf8');
  stream.on('data', (chunk) => {
    pending += chunk;
    const lines = pending.split(/\r?\n/);
    pending = lines.pop() ?? '';
    for (const line of lines) target.write(`${label}${line}\n`);
  });
  stream.on('end', () => {
    if (pending) target.write(`${label}${pending}\n`);
  });
}

function stopAll(signal = 'SIGTERM') {
  for (const child of children) {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
  }
}

for (const spec of processes) {
  const child = spawn(spec.command, spec.args, { cwd: spec.cwd, env: spec.env, stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  prefixed(spec.name, spec.colour, child.stdout, process.stdout);
  prefixed(spec.name, spec.colour, child.stderr, process.stderr);
  child.on('error', (error) => {
    console.error(`[${spec.name}] could not start: ${error.message}`);
    process.exitCode = 1;
    stopping = true;
    stopAll();
  });
  child.on('exit', (code, signal) => {
    if (!stopping) {
      console.error(`[${spec.name}] exited (${signal ?? code}); stopping the others.`);
      process.exitCode = code ?? 1;
      stopping = true;
      stopAll();
    }
    if (children.every((entry) => entry.exitCode !== null || entry.signalCode !== null)) process.exit();
  });
}

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    stopping = true;
    stopAll(signal === 'SIGHUP' ? 'SIGTERM' : signal);
  });
}
process.on('exit', () => stopAll('SIGKILL'));
