import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { budgetAmount, type JobBudgetType, type JobContact, type Place } from '@solutionz/shared';
import { createJobsRepository } from '@solutionz/lambdas/data/jobs-repository';
import type { DemoUser } from './demo-data';
import { demoReviewerId, type DemoDirectoryProvider, type DemoTown } from './demo-directory';
import { seededRandom, type SeededRandom } from './seeded-random';

/**
 * The job board's demo jobs: about 60 across the demo towns and the taxonomy, posted over the
 * last month by a handful of clients, the demo client's sign-in among them (so My Jobs shows some), a
 * few revealed by the demo member and by the directory's demo providers, and exactly one at its reveal
 * cap ("Enough interest"). Some are by clients who reviewed the provider who revealed their job, so the
 * provider's page shows "Verified job" on that review. Every job is more than a day old: job alerts
 * only mail jobs posted in the last 24 hours, so loading the demo mails nobody.
 */

const SEED = 20_261_212;
const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

type Budget = { readonly type: JobBudgetType; readonly from: number; readonly to: number; readonly step: number } | undefined;

/** A kind of job people post: its category, ways it is worded, and what it usually pays. */
interface JobKind {
  readonly category: string;
  readonly titles: readonly string[];
  readonly descriptions: readonly string[];
  readonly budget: Budget;
}

const fixed = (from: number, to: number, step = 10): Budget => ({ type: 'fixed', from, to, step });
const hourly = (from: number, to: number): Budget => ({ type: 'hourly', from, to, step: 1 });

