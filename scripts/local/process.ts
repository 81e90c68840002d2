import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdirSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createSecureServer, type Http2ServerRequest } from 'node:http2';
import type { AddressInfo, Server } from 'node:net';
import type { TLSSocket } from 'node:tls';
import { dirname } from 'node:path';

export interface LocalService {
  readonly name: string;
  readonly url: string;
  stop(): Promise<void>;
}

export interface SpawnOptions {
  readonly name: string;
  readonly command: string;
  readonly args: readonly string[];
  readonly cwd?: string;
  readonly env?: NodeJS.ProcessEnv;
  /** The child's stdout and stderr go here, so a failure can point at its log. */
  readonly logFile: string;
}

interface ManagedProcess {
  readonly child: ChildProcess;
  /** Resolves when the process has exited; rejects never. */
  readonly exited: Promise<number | null>;
  stop(): Promise<void>;
}

const STOP_GRACE_MS = 5_000;

/** Process groups started and not yet stopped. */
const liveGroups = new Set<number>();

// Children run in their own process groups, so they do not die with the launcher by themselves:
// whatever way the launcher ends, take them along.
process.once('exit', () => {
  for (const pid of liveGroups) {
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }
});

/** Stops every process started here that is still running (for a Ctrl-C that comes mid-start). */
export function killAllManaged(): void {
  for (const pid of liveGroups) {
    try {
      process.kill(-pid, 'SIGTERM');
    } catch {
      // Already gone.
    }
  }
}

/**
 * Starts a server process in its own process group, so stopping it also stops anything it forked
 * (DynamoDB Local's JVM threads, Vite's esbuild service) and nothing outlives the launcher.
 */
function spawnManaged(options: SpawnOptions): ManagedProcess {
  mkdirSync(dirname(options.logFile), { recursive: true });
  const log = createWriteStream(options.logFile, { flags: 'a' });
  const child = spawn(options.command, [...options.args], {
    cwd: options.cwd,
    env: options.env ?? process.env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  if (child.pid !== undefined) liveGroups.add(child.pid);
  const exited = new Promise<number | null>((resolve) => {
    child.once('exit', (code) => resolve(code));
    child.once('error', (error) => {
      log.write(`\n[launcher] could not start ${options.command}: ${error.message}\n`);
      resolve(null);
    });
  });
  let stopping: Promise<void> | undefined;
  const signalGroup = (signal: NodeJS.Signals) => {
    // The group outlives its leader while a grandchild is in it, so signal it even after the exit.
    if (child.pid === undefined) return;
    try {
      process.kill(-child.pid, signal);
    } catch {
      // The group is already gone.
    }
  };
  const stop = () => {
    stopping ??= (async () => {
      signalGroup('SIGTERM');
      const timer = setTimeout(() => signalGroup('SIGKILL'), STOP_GRACE_MS);
      await exited;
      clearTimeout(timer);
      // Grandchildren that ignored SIGTERM must not keep a port.
      signalGroup('SIGKILL');
      if (child.pid !== undefined) liveGroups.delete(child.pid);
      await new Promise<void>((resolve) => log.end(resolve));
    })();
    return stopping;
  };
  return { child, exited, stop };
}

/** Polls `probe` until it returns true, failing with `what` and the log to read after `timeoutMs`. */
async function waitUntil(
  probe: () => Promise<boolean>,
  { what, timeoutMs, exited, logFile }: { what: string; timeoutMs: number; exited?: Promise<unknown>; logFile?: string },
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let processGone = false;
  void exited?.then(() => {
    processGone = true;
  });
  const see = logFile ? ` (see ${logFile})` : '';
  for (;;) {
    if (processGone) throw new Error(`${what} exited before it was ready${see}`);
    if (await probe().catch(() => false)) return;
    if (Date.now() > deadline) throw new Error(`${what} was not ready within ${timeoutMs / 1000} s${see}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** True once anything answers HTTP at `url` (any status: some emulators answer 400 to a bare GET). */
async function answersHttp(url: string): Promise<boolean> {
  const response = await fetch(url, { signal: AbortSignal.timeout(1_000) });
  await response.body?.cancel();
  return true;
}

/** Starts a process and resolves once `readyUrl` answers; stops it again if it never does. */
export async function startHttpProcess(
  options: SpawnOptions & { readonly url: string; readonly readyUrl?: string; readonly timeoutMs?: number },
): Promise<LocalService> {
  const managed = spawnManaged(options);
  try {
    await waitUntil(() => answersHttp(options.readyUrl ?? options.url), {
      what: options.name,
      timeoutMs: options.timeoutMs ?? 30_000,
      exited: managed.exited,
      logFile: options.logFile,
    });
  } catch (error) {
    await managed.stop();
    throw error;
  }
  return { name: options.name, url: options.url, stop: managed.stop };
}

/** Listens on 127.0.0.1 (port 0 picks a free one; the returned url names it); stopping closes it and drops its open connections. */
function listenOnLoopback(server: Server, name: string, port: number, scheme: 'http' | 'https', dropConnections: () => void): Promise<LocalService> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      resolve({
        name,
        url: `${scheme}://localhost:${(server.address() as AddressInfo).port}`,
        stop: () =>
          new Promise<void>((done) => {
            server.close(() => done());
            dropConnections();
          }),
      });
    });
  });
}

