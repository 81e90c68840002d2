import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import sharp from 'sharp';
import { categoryLabel } from '@solutionz/shared';
import type { MediaStorage } from '@solutionz/lambdas/adapters/s3-media';
import { createAccountRepository } from '@solutionz/lambdas/data/account-repository';
import { createPortfolioRepository } from '@solutionz/lambdas/data/portfolio-repository';
import { createPortfolioItem } from '@solutionz/lambdas/services/profiles/portfolio';
import { portfolioUploadPrefix } from '@solutionz/lambdas/services/profiles/portfolio-keys';
import type { DemoDirectoryProvider } from './demo-directory';

/**
 * Portfolios for some of the demo directory's providers: a few finished jobs each, with pictures
 * drawn here (simple scenes of the trade's work, no photographs to ship), stored the way a provider's
 * upload is: put under their upload prefix, then saved through the portfolio service, which checks
 * each file, re-encodes it as WebP and makes its thumbnail.
 */

/** What a demo picture shows. */
type DemoScene = 'bathroom' | 'room' | 'garden' | 'house';

export interface DemoPortfolioItem {
  readonly title: string;
  readonly description: string;
  /** The first is the item's cover. */
  readonly scenes: readonly { readonly scene: DemoScene; readonly hue: number }[];
}

/** The finished jobs a provider of each of these trades shows. */
const WORK: Readonly<Record<string, readonly DemoPortfolioItem[]>> = {
  Plumber: [
    {
      title: 'Family bathroom refit',
      description: 'Old suite out, new bath, basin and thermostatic shower in, tiled floor to ceiling. Ten days from strip-out to silicone.',
      scenes: [
        { scene: 'bathroom', hue: 200 },
        { scene: 'bathroom', hue: 170 },
      ],
    },
    {
      title: 'Shower room in a loft conversion',
      description: 'Pumped waste and a compact enclosure under the eaves.',
      scenes: [{ scene: 'bathroom', hue: 30 }],
    },
  ],
  Builder: [
    {
      title: 'Single-storey rear extension',
      description: 'Brick-built kitchen extension with a flat roof and lantern light, signed off by building control.',
      scenes: [
        { scene: 'house', hue: 12 },
        { scene: 'house', hue: 25 },
      ],
    },
    { title: 'Garden wall rebuilt', description: 'Four metres of reclaimed brick wall, rebuilt on new footings.', scenes: [{ scene: 'house', hue: 5 }] },
  ],
  'Painter & Decorator': [
    {
      title: 'Living room and hallway',
      description: 'Walls and ceilings filled, sanded and painted in two coats; woodwork in satin.',
      scenes: [
        { scene: 'room', hue: 150 },
        { scene: 'room', hue: 210 },
      ],
    },
    { title: 'Nursery feature wall', description: 'Soft colours and a painted rainbow arch above the cot.', scenes: [{ scene: 'room', hue: 330 }] },
  ],
  Gardener: [
    {
      title: 'Back garden tidy-up',
      description: 'Overgrown borders cleared, hedges cut back and the lawn edged and fed.',
      scenes: [
        { scene: 'garden', hue: 110 },
        { scene: 'garden', hue: 90 },
      ],
    },
    { title: 'New shrub border', description: 'Evergreen shrubs and perennials planted for colour through the year.', scenes: [{ scene: 'garden', hue: 130 }] },
  ],
};

/** The towns whose providers of those trades get a portfolio: the biggest, where a newcomer looks first. */
const PORTFOLIO_TOWNS = ['London', 'Manchester', 'Birmingham'];

const hsl = (hue: number, saturation: number, lightness: number) => `hsl(${hue % 360}, ${saturation}%, ${lightness}%)`;

