import { existsSync, readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { networkInterfaces } from 'node:os';
import { describe, expect, it } from 'vitest';
// The endpoints the connected project's global setup provides, typed (scripts do not include that file).
import type {} from '@solutionz/lambdas/testing/local-endpoint';
import { localEndpoint } from '@solutionz/lambdas/testing/local-endpoint';
import { serveHttp } from './process';

/**
 * Every server of the local stack listens on 127.0.0.1 only, so nobody else on the network reaches its
 * data (DynamoDB Local has no option for it: scripts/local/DynamoDbLocalOnLoopback.java). The servers
 * the connected project starts are the ones the stack starts; the stack's own (gateway, edge, local Stripe,
 * Cognito proxy) are serveHttp's.
 */

const IPV4_LOOPBACK = '0100007F';
const IPV4_MAPPED_LOOPBACK = '0000000000000000FFFF00000100007F';
const IPV6_LOOPBACK = '00000000000000000000000001000000';

/** The local addresses (hex, as the kernel lists them) on which something listens on TCP `port`. */
function listeningAddresses(port: number): string[] {
  const hexPort = port.toString(16).toUpperCase().padStart(4, '0');
  return ['/proc/net/tcp', '/proc/net/tcp6'].flatMap((table) =>
    readFileSync(table, 'utf8')
      .split('\n')
      .slice(1)
      .map((line) => line.trim().split(/\s+/))
      // Columns: sl, local address:port, remote address:port, state (0A is LISTEN), ...
      .filter((columns) => columns[3] === '0A' && columns[1]?.endsWith(`:${hexPort}`))
      .map((columns) => columns[1]!.split(':')[0]!),
  );
}

/** Whether a TCP connection to `host:port` is taken. */
function accepts(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host, port, timeout: 2_000 });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(false));
  });
}

/** This machine's addresses that others on the network would use. */
const outwardAddresses = Object.values(networkInterfaces())
  .flat()
  .filter((address) => address && !address.internal && address.family === 'IPv4')
  .map((address) => address!.address);

const servers = (): [string, number][] =>
  (
    [
      ['DynamoDB Local', localEndpoint('dynamodbEndpoint')],
      ['cognito-local', localEndpoint('cognitoLocalEndpoint')],
      ['the Cognito proxy', localEndpoint('cognitoEndpoint')],
      ['the local SES', localEndpoint('sesEndpoint')],
      ['s3rver', localEndpoint('s3Endpoint')],
    ] as const
  ).map(([name, url]) => [name, Number(new URL(url).port)]);

describe.runIf(existsSync('/proc/net/tcp'))('the local servers', () => {
  it.each(servers())('%s listens on 127.0.0.1 and nowhere else', async (_name, port) => {
    const addresses = listeningAddresses(port);
    expect(addresses.length).toBeGreaterThan(0);
    for (const address of addresses) expect([IPV4_LOOPBACK, IPV4_MAPPED_LOOPBACK, IPV6_LOOPBACK]).toContain(address);
    expect(await accepts('127.0.0.1', port)).toBe(true);
    for (const outward of outwardAddresses) expect(await accepts(outward, port), outward).toBe(false);
  });

  it('serves the stack’s own servers (gateway, edge, local Stripe, Cognito proxy) on 127.0.0.1 only', async () => {
    const service = await serveHttp('probe', 0, (_req, res) => res.end());
    try {
      const port = Number(new URL(service.url).port);
      expect(listeningAddresses(port)).toEqual([IPV4_LOOPBACK]);
    } finally {
      await service.stop();
    }
  });
});
