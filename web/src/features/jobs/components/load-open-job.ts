import type { ComponentType } from 'react';
import { loadOnce } from '@/lib/load-once';
import type { OpenJobProps } from './open-job-dialog';

type OpenJob = ComponentType<OpenJobProps>;

/**
 * The open job's dialog: its chunk (a dialog's focus trap, layers and portal, about 20 KB gzip) is not part of the
 * board's, which a visitor reads without opening a job. `loadedOpenJob` is the dialog once its chunk is in, else undefined.
 */
const openJob = loadOnce<OpenJob>(() => import('./open-job-dialog').then(({ OpenJob }) => OpenJob));
export const loadOpenJob = openJob.load;
export const loadedOpenJob = openJob.loaded;

/**
 * Whether the board's screen loads with the dialog: in the browser when the address opens a job (`?job=`), so that a
 * page rendered with a job open hydrates with the dialog in place rather than waiting for it; always on the server, which
 * renders it in place too.
 */
export const addressOpensJob = (): boolean => typeof window === 'undefined' || new URLSearchParams(window.location.search).has('job');
