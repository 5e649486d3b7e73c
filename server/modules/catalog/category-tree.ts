/**
 * The category tree, read once and cached (a few dozen rows): roots are the shopping tabs, their
 * children the product groups. Queries receive the tree's answers as a VALUES list instead of
 * walking parent_id in SQL.
 */
import { type SQL, sql } from 'drizzle-orm';

export interface CategoryRow {
  id: number;
  parent_id: number | null;
  name: string;
  icon: string;
  is_package: boolean;
  sort_order: number;
}

export interface CategoryNode {
  id: number;
  parentId: number | null;
  name: string;
  icon: string;
  isPackage: boolean;
  /** Position in a depth-first walk of the tree, siblings by sort order: the display order. */
  order: number;
  rootId: number;
  children: CategoryNode[];
}

export interface CategoryTree {
  roots: CategoryNode[];
  get(id: number): CategoryNode | undefined;
  /** The category and everything under it, in display order. */
  subtree(id: number): CategoryNode[];
  /** The category and the categories above it, up to its root. */
  lineage(id: number): number[];
}

const bySortOrder = (a: CategoryRow, b: CategoryRow) => a.sort_order - b.sort_order || a.id - b.id;

export function buildCategoryTree(rows: readonly CategoryRow[]): CategoryTree {
  const ids = new Set(rows.map((row) => row.id));
  const childrenOf = new Map<number | null, CategoryRow[]>();
  for (const row of rows) {
    // A parent that does not exist makes a root rather than an unreachable category.
    const parent = row.parent_id !== null && ids.has(row.parent_id) ? row.parent_id : null;
    const siblings = childrenOf.get(parent) ?? [];
    siblings.push(row);
    childrenOf.set(parent, siblings);
  }
  const nodes = new Map<number, CategoryNode>();
  let order = 0;
  const walk = (row: CategoryRow, parentId: number | null, rootId: number): CategoryNode => {
    const node: CategoryNode = {
      id: row.id,
      parentId,
      name: row.name,
      icon: row.icon,
      isPackage: row.is_package,
      order: order++,
      rootId,
      children: [],
    };
    nodes.set(row.id, node);
    for (const child of (childrenOf.get(row.id) ?? []).sort(bySortOrder)) {
      // A cycle in parent_id cannot loop: a category is placed once.
      if (!nodes.has(child.id)) node.children.push(walk(child, row.id, rootId));
    }
    return node;
  };
  const roots = (childrenOf.get(null) ?? []).sort(bySortOrder).map((row) => walk(row, null, row.id));

  const subtree = (id: number): CategoryNode[] => {
    const start = nodes.get(id);
    if (!start) return [];
    const found: CategoryNode[] = [];
    const visit = (node: CategoryNode) => {
      found.push(node);
      for (const child of node.children) visit(child);
    };
    visit(start);
    return found;
  };

  return {
    roots,
    get: (id) => nodes.get(id),
    subtree,
    lineage(id) {
      const line: number[] = [];
      for (
        let node = nodes.get(id);
        node;
        node = node.parentId === null ? undefined : nodes.get(node.parentId)
      )
        line.push(node.id);
      return line;
    },
  };
}

/**
 * `(VALUES (category_id, group_id, ord), ...) AS cm(category_id, group_id, ord)`: which group each
 * category's products count under, and the category's display order.
 */
export function categoryMap(
  groups: readonly { groupId: number; categories: readonly CategoryNode[] }[],
): SQL {
  const rows = groups.flatMap(({ groupId, categories }) =>
    categories.map((category) => sql`(${category.id}::int, ${groupId}::int, ${category.order}::int)`),
  );
  if (rows.length === 0) rows.push(sql`(NULL::int, NULL::int, NULL::int)`);
  return sql`(VALUES ${sql.join(rows, sql`, `)}) AS cm(category_id, group_id, ord)`;
}
