import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** This run's directory for cloud assemblies and stand-in web builds (see synth.ts). */
    infraScratchDir: string;
  }
}

/**
 * One directory for everything the infra tests write. Vitest calls the teardown when the run ends, failed
 * or not, so nothing is left in the OS temp dir.
 */
export default function setup(project: TestProject): () => void {
  const dir = mkdtempSync(join(tmpdir(), 'solutionz-infra-'));
  project.provide('infraScratchDir', dir);
  return () => rmSync(dir, { recursive: true, force: true });
}