/** The scene's SVG, drawn at 800 x 600 (a phone photo's 4:3; small, so the demo loads quickly). */
function sceneSvg(scene: DemoScene, hue: number): string {
  const shapes: Record<DemoScene, string> = {
    bathroom: `
      <rect width="1200" height="900" fill="${hsl(hue, 25, 92)}"/>
      ${Array.from({ length: 12 }, (_, column) => Array.from({ length: 7 }, (_, row) => `<rect x="${column * 100 + 4}" y="${row * 100 + 4}" width="92" height="92" rx="4" fill="${hsl(hue, 35, 80 + ((column + row) % 2) * 6)}"/>`).join('')).join('')}
      <rect x="0" y="700" width="1200" height="200" fill="${hsl(hue, 15, 55)}"/>
      <rect x="140" y="520" width="620" height="240" rx="60" fill="#ffffff" stroke="${hsl(hue, 10, 70)}" stroke-width="8"/>
      <rect x="880" y="430" width="180" height="120" rx="20" fill="#ffffff" stroke="${hsl(hue, 10, 70)}" stroke-width="8"/>
      <rect x="955" y="550" width="30" height="190" fill="${hsl(hue, 10, 80)}"/>
      <circle cx="640" cy="250" r="46" fill="${hsl(hue, 10, 75)}"/>
      <rect x="632" y="290" width="16" height="230" fill="${hsl(hue, 10, 70)}"/>`,
    room: `
      <rect width="1200" height="900" fill="${hsl(hue, 35, 72)}"/>
      <rect x="0" y="0" width="1200" height="70" fill="${hsl(hue, 20, 92)}"/>
      <rect x="0" y="760" width="1200" height="140" fill="${hsl(30, 35, 45)}"/>
      <rect x="0" y="730" width="1200" height="30" fill="#ffffff"/>
      <rect x="700" y="180" width="340" height="420" fill="${hsl(200, 60, 85)}" stroke="#ffffff" stroke-width="24"/>
      <line x1="870" y1="180" x2="870" y2="600" stroke="#ffffff" stroke-width="16"/>
      <rect x="120" y="470" width="460" height="200" rx="30" fill="${hsl(hue + 180, 25, 40)}"/>
      <rect x="120" y="600" width="460" height="90" rx="20" fill="${hsl(hue + 180, 25, 32)}"/>
      <rect x="200" y="200" width="260" height="180" fill="${hsl(hue + 40, 30, 88)}" stroke="${hsl(30, 30, 35)}" stroke-width="12"/>`,
    garden: `
      <rect width="1200" height="900" fill="${hsl(205, 70, 82)}"/>
      <circle cx="1010" cy="150" r="70" fill="${hsl(48, 95, 70)}"/>
      <rect x="0" y="430" width="1200" height="470" fill="${hsl(hue, 45, 48)}"/>
      <rect x="0" y="360" width="1200" height="90" fill="${hsl(30, 30, 45)}"/>
      ${Array.from({ length: 8 }, (_, i) => `<circle cx="${80 + i * 150}" cy="${470 + (i % 2) * 30}" r="${70 + (i % 3) * 12}" fill="${hsl(hue + (i % 3) * 12, 50, 30 + (i % 2) * 6)}"/>`).join('')}
      <path d="M 380 900 L 560 520 L 640 520 L 820 900 Z" fill="${hsl(35, 20, 75)}"/>
      ${Array.from({ length: 10 }, (_, i) => `<circle cx="${120 + i * 105}" cy="${760 + (i % 3) * 35}" r="14" fill="${hsl((i * 67) % 360, 75, 65)}"/>`).join('')}`,
    house: `
      <rect width="1200" height="900" fill="${hsl(205, 60, 84)}"/>
      <rect x="0" y="720" width="1200" height="180" fill="${hsl(100, 35, 45)}"/>
      <rect x="260" y="330" width="680" height="420" fill="${hsl(hue, 55, 45)}"/>
      ${Array.from({ length: 14 }, (_, row) => `<line x1="260" y1="${345 + row * 30}" x2="940" y2="${345 + row * 30}" stroke="${hsl(hue, 30, 70)}" stroke-width="3"/>`).join('')}
      <path d="M 220 340 L 600 110 L 980 340 Z" fill="${hsl(hue + 200, 15, 35)}"/>
      <rect x="330" y="420" width="170" height="140" fill="${hsl(200, 60, 88)}" stroke="#ffffff" stroke-width="14"/>
      <rect x="700" y="420" width="170" height="140" fill="${hsl(200, 60, 88)}" stroke="#ffffff" stroke-width="14"/>
      <rect x="545" y="560" width="110" height="190" fill="${hsl(hue + 150, 40, 35)}"/>`,
  };
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600" viewBox="0 0 1200 900">${shapes[scene]}</svg>`;
}

