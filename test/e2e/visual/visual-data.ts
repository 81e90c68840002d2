import type { DemoDirectoryProvider } from '../../../scripts/local/demo-directory';
import type { DemoJob } from '../../../scripts/local/demo-jobs';
import type { DemoPortfolioItem } from '../../../scripts/local/demo-portfolio';

/**
 * The data the screenshots show, the same on every run: fixed names, ids and times, written by
 * data.setup.ts. It lives in Truro and in the Fitness, Health and Wellbeing group, where no other test
 * puts anyone, so the pages that list people (a search, a category, the job board) show these only.
 */

/** The moment the data was made and the browsers' clocks stand still at. */
export const VISUAL_NOW = new Date('2026-03-02T10:00:00Z');

export const VISUAL_TOWN = 'Truro';
export const VISUAL_GROUP_SLUG = 'fitness-health-and-wellbeing';

const yearly = { tier: 'yearly', cancelAtPeriodEnd: false } as const;
const sector = (name: string, lat: number, lng: number) => ({ name, lat, lng, precision: 'sector' }) as const;

/** Listed members, as the demo directory's are (complimentary memberships, no sign-ins), signed up at VISUAL_NOW as the baselines were drawn. */
export const VISUAL_PROVIDERS: readonly DemoDirectoryProvider[] = [
  {
    userId: '5c0a7e1a-0000-4000-8000-000000000001',
    email: 'cornish-coast-yoga@visual.solutionz.test',
    firstName: 'Tamsin',
    lastName: 'Penrose',
    businessName: 'Cornish Coast Yoga',
    phoneNumber: '+44 7700 900801',
    town: VISUAL_TOWN,
    place: sector('TR1 2', 50.2608, -5.053),
    categories: ['Fitness, Health and Wellbeing > Yoga', 'Fitness, Health and Wellbeing > Massage'],
    skills: ['Hatha', 'Vinyasa', 'Pregnancy yoga', 'Beginners'],
    bio: 'Small, friendly yoga classes in Truro and on the beach at Gyllyngvase in summer. Beginners are always welcome; mats are provided.',
    reviews: [
      {
        authorName: 'Morwenna P.',
        rating: 5,
        title: 'Calm and welcoming',
        description: 'My first ever class and I never felt out of place.',
        daysAgo: 3,
        reply: 'Thank you, Morwenna! See you on Thursday.',
      },
      { authorName: 'Kit R.', rating: 5, title: 'Best class in Cornwall', daysAgo: 21 },
      { authorName: 'Lowen T.', rating: 4, title: 'Lovely studio', description: 'Gets busy on Saturdays, so book ahead.', daysAgo: 48 },
    ],
    membership: yearly,
    isVisible: true,
    joinedDaysAgo: 0,
  },
  {
    userId: '5c0a7e1a-0000-4000-8000-000000000002',
    email: 'truro-strength-coaching@visual.solutionz.test',
    firstName: 'Jory',
    lastName: 'Trevithick',
    businessName: 'Truro Strength Coaching',
    phoneNumber: '+44 7700 900802',
    town: VISUAL_TOWN,
    place: sector('TR1 3', 50.2635, -5.0649),
    categories: ['Fitness, Health and Wellbeing > Personal Training'],
    skills: ['Strength training', 'Weight loss', 'Outdoor sessions'],
    bio: 'One-to-one and small group training in the park or at your home, with a plan you can keep to.',
    reviews: [{ authorName: 'Senara B.', rating: 4, title: 'Motivating sessions', daysAgo: 12 }],
    membership: yearly,
    isVisible: true,
    joinedDaysAgo: 0,
  },
  {
    userId: '5c0a7e1a-0000-4000-8000-000000000003',
    email: 'kernow-physiotherapy@visual.solutionz.test',
    firstName: 'Demelza',
    lastName: 'Hocking',
    businessName: 'Kernow Physiotherapy',
    phoneNumber: '+44 7700 900803',
    town: VISUAL_TOWN,
    place: sector('TR4 8', 50.2647, -5.1597),
    categories: ['Fitness, Health and Wellbeing > Physiotherapy'],
    skills: ['Sports injuries', 'Back pain', 'HCPC registered'],
    bio: 'Physiotherapy for sports injuries and back pain, with home visits across west Cornwall.',
    reviews: [],
    membership: yearly,
    isVisible: true,
    joinedDaysAgo: 0,
  },
];

/** The provider whose page is photographed with each of its tabs. */
export const VISUAL_PROVIDER = VISUAL_PROVIDERS[0]!;

export const VISUAL_PORTFOLIO: readonly DemoPortfolioItem[] = [
  { title: 'Sunrise class on the beach', description: 'Summer mornings at Gyllyngvase, all levels.', scenes: [{ scene: 'garden', hue: 160 }] },
  {
    title: 'The new studio',
    description: 'Our room above the market: light, warm and quiet.',
    scenes: [
      { scene: 'room', hue: 40 },
      { scene: 'room', hue: 190 },
    ],
  },
];

const DAY_MS = 86_400_000;
const client = {
  ownerId: 'visual-client-morwenna',
  contact: { contactName: 'Morwenna Pascoe', contactEmail: 'morwenna@visual.solutionz.test', contactPhone: '07700 900811' },
};

export const VISUAL_JOBS: readonly DemoJob[] = [
  {
    jobId: '5c0a7e1a-0000-4000-8000-0000000000a1',
    ...client,
    title: 'Yoga lessons for two beginners',
    description: 'My partner and I would like a few private lessons at home before joining a class. Weekday evenings suit us.',
    categories: ['Fitness, Health and Wellbeing > Yoga'],
    budget: '£30 per hour',
    budgetType: 'hourly',
    town: VISUAL_TOWN,
    place: sector('TR1 1', 50.2655, -5.0445),
    postedAt: new Date(VISUAL_NOW.getTime() - 2 * DAY_MS).toISOString(),
    revealCap: 5,
    reveals: [],
  },
  {
    jobId: '5c0a7e1a-0000-4000-8000-0000000000a2',
    ...client,
    title: 'Training plan for a first 10K',
    description: 'Three sessions a week for eight weeks, outdoors if the weather allows. I can run 3K now.',
    // A service described in the poster's own words can be long: on a phone it must wrap inside the card.
    categories: ['Fitness, Health and Wellbeing > Personal Training', 'Other: Running coach for a complete beginner training for a first 10K race'],
    budget: '£60',
    budgetType: 'fixed',
    town: VISUAL_TOWN,
    place: sector('TR1 3', 50.2635, -5.0649),
    postedAt: new Date(VISUAL_NOW.getTime() - 5 * DAY_MS).toISOString(),
    revealCap: 3,
    reveals: [{ providerId: VISUAL_PROVIDER.userId, revealedAt: new Date(VISUAL_NOW.getTime() - 4 * DAY_MS).toISOString() }],
  },
];