// prettier-ignore
const DEMO_JOB_KINDS: readonly JobKind[] = [
  { category: 'Construction/Trade > Plumber', titles: ['Fix a leaking kitchen tap', 'Replace a dripping bath mixer', 'Unblock a slow-draining shower'], descriptions: ['The tap has dripped for a week and now runs constantly. Happy to buy the part if you tell me which.', 'Looking for someone this week; the flat is on the second floor with parking outside.'], budget: fixed(60, 180) },
  { category: 'Construction/Trade > Plumber', titles: ['Boiler service before winter', 'Radiators cold at the top'], descriptions: ['Combi boiler, about eight years old. Gas Safe registered engineers only, please.', 'Three radiators stay cold at the top even after bleeding. Might need a power flush.'], budget: undefined },
  { category: 'Construction/Trade > Electrician', titles: ['Add two double sockets in the living room', 'Replace the light fittings in the hallway', 'EICR for a rented flat'], descriptions: ['Victorian terrace, sockets on an internal wall. Certificate needed for the landlord.', 'Need the work signed off (Part P) as we are selling later this year.'], budget: fixed(120, 450) },
  { category: 'Construction/Trade > Builder', titles: ['Rebuild a garden wall', 'Knock through between kitchen and dining room'], descriptions: ['About four metres of brick wall blew down in the storm; the bricks are stacked and reusable.', 'Load-bearing, so it will need a steel and building control. Looking for a quote first.'], budget: fixed(800, 6000, 100) },
  { category: 'Construction/Trade > Carpenter', titles: ['Fit fitted wardrobes in an alcove', 'Hang three internal doors'], descriptions: ['Two alcoves either side of the chimney breast, about 1.1 m wide each.', 'Doors bought already (oak, standard size); frames are sound.'], budget: fixed(150, 900) },
  { category: 'Construction/Trade > Roofer', titles: ['Replace slipped roof tiles', 'Repair a leaking flat garage roof'], descriptions: ['A few tiles slipped after the wind; water stain showing on the bedroom ceiling.', 'Felt roof on a single garage, about 15 square metres, leaks in one corner.'], budget: fixed(150, 1200) },
  { category: 'Construction/Trade > Plasterer', titles: ['Skim a bedroom ceiling', 'Plaster a small bathroom'], descriptions: ['Artex ceiling, about 3.5 by 3 metres. Would like it smooth and ready for paint.', 'Walls were stripped back for new tiles on one side; the other two need a skim.'], budget: fixed(250, 700) },
  { category: 'Construction/Trade > Tiler', titles: ['Tile a shower enclosure', 'Kitchen splashback tiling'], descriptions: ['Tiles bought (metro style), about 6 square metres. Boarding already done.', 'Roughly 2.5 square metres behind the hob and sink.'], budget: fixed(180, 600) },
  { category: 'Construction/Trade > Locksmith', titles: ['Change the locks after moving in'], descriptions: ['Front and back doors, uPVC with euro cylinders. Would like anti-snap ones.'], budget: fixed(80, 160) },
  { category: 'Cleaning & Removal Services > Domestic Cleaning', titles: ['Weekly clean for a three-bed house', 'Fortnightly cleaner needed'], descriptions: ['Two adults and a dog. Mostly kitchen, bathrooms and hoovering; we provide products.', 'Three hours every other Friday morning, key safe available.'], budget: hourly(14, 20) },
  { category: 'Cleaning & Removal Services > End of Tenancy Cleaning', titles: ['End of tenancy clean, two-bed flat'], descriptions: ['Moving out at the end of the month; the agent wants it to inventory standard, oven included.'], budget: fixed(180, 320) },
  { category: 'Cleaning & Removal Services > Carpet Cleaning', titles: ['Clean the stairs and landing carpet'], descriptions: ['Light-coloured carpet, a few coffee stains. Would need it dry the same day.'], budget: fixed(70, 150) },
  { category: 'Cleaning & Removal Services > Window Cleaning', titles: ['Regular window cleaner for a semi'], descriptions: ['Every four to six weeks, front and back, plus the conservatory roof twice a year.'], budget: undefined },
  { category: 'Cleaning & Removal Services > Removals', titles: ['Man and van for a one-bed move', 'Move a piano to the ground floor'], descriptions: ['About 20 boxes, a sofa, bed and a washing machine; moving about five miles.', 'Upright piano, one flight of stairs, same building.'], budget: fixed(120, 450) },
  { category: 'Cleaning & Removal Services > Waste Removal', titles: ['Clear garden waste and an old shed'], descriptions: ['Dismantled shed panels and about ten bags of cuttings. Licensed carriers only.'], budget: fixed(90, 250) },
  { category: 'Cars/Vehicles > Mobile Mechanic', titles: ['Replace front brake pads at home'], descriptions: ['2016 Ford Focus, grinding noise when braking. I can do weekday evenings.'], budget: fixed(90, 180) },
  { category: 'Cars/Vehicles > MOT & Servicing', titles: ['Full service and MOT'], descriptions: ['2014 VW Golf, 78,000 miles. Collection from work would be ideal.'], budget: undefined },
  { category: 'Cars/Vehicles > Car Valeting', titles: ['Full valet before selling the car'], descriptions: ['Family car with a lot of dog hair in the boot. Driveway available.'], budget: fixed(60, 140) },
  { category: 'Gardening and Outdoors > Gardener', titles: ['Garden tidy-up before winter', 'Regular gardener, every two weeks'], descriptions: ['Hedges cut back, borders weeded, leaves cleared. Green waste can go in our brown bin.', 'Medium lawn and a few borders; two or three hours a visit.'], budget: hourly(15, 25) },
  { category: 'Gardening and Outdoors > Fencing', titles: ['Replace six fence panels'], descriptions: ['Concrete posts are fine; the panels blew out. 6 ft high, standard width.'], budget: fixed(350, 800) },
  { category: 'Gardening and Outdoors > Tree Surgery', titles: ['Reduce a large sycamore'], descriptions: ['It overhangs the neighbour and blocks the light. Not in a conservation area.'], budget: undefined },
  { category: 'Painting, Decorating and Interior Design > Painter & Decorator', titles: ['Paint a living room and hallway', 'Gloss the skirting boards and doors'], descriptions: ['Walls and ceilings, two coats, colours chosen. Some filling needed.', 'Three-bed semi, downstairs only. Paint supplied.'], budget: fixed(250, 1100) },
  { category: 'Painting, Decorating and Interior Design > Flooring', titles: ['Lay laminate in two bedrooms'], descriptions: ['About 25 square metres in total; flooring and underlay bought.'], budget: fixed(200, 500) },
  { category: 'Painting, Decorating and Interior Design > Kitchen Fitting', titles: ['Fit a flat-pack kitchen'], descriptions: ['Ten units and worktops delivered; plumbing and electrics are in place already.'], budget: fixed(900, 2500, 100) },
  { category: 'Education > Tutoring', titles: ['GCSE maths tutor for Year 11', 'KS2 English tutor'], descriptions: ['Weekly hour after school, aiming for a grade 6. In person or online.', 'Reading and spelling support for a ten-year-old, once a week.'], budget: hourly(25, 40) },
  { category: 'Education > Driving Lessons', titles: ['Driving lessons, manual, beginner'], descriptions: ['Seventeen and just got the provisional licence. Two lessons a week if possible.'], budget: hourly(32, 42) },
  { category: 'Education > Music Lessons', titles: ['Piano lessons for a beginner adult'], descriptions: ['I have a keyboard at home; evenings suit me best.'], budget: hourly(25, 35) },
  { category: 'Events > Catering', titles: ['Buffet for a 60th birthday party'], descriptions: ['About 40 guests, Saturday afternoon, village hall with a kitchen.'], budget: fixed(400, 900) },
  { category: 'Events > DJ', titles: ['DJ for a wedding evening do'], descriptions: ['7 pm until midnight, mostly 80s, 90s and floor fillers. Venue has PA restrictions.'], budget: fixed(350, 700) },
  { category: 'Fitness, Health and Wellbeing > Personal Training', titles: ['Personal trainer, twice a week'], descriptions: ['Getting back into fitness after an injury; sessions in the park or at home.'], budget: hourly(30, 45) },
  { category: 'IT > Computer Repair', titles: ['Laptop will not start'], descriptions: ['Windows laptop, stuck on the logo screen. I need the photos on it.'], budget: undefined },
  { category: 'IT > Web Development', titles: ['Small website for a café'], descriptions: ['Five pages with a menu, opening hours and a map. We have photos and a logo.'], budget: fixed(500, 1500, 50) },
  { category: 'Legal and Financial Services > Bookkeeping', titles: ['Bookkeeper for a sole trader'], descriptions: ['Receipts in a shoebox and a business bank account; need it ready for self assessment.'], budget: hourly(20, 35) },
  { category: 'Music, Photography and Visuals > Photography', titles: ['Family photoshoot in the park', 'Headshots for a small team'], descriptions: ['Two adults, two children and a dog, an hour on a Sunday morning.', 'Six people, in our office, natural and friendly rather than formal.'], budget: fixed(120, 400) },
  { category: 'Pets/Animals > Dog Walking', titles: ['Midday dog walker, weekdays'], descriptions: ['Friendly cocker spaniel, an hour around lunchtime, Monday to Friday.'], budget: hourly(12, 16) },
  { category: 'Pets/Animals > Pet Sitting', titles: ['Cat sitter over Christmas'], descriptions: ['Two indoor cats; a visit morning and evening for feeding and litter, 23 to 28 December.'], budget: fixed(80, 160) },
  { category: 'Hair & Beauty > Makeup Artist', titles: ['Bridal makeup for four'], descriptions: ['Bride, two bridesmaids and mother of the bride, at home on the morning.'], budget: fixed(250, 450) },
];

