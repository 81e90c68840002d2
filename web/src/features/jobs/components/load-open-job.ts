import type { ComponentType } from 'react';
import type { OpenJobProps } from './open-job-dialog';

type OpenJob = ComponentType<OpenJobProps>;

let loaded: OpenJob | undefined;
let loading: Promise<OpenJob> | undefined;

/** The open job's dialog once its chunk is in, else undefined. */
export const loadedOpenJob = (): OpenJob | undefined => loaded;

/**
 * Loads the open job's dialog: its chunk (a dialog's focus trap, layers and portal, about 20 KB gzip) is not part of
 * the board's, which a visitor reads without opening a job.
 */
export function loadOpenJob(): Promise<OpenJob> {
  loading ??= import('./open-job-dialog').then(
    ({ OpenJob }) => (loaded = OpenJob),
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/**
 * Whether the board's screen loads with the dialog: in the browser when the address opens a job (`?job=`), so that a
 * page drawn with a job open hydrates with the dialog in place rather than waiting for it; always on the server, which
 * draws it in place too.
 */
export const addressOpensJob = (): boolean => typeof window === 'undefined' || new URLSearchParams(window.location.search).has('job');
