#!/usr/bin/env node
// `node scripts/wait-ready.mjs PORT [SECONDS]`: exits 0 once the instance on 127.0.0.1:PORT is ready
// (GET /api/ready), 1 when it is not within SECONDS (default 60). The systemd unit's ExecStartPost
// (deploy/testerhub.service) and a deploy script's step between two instances of a rolling restart.
import { waitReady } from './cluster-lib.mjs';

const port = Number(process.argv[2]);
const seconds = Number(process.argv[3] ?? 60);
if (!Number.isInteger(port) || port < 1 || port > 65535 || !(seconds > 0)) {
  console.error('Usage: node scripts/wait-ready.mjs PORT [SECONDS]');
  process.exit(2);
}
try {
  await waitReady(port, { timeoutMs: seconds * 1000 });
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
