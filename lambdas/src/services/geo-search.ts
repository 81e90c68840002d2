import { createCellVisits } from './geo-search/cell-visits';
import { createFrontier } from './geo-search/frontier';
import { createPageAssembly } from './geo-search/page';
import { planOf, type GeoEntry, type NearestPage, type NearestSearch } from './geo-search/plan';

/**
 * Nearest first within a radius through a geohash cell index (docs/architecture.md#directory-and-geo-search): the directory's
 * providers and the job board's open jobs are both found this way. The parts of the search are in geo-search/: the
 * distances (distance.ts), where a page ends and the next begins (cursor.ts), the settings (plan.ts), the cells left to
 * visit (frontier.ts), the visits (cell-visits.ts) and the page made of what they found (page.ts).
 */

export { cellDistances, milesBetween } from './geo-search/distance';
export { continueFrom, decodeResume, encodeResume, isNearestPosition, nearestPosition, type Hit, type NearestPosition, type Resume } from './geo-search/cursor';
export { DEFAULT_LEAF_SIZE, type GeoEntry, type GeoIndexReader } from './geo-search/plan';

/**
 * Cells are visited in order of their least possible distance; a cell with few entries is read whole, a
 * fuller one is split into its non-empty children (one item holds a cell's child counts); the search
 * stops once the page (plus one, to know whether there is more) is made of hits no unvisited cell can
 * beat. Entries carry the place, so distances come from them; the records are read only for the hits
 * that would make the page, and a stale one is dropped and the search goes on. A cursor skips cells
 * wholly nearer than where the last page ended; with the page's resume, the finest cells the page before
 * read are not read again, only the small cells of them that hold the hits it did not show, each once the
 * search reaches its next hit (so a page deep in a result costs about what the first does).
 */
export async function nearestInIndex<E extends GeoEntry, R>(search: NearestSearch<E, R>): Promise<NearestPage<R>> {
  const plan = planOf(search);
  const frontier = createFrontier(plan);
  const visits = createCellVisits(plan, frontier);
  const page = createPageAssembly(plan, frontier, visits);
  visits.prefetchAround();
  await frontier.start(visits.rootCells);
  for (;;) {
    const next = frontier.nearest();
    const best = page.best();
    if (!next || (best.length > search.limit && best[search.limit]!.distance <= next.min)) {
      const done = await page.settled(best, next);
      if (done) return done;
      continue;
    }
    const cut = page.cutShort(best);
    if (cut) return cut;
    await page.add(await visits.visitRound(frontier.takeRound(next, best, visits.countsRead)));
  }
}
