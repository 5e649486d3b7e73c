/**
 * The catalogue's rows as the replies the web reads (domain/catalog.ts): pure functions, one per
 * reply. Prices are left out for visitors and while the show_prices setting is off.
 */
import type {
  DashboardTile,
  PackageDetail,
  Phase,
  PhaseSummary,
  ProductCard,
  ProductDetail,
  RootCategory,
  SearchResult,
  ShowroomCategory,
  TeaserProduct,
} from '../../../domain/catalog.ts';
import type {
  CardRow,
  GroupCardRow,
  PackageDetailRow,
  ProductDetailRow,
  SearchRow,
  ShowroomRow,
  TileRow,
} from './catalog.queries.ts';
import type { CategoryNode, CategoryTree } from './category-tree.ts';

export function toCard(row: CardRow, showPrices: boolean): ProductCard {
  return {
    id: row.id,
    category_id: row.category_id,
    code: row.code,
    name: row.name,
    icon: row.icon,
    pricing: showPrices ? row.pricing : null,
    price_discount: showPrices ? row.price_discount : null,
    short_description: row.short_description,
    withsize: row.size_type_id !== null,
    isNew: row.is_new,
    instock: row.instock,
    pkId: row.pk_id,
  };
}

/** Each tab with its first products, never with prices. */
export function toShowroom(tree: CategoryTree, rows: readonly ShowroomRow[]): ShowroomCategory[] {
  return tree.roots.flatMap((root) => {
    const products = rows.filter((row) => row.root_id === root.id);
    if (!products[0]) return [];
    return [
      {
        id: root.id,
        name: root.name,
        product_count: products[0].product_count,
        products: products.map(({ product_id, name, icon, category_id, pk_id }) => ({
          product_id,
          name,
          icon,
          category_id,
          pkId: pk_id,
        })),
      },
    ];
  });
}

export function toTeaser(row: CardRow): TeaserProduct {
  return {
    id: row.id,
    category_id: row.category_id,
    code: row.code,
    name: row.name,
    icon: row.icon,
    isNew: row.is_new,
    instock: row.instock,
    pkId: row.pk_id,
  };
}

/** A product page; `visibleIds` limits the colours shown to a visitor to those they may open. */
export function toProductDetail(
  row: ProductDetailRow,
  showPrices: boolean,
  visibleIds: ReadonlySet<number> | null,
): ProductDetail {
  return {
    ...toCard(row, showPrices),
    category_name: row.category_name,
    long_description: row.long_description,
    color: row.color,
    size_type_id: row.size_type_id,
    size: row.size,
    others: visibleIds ? row.others.filter((other) => visibleIds.has(other.id)) : row.others,
    product_images: row.product_images,
  };
}

export function toPackageDetail(row: PackageDetailRow, showPrices: boolean): PackageDetail {
  return { ...row, pricing: showPrices ? row.pricing : null };
}

/** The tab's own products (if any) form a group of their own, before its child groups. */
export function phaseGroups(root: CategoryNode, tree: CategoryTree) {
  return [
    { groupId: root.id, categories: [root] },
    ...root.children.map((child) => ({ groupId: child.id, categories: tree.subtree(child.id) })),
  ];
}

/** A tab's heading and its groups in display order, each with its first cards; empty groups left out. */
export function toPhase(
  root: CategoryNode,
  tree: CategoryTree,
  heading: { short_description: string; long_description: string } | undefined,
  rows: readonly GroupCardRow[],
  showPrices: boolean,
): Phase {
  const byGroup = new Map<number, GroupCardRow[]>();
  for (const row of rows) {
    const list = byGroup.get(row.group_id) ?? [];
    list.push(row);
    byGroup.set(row.group_id, list);
  }
  return {
    category_id: root.id,
    short_description: heading?.short_description ?? root.name,
    long_description: heading?.long_description ?? '',
    categories: phaseGroups(root, tree).flatMap(({ groupId }) => {
      const cards = byGroup.get(groupId);
      const group = tree.get(groupId);
      if (!cards?.[0] || !group) return [];
      return [
        {
          id: group.id,
          name: group.name,
          product_count: cards[0].product_count,
          products: cards.map((row) => toCard(row, showPrices)),
        },
      ];
    }),
  };
}

/** The phases in the order of their tabs. */
export function inTabOrder(tree: CategoryTree, rows: PhaseSummary[]): PhaseSummary[] {
  const order = (id: number) => tree.get(id)?.order ?? Number.MAX_SAFE_INTEGER;
  return rows.sort((a, b) => order(a.category_id) - order(b.category_id) || a.category_id - b.category_id);
}

export function toRootCategories(tree: CategoryTree): RootCategory[] {
  return tree.roots.map((root) => ({
    id: root.id,
    name: root.name,
    icon: root.icon,
    isPackage: root.isPackage,
    category_ids: tree.subtree(root.id).map((category) => category.id),
  }));
}

export function toCategoryCounts(tree: CategoryTree, rows: readonly { root_id: number; products: number }[]) {
  const counts = new Map(rows.map((row) => [row.root_id, row.products]));
  return tree.roots.map((root) => ({
    id: root.id,
    name: root.name,
    category_number: tree.subtree(root.id).length - 1,
    product_number: counts.get(root.id) ?? 0,
  }));
}

export function toSearchResult(row: SearchRow, showPrices: boolean): SearchResult {
  return { ...toCard(row, showPrices), category_name: row.category_name };
}

/** The tabs by their visits, most visited first (ties in display order). */
export function toDashboard(tree: CategoryTree, rows: readonly TileRow[]): DashboardTile[] {
  const byRoot = new Map(rows.map((row) => [row.root_id, row]));
  return tree.roots
    .flatMap((root) => {
      const row = byRoot.get(root.id);
      return row ? [{ root, row }] : [];
    })
    .sort((a, b) => b.row.visits - a.row.visits || a.root.order - b.root.order)
    .map(({ root, row }) => ({
      id: root.id,
      name: root.name,
      isPackage: root.isPackage,
      types: row.types,
      colours: row.colours,
      products: row.products,
    }));
}
