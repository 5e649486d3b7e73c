/**
 * How the built app's JavaScript is cut into files (vite.config.ts, output.codeSplitting.groups;
 * bench/README.md, Lighthouse). Rolldown's automatic splitting made a chunk of every set of pages
 * that share a module: a product page came in 28 files, 4 levels of imports deep, and its image
 * waited for the last of them. These groups keep each module in one file still (no copies), in three
 * files a shopper meets first:
 * - app: everything the entry needs at start, one file (was 6, fetched after the entry was read);
 * - listing: the home and showroom pages and what they use beyond app;
 * - catalog: the product and package pages and what they use beyond those two.
 * Any other page that uses one of their modules loads that file; the back office and the POS keep
 * their own chunks, and none of their code is in these three.
 */

export interface ChunkGroup {
  name: string;
  /** Pages whose modules (with their dependencies) the group takes. */
  test?: RegExp;
  /** Rolldown's built-in tag: modules the entry imports statically. */
  tags?: ['$initial'];
  /** A module two groups could take goes to the higher priority. */
  priority: number;
}

export const APP_GROUP = 'app';
export const LISTING_GROUP = 'listing';
export const CATALOG_GROUP = 'catalog';

export const CHUNK_GROUPS: ChunkGroup[] = [
  { name: APP_GROUP, tags: ['$initial'], priority: 3 },
  {
    name: LISTING_GROUP,
    test: /features[\\/](catalog[\\/]showroom-page|home[\\/]home-page)\.tsx$/,
    priority: 2,
  },
  { name: CATALOG_GROUP, test: /features[\\/]catalog[\\/](product|package)-page\.tsx$/, priority: 1 },
];
