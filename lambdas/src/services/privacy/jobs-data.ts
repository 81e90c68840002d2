import type { JobsRepository } from '../../data/jobs-repository';
import type { Eraser, ExportSection } from './personal-data';

/** The jobs a client posted, with their contact details and lead counts. */
export function jobsPostedSection(jobs: JobsRepository): ExportSection {
  return {
    name: 'jobsPosted',
    async collect({ userId }) {
      const posted = await jobs.listByOwner(userId);
      return Promise.all(
        posted.map(async (job) => ({
          title: job.title,
          description: job.description,
          categories: job.categories,
          budget: job.budget ?? null,
          budgetType: job.budgetType ?? null,
          location: job.locationName,
          postedAt: job.postedAt,
          revealCount: job.revealCount,
          revealCap: job.revealCap,
          contact: (await jobs.getContact(job.jobId)) ?? null,
        })),
      );
    },
  };
}

/**
 * The jobs a provider revealed and saved, and the verified jobs: for each client whose job they revealed
 * (whose feedback on them shows "Verified job"), the first such job and when, without the client's id.
 */
export function jobActivitySection(jobs: JobsRepository): ExportSection {
  return {
    name: 'jobActivity',
    async collect({ userId }) {
      const [revealed, saved, verified] = await Promise.all([jobs.listRevealedJobIds(userId), jobs.listSaved(userId), jobs.listVerifiedClients(userId)]);
      return {
        revealed,
        saved: saved.map(({ jobId, savedAt }) => ({ jobId, savedAt })),
        verifiedJobs: verified.map(({ jobId, revealedAt }) => ({ jobId, revealedAt })),
      };
    },
  };
}

/**
 * A client's jobs go with their reveals and saves; a provider's reveals and saves go (the jobs' lead
 * counts stay: the interest was real and the cap still holds); so do the verified-job markers naming
 * the person, either way round.
 */
export function jobsEraser(jobs: JobsRepository): Eraser {
  return {
    name: 'jobs',
    async erase({ userId }) {
      for (const job of await jobs.listByOwner(userId)) await jobs.delete(job.jobId, userId);
      await jobs.removeProviderActivity(userId);
      await jobs.removeVerifiedClients(userId);
    },
  };
}
