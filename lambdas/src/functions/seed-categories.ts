import type { CloudFormationCustomResourceEvent } from 'aws-lambda';
import { z } from 'zod';
import { createDocumentClient } from '../adapters/dynamodb';
import { createCategoryRepository } from '../data/category-repository';
import { seedCategories } from '../data/seed-categories';
import { runSeedResource } from '../services/category-seed-resource';

/** The Data stack's custom resource: seeds the category taxonomy into the table on every deploy. */
const env = z.object({ AWS_REGION: z.string().min(1), TABLE_NAME: z.string().min(1) }).parse(process.env);
const categories = createCategoryRepository(createDocumentClient(env.AWS_REGION), env.TABLE_NAME);

export async function handler(event: CloudFormationCustomResourceEvent): Promise<void> {
  await runSeedResource(event, {
    seed: () => seedCategories({ categories }),
    async respond(url, body) {
      const text = JSON.stringify(body);
      // The presigned URL was signed without a content type: sending one would break the signature.
      const response = await fetch(url, { method: 'PUT', headers: { 'content-type': '', 'content-length': String(Buffer.byteLength(text)) }, body: text });
      if (!response.ok) throw new Error(`CloudFormation refused the answer: ${response.status}`);
    },
  });
}
