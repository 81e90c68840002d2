import { z } from 'zod';
import { createOriginSecretRotationFor, type RotationEvent } from '../adapters/origin-secret-rotation';
import { createLogger } from '../http/logger';
import { ORIGIN_VERIFY_HEADER } from '../http/origin-guard';

/**
 * The origin secret's rotation function (Web stack), called by Secrets Manager on its schedule: it
 * tells CloudFront the new value of the header it adds on the way to the API.
 */
const env = z.object({ DISTRIBUTION_ID: z.string().min(1), AWS_REGION: z.string().min(1), STAGE: z.string().min(1) }).parse(process.env);
const logger = createLogger({ stage: env.STAGE, serviceName: 'solutionz-origin-secret-rotation' });
const rotate = createOriginSecretRotationFor(env.AWS_REGION, env.DISTRIBUTION_ID, ORIGIN_VERIFY_HEADER);

export async function handler(event: RotationEvent): Promise<void> {
  logger.info('Rotating the origin secret', { step: event.Step, version: event.ClientRequestToken });
  await rotate(event);
}
