import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { blockedPorts, isPortFree, portOffsetFromEnv, portsFor } from './ports';

describe('local ports', () => {
  it('shifts every port by the offset', () => {
    expect(portsFor(100)).toMatchObject({ web: 5273, gateway: 3101, dynamodb: 8100, cognitoProxy: 9330, ses: 8105, stripe: 12211 });
  });

  it('names the ports of an offset that browsers and fetch refuse, such as 6669 for S3 at 2100', () => {
    expect(blockedPorts(portsFor(2100))).toEqual([{ name: 's3', port: 6669 }]);
    expect(blockedPorts(portsFor(2150))).toEqual([]);
    expect(blockedPorts(portsFor(0))).toEqual([]);
  });

  it('rejects an offset that is not a whole number', () => {
    expect(() => portOffsetFromEnv({ SOLUTIONZ_PORT_OFFSET: 'abc' })).toThrow(/SOLUTIONZ_PORT_OFFSET/);
    expect(portOffsetFromEnv({})).toBe(0);
  });

  it('sees a port held on 127.0.0.1 as busy, and free again once released', async () => {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    expect(await isPortFree(port)).toBe(false);
    await new Promise((resolve) => server.close(resolve));
    expect(await isPortFree(port)).toBe(true);
  });
});