/** Demo clients without a sign-in, each posting near home. Phone numbers are from Ofcom's drama range. */
// prettier-ignore
const DEMO_CLIENTS = [
  { name: 'Amelia Hughes', town: 'London' },
  { name: 'Tomasz Novak', town: 'Birmingham' },
  { name: 'Niamh Campbell', town: 'Glasgow' },
  { name: 'Kwame Okafor', town: 'Leeds' },
  { name: 'Sian Morgan', town: 'Cardiff' },
  { name: 'Daniel Wright', town: 'Bristol' },
] as const;

const CAPS = [3, 5, 5, 5, 5, 8, 10] as const;

interface DemoJobReveal {
  readonly providerId: string;
  readonly revealedAt: string;
}

export interface DemoJob {
  readonly jobId: string;
  readonly ownerId: string;
  readonly contact: JobContact;
  readonly title: string;
  readonly description: string;
  readonly categories: readonly string[];
  readonly budget?: string;
  readonly budgetType?: JobBudgetType;
  readonly town: string;
  readonly place: Place;
  readonly postedAt: string;
  readonly revealCap: number;
  /** In the order they happened; never more than the cap. */
  readonly reveals: readonly DemoJobReveal[];
}

/** The demo logins the jobs involve: the client's jobs show in their My Jobs; the member reveals some. */
export interface DemoJobAccounts {
  readonly client?: { readonly userId: string; readonly name: string; readonly email: string };
  readonly member?: { readonly userId: string; readonly town: string; readonly category: string };
}