/** A picture of the scene as a JPEG, the kind of file a provider uploads. */
function demoPicture(scene: DemoScene, hue: number): Promise<Buffer> {
  return sharp(Buffer.from(sceneSvg(scene, hue)))
    .jpeg({ quality: 82 })
    .toBuffer();
}

/** The providers who show a portfolio in the demo, with their items: listed, reviewed members of the trades above in the biggest towns. */
export function demoPortfolios(providers: readonly DemoDirectoryProvider[]): { provider: DemoDirectoryProvider; items: readonly DemoPortfolioItem[] }[] {
  return PORTFOLIO_TOWNS.flatMap((town) =>
    Object.entries(WORK).flatMap(([trade, items]) => {
      const provider = providers.find(
        (candidate) =>
          candidate.town === town &&
          candidate.place &&
          candidate.isVisible &&
          candidate.membership.tier !== 'none' &&
          !candidate.membership.end &&
          candidate.reviews.length > 0 &&
          categoryLabel(candidate.categories[0]!) === trade,
      );
      return provider ? [{ provider, items }] : [];
    }),
  );
}

export interface PortfolioStore {
  readonly documents: DynamoDBDocumentClient;
  readonly tableName: string;
  /** The portfolio bucket. */
  readonly files: MediaStorage;
}

/**
 * Saves each provider's items as the provider would, oldest first, a day apart before `now` (so the
 * same data shows in the same order every time), through the portfolio service.
 */
export async function writeDemoPortfolios(
  store: PortfolioStore,
  portfolios: readonly { provider: Pick<DemoDirectoryProvider, 'userId'>; items: readonly DemoPortfolioItem[] }[],
  now: Date,
): Promise<void> {
  const portfolio = createPortfolioRepository(store.documents, store.tableName);
  const accounts = createAccountRepository(store.documents, store.tableName);
  // The same scene in the same colours is the same file, drawn once (providers in different towns show the same work).
  const pictures = new Map<string, Promise<Buffer>>();
  const picture = (scene: DemoScene, hue: number) => {
    const key = `${scene}-${hue}`;
    if (!pictures.has(key)) pictures.set(key, demoPicture(scene, hue));
    return pictures.get(key)!;
  };
  await Promise.all(
    portfolios.map(async ({ provider, items }) => {
      let sequence = 0;
      const random = { id: () => `demo-${provider.userId.slice(0, 8)}-${++sequence}` };
      for (const [index, item] of items.entries()) {
        const media = [];
        for (const [n, { scene, hue }] of item.scenes.entries()) {
          const uploadId = `demo-upload-${index}-${n}`;
          await store.files.write(`${portfolioUploadPrefix(provider.userId)}${uploadId}`, await picture(scene, hue), 'image/jpeg', 'no-store');
          media.push({ uploadId, filename: `${scene}-${n + 1}.jpg` });
        }
        const at = new Date(now.getTime() - (items.length - index) * 86_400_000);
        const caller = {
          kind: 'signedIn',
          userId: provider.userId,
          groups: ['provider'],
          accountType: 'provider',
          subscribed: true,
          emailConfirmed: true,
        } as const;
        await createPortfolioItem({ portfolio, portfolioFiles: store.files, accounts, clock: () => at, random }, caller, {
          title: item.title,
          description: item.description,
          media,
        });
      }
    }),
  );
}
