import type { MembershipPlan } from '@solutionz/shared';
import type { LocalAccount } from './accounts';

/*
 * The demo accounts as data: `npm start` prints the logins on every start, so this module loads nothing
 * heavy. What writes them (demo-accounts.ts) loads only on a start that makes the demo data.
 */

/** A demo provider's membership, bought through the local Stripe when the demo data is loaded. */
export interface DemoMembership {
  readonly plan: MembershipPlan;
  /** Cancelled at the end of the paid period, as Cancel on the subscription card does. */
  readonly cancelAtPeriodEnd?: boolean;
}

export interface DemoUser extends LocalAccount {
  readonly membership?: DemoMembership;
}

/**
 * Demo sign-ins printed by `npm start`: one account of each type, confirmed. The provider has no
 * membership, so a newcomer can try the checkout; the member shows a provider's side with one.
 */
export function demoUsers(adminEmailDomain: string): readonly DemoUser[] {
  return [
    { accountType: 'admin', email: `admin@${adminEmailDomain}`, password: 'Demo-admin-1', firstName: 'Demo', lastName: 'Admin' },
    { accountType: 'client', email: 'client@solutionz.local', password: 'Demo-client-1', firstName: 'Chloe', lastName: 'Clarke' },
    { accountType: 'provider', email: 'provider@solutionz.local', password: 'Demo-provider-1', firstName: 'Priya', lastName: 'Patel' },
    {
      accountType: 'provider',
      email: 'member@solutionz.local',
      password: 'Demo-member-1',
      firstName: 'Marcus',
      lastName: 'Reid',
      location: 'Manchester',
      businessName: 'Reid Electrical Services',
      phoneNumber: '+44 161 496 0123',
      categories: ['Construction/Trade > Electrician'],
      membership: { plan: 'yearly' },
    },
  ];
}

/**
 * The providers that fill the directory around the printed logins (not printed; they share the demo
 * provider's password): members on each plan, one leaving at the end of its year, and one without.
 * Phone numbers are from Ofcom's ranges reserved for drama.
 */
export function demoProviders(): readonly DemoUser[] {
  const password = 'Demo-provider-1';
  return [
    {
      accountType: 'provider',
      email: 'thistle-roofing@solutionz.local',
      password,
      firstName: 'Fiona',
      lastName: 'MacLeod',
      location: 'Glasgow',
      businessName: 'Thistle Roofing Ltd',
      phoneNumber: '+44 141 496 0451',
      categories: ['Construction/Trade > Roofer'],
      membership: { plan: 'monthly' },
    },
    {
      accountType: 'provider',
      email: 'taff-valley-tiling@solutionz.local',
      password,
      firstName: 'Rhys',
      lastName: 'Evans',
      location: 'Cardiff',
      businessName: 'Taff Valley Tiling',
      phoneNumber: '+44 29 2018 0732',
      categories: ['Construction/Trade > Tiler', 'Painting, Decorating and Interior Design > Kitchen Fitting'],
      membership: { plan: 'yearly', cancelAtPeriodEnd: true },
    },
    {
      accountType: 'provider',
      email: 'bramley-bookkeeping@solutionz.local',
      password,
      firstName: 'Hannah',
      lastName: 'Brooks',
      location: 'Leeds',
      businessName: 'Bramley Bookkeeping',
      phoneNumber: '+44 113 496 0318',
      categories: ['Legal and Financial Services > Bookkeeping', 'Legal and Financial Services > Tax Advice'],
      membership: { plan: 'monthly' },
    },
    {
      accountType: 'provider',
      email: 'harbourside-photography@solutionz.local',
      password,
      firstName: 'Grace',
      lastName: 'Okafor',
      location: 'Bristol',
      businessName: 'Harbourside Photography',
      phoneNumber: '+44 117 496 0587',
      categories: ['Music, Photography and Visuals > Photography', 'Events > Weddings'],
      membership: { plan: 'yearly' },
    },
    {
      accountType: 'provider',
      email: 'fine-city-paws@solutionz.local',
      password,
      firstName: 'Tom',
      lastName: 'Hughes',
      location: 'Norwich',
      businessName: 'Fine City Paws',
      phoneNumber: '+44 1632 960 214',
      categories: ['Pets/Animals > Dog Walking', 'Pets/Animals > Pet Sitting'],
    },
  ];
}