const isListed = (provider: DemoDirectoryProvider, now: Date) =>
  provider.isVisible && provider.membership.tier !== 'none' && (!provider.membership.end || Date.parse(provider.membership.end) > now.getTime());
const groupOf = (category: string) => category.split(' > ')[0]!;

function budgetText(random: SeededRandom, budget: Budget): Pick<DemoJob, 'budget' | 'budgetType'> {
  if (!budget) return {};
  const amount = budget.from + random.int(0, Math.floor((budget.to - budget.from) / budget.step)) * budget.step;
  if (budget.type === 'hourly') return { budget: `£${amount} per hour`, budgetType: 'hourly' };
  return { budget: random.chance(0.3) ? `Around £${amount.toLocaleString('en-GB')}` : `£${amount.toLocaleString('en-GB')}`, budgetType: 'fixed' };
}

/**
 * The demo jobs, the same for the same towns, providers and logins every time (times count back from
 * `now`). Revealers are listed members in the job's category group, of its town where there are some.
 */
export function demoJobs(towns: readonly DemoTown[], providers: readonly DemoDirectoryProvider[], accounts: DemoJobAccounts, now: Date): DemoJob[] {
  const random = seededRandom(SEED);
  const townByName = new Map(towns.map((town) => [town.name, town]));
  const listed = providers.filter((provider) => isListed(provider, now) && provider.place);
  const jobs: DemoJob[] = [];
  const ago = (days: number, hours = 0) => new Date(now.getTime() - days * DAY_MS - hours * HOUR_MS);

  /** Between a day and a month old: job alerts mail only jobs of the last 24 hours. */
  const postedAt = (maxDays = 30) => ago(random.int(1, maxDays - 1), random.int(1, 23));

  /** `count` reveals by members of the job's trade, after the job was posted and before now, none twice. */
  function revealsOf(category: string, town: string, posted: Date, count: number, first: readonly string[], until: Date): DemoJobReveal[] {
    const trade = listed.filter(
      (provider) => provider.categories.some((selection) => groupOf(selection) === groupOf(category)) && !first.includes(provider.userId),
    );
    const local = trade.filter((provider) => provider.town === town);
    const chosen = [...first, ...random.sample(local.length >= count ? local : trade, count - first.length).map((provider) => provider.userId)];
    const span = until.getTime() - posted.getTime();
    return chosen
      .map((providerId) => ({ providerId, revealedAt: new Date(posted.getTime() + Math.floor(random.next() * span)).toISOString() }))
      .sort((a, b) => a.revealedAt.localeCompare(b.revealedAt));
  }

  /** `revealedBy` reveal first; the reveals happen before `until` (a review that followed, else an hour ago). */
  function add(
    job: Omit<DemoJob, 'jobId' | 'place' | 'reveals'> & { readonly revealCount: number; readonly revealedBy?: readonly string[]; readonly until?: Date },
  ) {
    const { revealCount, revealedBy = [], until = new Date(now.getTime() - HOUR_MS), ...rest } = job;
    const town = townByName.get(job.town);
    if (!town) throw new Error(`The demo jobs have no town ${job.town}`);
    const reveals = revealsOf(job.categories[0]!, job.town, new Date(job.postedAt), revealCount, revealedBy, until);
    jobs.push({ ...rest, jobId: random.uuid(), place: random.pick(town.sectors), reveals });
  }

  const { member } = accounts;
  const clients = DEMO_CLIENTS.map((person, i) => ({
    ...person,
    userId: random.uuid(),
    email: `${person.name.toLowerCase().replace(' ', '.')}@clients.solutionz.local`,
    phone: `07700 900${String(500 + i).padStart(3, '0')}`,
  }));

  // The demo client's own jobs (a demo client's without that login) in Manchester, where the demo member
  // works: one revealed by the member (so a review of theirs would be a verified job), one at its cap.
  const client = accounts.client ?? { userId: clients[0]!.userId, name: clients[0]!.name, email: clients[0]!.email };
  const contact = { contactName: client.name, contactEmail: client.email, contactPhone: '07700 900418' };
  const byMember = member ? [member.userId] : [];
  // prettier-ignore
  const mine: readonly [category: string, title: string, description: string, budget: Pick<DemoJob, 'budget' | 'budgetType'>, days: number, revealCap: number, revealCount: number, revealedBy?: string[]][] = [
    ['Construction/Trade > Electrician', 'Replace the consumer unit and add two sockets', 'Old fuse box with rewireable fuses. We would also like two double sockets in the kitchen.', { budget: '£650', budgetType: 'fixed' }, 4, 5, byMember.length + 1, byMember],
    ['Cleaning & Removal Services > Domestic Cleaning', 'Weekly clean for a two-bed flat', 'Three hours on a weekday morning; we provide products and a key.', { budget: '£16 per hour', budgetType: 'hourly' }, 9, 3, 3],
    ['Gardening and Outdoors > Gardener', 'Garden tidy-up before winter', 'Hedges cut back, borders weeded, leaves cleared. Green waste can go in our brown bin.', {}, 13, 5, 0],
    ['Cleaning & Removal Services > Removals', 'Help moving a sofa and boxes', 'Two-seater sofa and about fifteen boxes from a flat to a house three miles away.', { budget: '£120', budgetType: 'fixed' }, 21, 5, 1],
  ];
  for (const [category, title, description, budget, days, revealCap, revealCount, revealedBy = []] of mine) {
    add({
      ownerId: client.userId,
      contact,
      title,
      description,
      categories: [category],
      ...budget,
      town: 'Manchester',
      postedAt: ago(days, 3).toISOString(),
      revealCap,
      revealCount,
      revealedBy,
    });
  }

  // Jobs by clients who then reviewed the provider who revealed them: those reviews are verified jobs.
  const reviewed = listed.flatMap((provider) => {
    const words = DEMO_JOB_KINDS.find((candidate) => candidate.category === provider.categories[0]);
    return words ? provider.reviews.flatMap((review, n) => (review.daysAgo >= 2 && review.daysAgo <= 25 ? [{ provider, words, review, n }] : [])) : [];
  });
  for (const { provider, words, review, n } of random.sample(reviewed, 5)) {
    const [first, initial] = review.authorName.split(' ');
    add({
      ownerId: demoReviewerId(provider, n),
      contact: { contactName: review.authorName, contactEmail: `${first!.toLowerCase()}.${initial!.charAt(0).toLowerCase()}${n}@clients.solutionz.local` },
      title: random.pick(words.titles),
      description: random.pick(words.descriptions),
      categories: [words.category],
      ...budgetText(random, words.budget),
      town: provider.town,
      postedAt: ago(review.daysAgo + random.int(2, 5), random.int(1, 23)).toISOString(),
      revealCap: 5,
      revealCount: 1,
      revealedBy: [provider.userId],
      until: ago(review.daysAgo),
    });
  }

  // Two more in the member's town and trade, revealed by them and another member.
  const memberKind = member && DEMO_JOB_KINDS.find((candidate) => candidate.category === member.category);
  if (member && memberKind) {
    for (const title of memberKind.titles.slice(0, 2)) {
      const who = random.pick(clients);
      add({
        ownerId: who.userId,
        contact: { contactName: who.name, contactEmail: who.email, contactPhone: who.phone },
        title,
        description: random.pick(memberKind.descriptions),
        categories: [member.category],
        ...budgetText(random, memberKind.budget),
        town: member.town,
        postedAt: postedAt().toISOString(),
        revealCap: 5,
        revealCount: 2,
        revealedBy: [member.userId],
      });
    }
  }

  // The rest: the handful of demo clients, mostly near home, now and then further afield.
  while (jobs.length < 60) {
    const who = random.pick(clients);
    const town = random.chance(0.75) ? who.town : random.pick(towns).name;
    const words = random.pick(DEMO_JOB_KINDS);
    const revealCap = random.pick(CAPS);
    const posted = postedAt();
    add({
      ownerId: who.userId,
      contact: { contactName: who.name, contactEmail: who.email, ...(random.chance(0.7) ? { contactPhone: who.phone } : {}) },
      title: random.pick(words.titles),
      description: random.pick(words.descriptions),
      categories: random.chance(0.15) ? [words.category, groupOf(words.category)] : [words.category],
      ...budgetText(random, words.budget),
      town,
      postedAt: posted.toISOString(),
      revealCap,
      // Below the cap: the demo client's cleaning job is the one that shows "Enough interest".
      revealCount: random.chance(0.45) ? random.int(1, Math.min(3, revealCap - 1)) : 0,
    });
  }
  return jobs;
}

