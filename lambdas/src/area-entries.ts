import type { Area } from '@solutionz/shared';

/**
 * The file of an area's Lambda entry in lambdas/src/functions: the area's name (a camelCase identifier in the route
 * table) in kebab-case, as every file name is, so `stripeWebhook` is `stripe-webhook.ts`. Infra bundles the function
 * from it and the local stack loads it by it.
 */
export function areaEntryFile(area: Area): string {
  return `${area.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}.ts`;
}
