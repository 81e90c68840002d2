import { Button, chakra, Field, HStack, NativeSelect } from '@chakra-ui/react';
import { useState } from 'react';
import { JOB_LIMITS, JOB_MESSAGES, type Job } from '@solutionz/shared';
import { toastFailure } from '@/components/ui/failure-toast';
import { toaster } from '@/components/ui/toaster';
import { useUpdateJobRevealCap } from '@/entities/jobs/api/my-jobs';

const { min, max } = JOB_LIMITS.revealCap;
const REVEAL_CAPS = Array.from({ length: max - min + 1 }, (_, index) => min + index);

/**
 * The client changes how many professionals may reveal a job's contact details. Limits
 * below the reveals so far cannot be chosen; should the count rise meanwhile, the API's refusal says why.
 * The list keys it by the saved cap, so a new cap from the API starts it afresh.
 */
export function RevealCapControl({ job }: { job: Job }) {
  const [cap, setCap] = useState(job.revealCap);
  const update = useUpdateJobRevealCap();
  return (
    <chakra.form
      aria-label={`Reveal limit for ${job.title}`}
      onSubmit={(event) => {
        event.preventDefault();
        update.mutate(
          { jobId: job.id, revealCap: cap },
          {
            onSuccess: () => toaster.success({ title: JOB_MESSAGES.revealCapSaved }),
            onError: (error) => toastFailure(error, { title: error.message }),
          },
        );
      }}
    >
      <Field.Root>
        <Field.Label>Reveal limit</Field.Label>
        <HStack gap="2">
          <NativeSelect.Root size="sm" width="24">
            <NativeSelect.Field value={cap} onChange={(event) => setCap(Number(event.currentTarget.value))}>
              {REVEAL_CAPS.map((option) => (
                <option key={option} value={option} disabled={option < job.revealCount}>
                  {option}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
          <Button type="submit" size="sm" variant="outline" disabled={cap === job.revealCap} loading={update.isPending}>
            Save limit
          </Button>
        </HStack>
        <Field.HelperText>
          How many professionals may see your contact details
          {job.revealCount > 0 ? `, not fewer than the ${job.revealCount} who already have` : ''}.
        </Field.HelperText>
      </Field.Root>
    </chakra.form>
  );
}