/**
 * Writes the demo jobs through the jobs repository: each job with its contact, then each reveal as a
 * member's reveal does (the count, the reveal item and the verified-job marker in one transaction).
 */
export async function writeDemoJobs(documents: DynamoDBDocumentClient, tableName: string, jobs: readonly DemoJob[]): Promise<void> {
  const repository = createJobsRepository(documents, tableName);
  await Promise.all(
    jobs.map(async (job) => {
      const amount = budgetAmount(job.budget);
      await repository.create(
        {
          jobId: job.jobId,
          ownerId: job.ownerId,
          title: job.title,
          description: job.description,
          categories: [...job.categories],
          ...(job.budget ? { budget: job.budget } : {}),
          ...(job.budgetType ? { budgetType: job.budgetType } : {}),
          ...(amount !== undefined ? { budgetAmount: amount } : {}),
          locationName: job.place.precision === 'sector' ? `${job.place.name}, ${job.town}` : job.place.name,
          lat: job.place.lat,
          lng: job.place.lng,
          postedAt: job.postedAt,
          revealCap: job.revealCap,
        },
        job.contact,
      );
      for (const reveal of job.reveals) {
        const outcome = await repository.reveal(job.jobId, reveal.providerId, new Date(reveal.revealedAt));
        if (outcome !== 'revealed') throw new Error(`A demo reveal of "${job.title}" was not recorded (${outcome})`);
      }
    }),
  );
}

/**
 * The demo jobs of a fresh local stack with the demo directory: `users` are the demo logins and
 * `userIds` their ids by e-mail (the client's jobs go to the client login, the member reveals some).
 */
export async function loadDemoJobs(
  documents: DynamoDBDocumentClient,
  tableName: string,
  directory: { readonly towns: readonly DemoTown[]; readonly providers: readonly DemoDirectoryProvider[] },
  users: readonly DemoUser[],
  userIds: ReadonlyMap<string, string> | undefined,
  now: Date,
): Promise<void> {
  const login = (user: DemoUser | undefined) => (user ? userIds?.get(user.email) : undefined);
  const client = users.find((user) => user.accountType === 'client');
  const member = users.find((user) => user.accountType === 'provider' && user.membership && user.location && user.categories?.length);
  const clientId = login(client);
  const memberId = login(member);
  const accounts: DemoJobAccounts = {
    ...(client && clientId ? { client: { userId: clientId, name: `${client.firstName} ${client.lastName}`, email: client.email } } : {}),
    ...(member && memberId ? { member: { userId: memberId, town: member.location!, category: member.categories![0]! } } : {}),
  };
  await writeDemoJobs(documents, tableName, demoJobs(directory.towns, directory.providers, accounts, now));
}
