import { execFile } from 'node:child_process';
import { blockedPorts, busyPorts, portsFor, type Ports } from './ports';

/** A problem the person starting the stack has to fix; its message says how. */
export class LaunchError extends Error {
  override name = 'LaunchError';
}

const MIN_JAVA = 17;

/** DynamoDB Local is a Java program: check for Java 17+ before anything starts (side by side with the port checks). */
export async function checkJava(): Promise<void> {
  const result = await new Promise<{ missing: boolean; output: string }>((resolve) => {
    // An error with a code that is a name (ENOENT) is one of starting it; a number is its exit status.
    execFile('java', ['-XX:-UsePerfData', '-version'], { encoding: 'utf8' }, (error, stdout, stderr) =>
      resolve({ missing: typeof error?.code === 'string', output: `${stderr}${stdout}` }),
    );
  });
  if (result.missing) {
    throw new LaunchError(
      `Java ${MIN_JAVA} or later is needed for DynamoDB Local, and no \`java\` was found on PATH.\n` +
        `Install it (Debian/Ubuntu: \`sudo apt-get install -y openjdk-${MIN_JAVA}-jre-headless\`; macOS: \`brew install openjdk@${MIN_JAVA}\`) and run the command again.`,
    );
  }
  const { output } = result;
  const version = /version "(\d+)(?:\.(\d+))?/.exec(output);
  const major = version ? (version[1] === '1' ? Number(version[2]) : Number(version[1])) : NaN;
  if (!(major >= MIN_JAVA)) {
    throw new LaunchError(
      `Java ${MIN_JAVA} or later is needed for DynamoDB Local; \`java -version\` reports:\n  ${output.trim().split('\n')[0]}\n` +
        `Install Java ${MIN_JAVA}+ and put it first on PATH (or set JAVA_HOME), then run the command again.`,
    );
  }
}

/** Every port the stack needs must be usable and free; otherwise say which, and how to get going. */
export async function checkPorts(ports: Partial<Ports>, offset: number): Promise<void> {
  const blocked = blockedPorts(ports);
  if (blocked.length > 0) {
    let usable = offset + 50;
    while (blockedPorts(portsFor(usable)).length > 0) usable += 50;
    throw new LaunchError(
      `With the port offset ${offset}, these ports are ones browsers and fetch refuse to connect to:\n${blocked.map(({ name, port }) => `  ${port} (${name})`).join('\n')}\n` +
        `Choose another offset, e.g. ${usable}.`,
    );
  }
  const busy = await busyPorts(ports);
  if (busy.length === 0) return;
  const list = busy.map(({ name, port }) => `  ${port} (${name})`).join('\n');
  throw new LaunchError(
    `These ports are already in use:\n${list}\n` +
      `Another \`npm start\` may be running: stop it (Ctrl-C in its terminal), or find the process with \`ss -ltnp | grep -E ':(${busy.map((b) => b.port).join('|')})\\b'\` and stop it.\n` +
      `Or run on other ports: SOLUTIONZ_PORT_OFFSET=${offset + 1000} npm start`,
  );
}
