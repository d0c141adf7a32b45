import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/test-app.ts';

/**
 * A body trickled in slowly does not hold a connection (finding 8): the request must arrive whole
 * within REQUEST_TIMEOUT_SECONDS (30 by default; 1 here, so the test is quick).
 */

let port: number;

const testApp = useTestApp({ env: { REQUEST_TIMEOUT_SECONDS: '1' } });
beforeAll(async () => {
  await testApp.app.listen({ port: 0, host: '127.0.0.1' });
  port = (testApp.app.server.address() as AddressInfo).port;
});

/** Sends the head of a POST, then one byte of its body every `everyMs`; resolves when the server ends the connection. */
function trickle(everyMs: number, giveUpMs: number): Promise<{ closedAfterMs: number | null; answer: string }> {
  return new Promise((resolve) => {
    const started = Date.now();
    const socket = net.connect(port, '127.0.0.1');
    let answer = '';
    let timer: NodeJS.Timeout | undefined;
    const finish = (closed: boolean) => {
      clearInterval(timer);
      clearTimeout(giveUp);
      socket.destroy();
      resolve({ closedAfterMs: closed ? Date.now() - started : null, answer });
    };
    const giveUp = setTimeout(() => finish(false), giveUpMs);
    socket.on('connect', () => {
      socket.write(
        'POST /api/account/IsInfoExist HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 10000\r\n\r\n{',
      );
      timer = setInterval(() => {
        if (!socket.destroyed && socket.writable) socket.write(' ');
      }, everyMs);
    });
    socket.on('data', (chunk) => (answer += chunk.toString()));
    socket.on('close', () => finish(true));
    socket.on('error', () => undefined);
  });
}

describe('request time-out', () => {
  it('drops a request whose body trickles in for longer than the time-out', async () => {
    const { closedAfterMs, answer } = await trickle(100, 8_000);
    expect(closedAfterMs, 'the server kept the trickling connection open').not.toBeNull();
    expect(closedAfterMs!).toBeLessThan(4_000);
    if (answer) expect(answer).toMatch(/^HTTP\/1\.1 408/);
  });

  it('still answers a request that arrives in time', async () => {
    const response = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(response.status).toBe(200);
  });
});
