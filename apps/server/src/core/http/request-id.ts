import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import net from 'node:net';
import type { AppConfig } from '../config/env.ts';

/** The header a proxy names its request id in, and the one the answer carries it back in. */
export const REQUEST_ID_HEADER = 'x-request-id';

/** What a proxy's id may look like: nginx's $request_id (32 hex digits), a UUID, a trace id; nothing that could carry a log line or markup. */
const SANE_REQUEST_ID = /^[A-Za-z0-9._:-]{8,128}$/;

/** An IPv4 client as a dual-stack socket reports it (::ffff:10.0.0.1). */
const IPV4_MAPPED = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i;

/**
 * Whether the socket's peer is one of the proxies TRUST_PROXY names: the same answer Fastify's
 * trustProxy gives for the peer (a hop count trusts whoever connects, so it is only for a server
 * that nobody reaches but through its proxies, decision 013).
 */
export function peerIsTrustedProxy(trustProxy: AppConfig['trustProxy']): (address: string | undefined) => boolean {
  if (trustProxy === false) return () => false;
  if (typeof trustProxy === 'number') return () => true;
  const proxies = new net.BlockList();
  for (const entry of trustProxy) {
    const [address = '', bits] = entry.split('/');
    const family = net.isIPv6(address) ? 'ipv6' : 'ipv4';
    if (bits === undefined) proxies.addAddress(address, family);
    else proxies.addSubnet(address, Number(bits), family);
  }
  return (address) => {
    if (!address) return false;
    const peer = address.replace(/%.*$/, '').replace(IPV4_MAPPED, '$1');
    return proxies.check(peer, net.isIPv6(peer) ? 'ipv6' : 'ipv4');
  };
}

/**
 * Fastify's genReqId: the X-Request-Id of a trusted proxy when it is a sane value, so that the
 * proxy's log and ours name a request alike; otherwise (no proxy, an untrusted peer, a missing or
 * odd value) a new UUID. A client cannot choose the id the log files its lines under.
 */
export function requestIdFrom(trustProxy: AppConfig['trustProxy']): (request: IncomingMessage) => string {
  const trusted = peerIsTrustedProxy(trustProxy);
  return (request) => {
    const given = request.headers[REQUEST_ID_HEADER];
    if (typeof given === 'string' && SANE_REQUEST_ID.test(given) && trusted(request.socket?.remoteAddress)) return given;
    return randomUUID();
  };
}
