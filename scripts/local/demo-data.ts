import type { PoolUser } from './user-pool';

/**
 * Demo sign-ins printed by `npm start`. Provider profiles, jobs and feedback join the demo data with
 * the issues that build those areas.
 */
export const DEMO_USERS: readonly (PoolUser & { role: string })[] = [
  { role: 'admin', email: 'admin@solutionz.local', password: 'Demo-admin-1', groups: ['admin'], name: 'Demo Admin' },
  { role: 'client', email: 'client@solutionz.local', password: 'Demo-client-1', groups: ['client'], name: 'Chloe Client' },
  { role: 'provider', email: 'provider@solutionz.local', password: 'Demo-provider-1', groups: ['provider'], name: 'Priya Provider' },
];
