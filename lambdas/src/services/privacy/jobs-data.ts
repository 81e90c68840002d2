import type { JobsRepository } from '../../data/jobs-repository';
import type { Eraser, ExportSection } from './personal-data';

/** The jobs a client posted, with their contact details and lead counts (issue 12). */
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

/** The jobs a provider revealed and saved. */
export function jobActivitySection(jobs: JobsRepository): ExportSection {
  return {
    name: 'jobActivity',
    async collect({ userId }) {
      const [revealed, saved] = await Promise.all([jobs.listRevealedJobIds(userId), jobs.listSaved(userId)]);
      return { revealed, saved: saved.map(({ jobId, savedAt }) => ({ jobId, savedAt })) };
    },
  };
}

/**
 * A client's jobs go with their reveals and saves; a provider's reveals and saves go (the jobs' lead
 * counts stay: the interest was real and the cap still holds).
 */
export function jobsEraser(jobs: JobsRepository): Eraser {
  return {
    name: 'jobs',
    async erase({ userId }) {
      for (const job of await jobs.listByOwner(userId)) await jobs.delete(job.jobId, userId);
      await jobs.removeProviderActivity(userId);
    },
  };
}