/**
 * How long the local servers keep an idle connection open for its next request. With Node's default (5 s) a client
 * that reuses a connection just as the server closes it sends its request into the closing socket and gets ECONNRESET
 * (a browser test's route.fetch of a POST did, once in CI); a minute, as load balancers keep them, makes that rare.
 * The headers' timeout goes beyond it, as Node asks.
 */
const KEEP_ALIVE_MS = 65_000;

/** An in-process HTTP server on 127.0.0.1 (port 0 picks a free one; the returned url names it), stopped with its open connections. */
export function serveHttp(name: string, port: number, listener: (req: IncomingMessage, res: ServerResponse) => void): Promise<LocalService> {
  const server = createServer(listener);
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  server.headersTimeout = KEEP_ALIVE_MS + 1_000;
  return listenOnLoopback(server, name, port, 'http', () => server.closeAllConnections());
}

/** A key and certificate for TLS on localhost. */
export interface LocalTls {
  readonly key: Buffer;
  readonly cert: Buffer;
}

/**
 * `listener` over HTTP/2 with TLS, as CloudFront serves viewers (HTTP/1.1 too, for clients without HTTP/2). Node's
 * compatibility API gives the listener request and response objects like HTTP/1.1's; the request's pseudo-headers are
 * taken out of its headers, `:authority` becoming its `host`.
 */
export function serveHttp2(name: string, port: number, tls: LocalTls, listener: (req: IncomingMessage, res: ServerResponse) => void): Promise<LocalService> {
  const server = createSecureServer({ ...tls, allowHTTP1: true }, (req: Http2ServerRequest | IncomingMessage, res) => {
    if (req.httpVersionMajor === 2) {
      // The address, method and host as the request's own, before the pseudo-headers they are read from go.
      const { url, method, authority } = req as Http2ServerRequest;
      Object.defineProperties(req, { url: { value: url, writable: true }, method: { value: method } });
      req.headers.host ??= authority;
      for (const name of Object.keys(req.headers)) if (name.startsWith(':')) delete req.headers[name];
    }
    // The two APIs answer alike for what the local servers use (writeHead, setHeader, end, pipe, 'finish').
    listener(req as IncomingMessage, res as unknown as ServerResponse);
  });
  // Every connection, HTTP/2 or HTTP/1.1: a TLS server has no closeAllConnections.
  const connections = new Set<TLSSocket>();
  server.on('secureConnection', (socket: TLSSocket) => {
    connections.add(socket);
    socket.once('close', () => connections.delete(socket));
  });
  return listenOnLoopback(server, name, port, 'https', () => connections.forEach((socket) => socket.destroy()));
}
