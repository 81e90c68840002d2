import { createServer } from 'node:net';

/** Default local ports (docs/local-stack.md#other-stacks-on-this-machine); a run with an offset shifts every one of them. */
export const BASE_PORTS = {
  web: 5173,
  /** The local edge's HTTPS and HTTP/2 listener, which the web benchmark measures through (LocalStackOptions.secureWeb). */
  webSecure: 5443,
  gateway: 3001,
  dynamodb: 8000,
  cognito: 9229,
  cognitoProxy: 9230,
  /** The Lambda Invoke endpoint cognito-local calls for the user pool's triggers (lambda-invoke.ts). */
  lambdaInvoke: 9231,
  s3: 4569,
  ses: 8005,
  stripe: 12111,
} as const;

export type PortName = keyof typeof BASE_PORTS;
export type Ports = Record<PortName, number>;

export function portsFor(offset: number): Ports {
  return Object.fromEntries(Object.entries(BASE_PORTS).map(([name, port]) => [name, port + offset])) as Ports;
}

/** The offset from `SOLUTIONZ_PORT_OFFSET`, 0 when unset. */
export function portOffsetFromEnv(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.SOLUTIONZ_PORT_OFFSET?.trim();
  if (!raw) return 0;
  const offset = Number(raw);
  if (!Number.isInteger(offset) || offset < 0 || offset > 50_000) {
    throw new Error(`SOLUTIONZ_PORT_OFFSET must be a whole number from 0 to 50000, not "${raw}"`);
  }
  return offset;
}

function canListen(port: number, host: string): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', (error: NodeJS.ErrnoException) => {
      // A machine without IPv6 cannot have the port taken on ::1.
      resolve(error.code === 'EADDRNOTAVAIL' || error.code === 'EAFNOSUPPORT');
    });
    server.listen({ port, host, exclusive: true }, () => server.close(() => resolve(true)));
  });
}

/** True when nothing listens on the port on any local address. */
export async function isPortFree(port: number): Promise<boolean> {
  return (await canListen(port, '0.0.0.0')) && (await canListen(port, '::1'));
}

/** The ports of `ports` that something else already holds. */
export async function busyPorts(ports: Partial<Ports>): Promise<{ name: PortName; port: number }[]> {
  const checks = await Promise.all((Object.entries(ports) as [PortName, number][]).map(async ([name, port]) => ({ name, port, free: await isPortFree(port) })));
  return checks.filter((c) => !c.free).map(({ name, port }) => ({ name, port }));
}

/**
 * Ports that browsers and Node's fetch refuse to connect to (the WHATWG Fetch standard's "bad ports"):
 * a server there would run, but nothing could reach it.
 */
const FETCH_BLOCKED_PORTS: ReadonlySet<number> = new Set([
  1, 7, 9, 11, 13, 15, 17, 19, 20, 21, 22, 23, 25, 37, 42, 43, 53, 69, 77, 79, 87, 95, 101, 102, 103, 104, 109, 110, 111, 113, 115, 117, 119, 123, 135, 137,
  139, 143, 161, 179, 389, 427, 465, 512, 513, 514, 515, 526, 530, 531, 532, 540, 548, 554, 556, 563, 587, 601, 636, 989, 990, 993, 995, 1719, 1720, 1723, 2049,
  3659, 4045, 4190, 5060, 5061, 6000, 6566, 6665, 6666, 6667, 6668, 6669, 6679, 6697, 10080,
]);

/** The ports of `ports` that browsers and fetch refuse to use. */
export function blockedPorts(ports: Partial<Ports>): { name: PortName; port: number }[] {
  return (Object.entries(ports) as [PortName, number][]).filter(([, port]) => FETCH_BLOCKED_PORTS.has(port)).map(([name, port]) => ({ name, port }));
}

/** `npm test` and `npm run test:e2e` run stacks of their own beside a developer's `npm start` (offset 0). */
const TEST_PORT_OFFSETS = { test: 100, e2e: 200 } as const;

/** The port offset of `npm test`'s own stack: SOLUTIONZ_TEST_PORT_OFFSET when set (two checkouts side by side), else 100. */
export function testPortOffset(env: NodeJS.ProcessEnv = process.env): number {
  return env.SOLUTIONZ_TEST_PORT_OFFSET ? portOffsetFromEnv({ SOLUTIONZ_PORT_OFFSET: env.SOLUTIONZ_TEST_PORT_OFFSET }) : TEST_PORT_OFFSETS.test;
}

/** The port offset of `npm run test:e2e`'s own stack: SOLUTIONZ_E2E_PORT_OFFSET when set (two runs side by side), else 200. */
export function e2ePortOffset(env: NodeJS.ProcessEnv = process.env): number {
  return env.SOLUTIONZ_E2E_PORT_OFFSET ? portOffsetFromEnv({ SOLUTIONZ_PORT_OFFSET: env.SOLUTIONZ_E2E_PORT_OFFSET }) : TEST_PORT_OFFSETS.e2e;
}
