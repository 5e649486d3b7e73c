import { describe, expect, it } from 'vitest';
import type { ProductDetail } from '../../../domain/catalog.ts';
import { productHref } from '../../components/product-href.ts';
import { phaseQuery } from './catalog.api.ts';
import {
  addedText,
  nextGroupOffset,
  parseId,
  preselectedSizeId,
  productCountText,
  stockMessages,
  stockOfSelection,
  tabOf,
  tileProductHref,
  totalPrice,
  typesAndColoursText,
  visibleGroups,
} from './catalog-rules.ts';

type Sized = Pick<ProductDetail, 'withsize' | 'instock' | 'size'>;

const sized: Sized = {
  withsize: true,
  instock: 31,
  size: [
    { id: 1, name: 'S', type_id: 1, instock: 4 },
    { id: 2, name: 'M', type_id: 1, instock: 27 },
    { id: 3, name: 'L', type_id: 1, instock: 0 },
  ],
};
const unsized: Sized = { withsize: false, instock: 7, size: [] };

describe('parseId', () => {
  it('accepts positive whole numbers only', () => {
    expect(parseId('42')).toBe(42);
    expect(parseId('0')).toBeNull();
    expect(parseId('-3')).toBeNull();
    expect(parseId('1.5')).toBeNull();
    expect(parseId('abc')).toBeNull();
    expect(parseId('')).toBeNull();
    expect(parseId(undefined)).toBeNull();
    expect(parseId('99999999999999999999')).toBeNull();
  });
});

describe('links', () => {
  it('opens a package for a product of a package category, else the product page', () => {
    expect(productHref({ id: 9, category_id: 3, pkId: null })).toBe('/product/3/9');
    expect(productHref({ id: 9, category_id: 3, pkId: 14 })).toBe('/package/14/9');
  });

  it('opens a dashboard image the same way (spec §2 Dashboard)', () => {
    expect(tileProductHref({ id: 5, ctid: 2, pkId: null })).toBe('/product/2/5');
    expect(tileProductHref({ id: 5, ctid: 2, pkId: 8 })).toBe('/package/8/5');
  });
});

describe('texts', () => {
  it("counts a group's products", () => {
    expect(productCountText(12)).toBe('(12 products)');
    expect(productCountText(1)).toBe('(1 product)');
  });

  it('says how many types and colours a tile holds', () => {
    expect(typesAndColoursText(4, 9)).toBe('4 types, 9 colours');
    expect(typesAndColoursText(1, 1)).toBe('1 type, 1 colour');
  });
});

describe('visibleGroups', () => {
  it('hides groups with no products', () => {
    const product = { id: 1 } as ProductDetail;
    const groups = visibleGroups({
      categories: [
        { id: 1, name: 'Crew', product_count: 3, products: [product] },
        { id: 2, name: 'Empty', product_count: 0, products: [] },
      ],
    });
    expect(groups.map((group) => group.name)).toEqual(['Crew']);
  });
});

describe('nextGroupOffset', () => {
  it('asks for the next page until the group is complete', () => {
    expect(nextGroupOffset(24, [], 60)).toBe(24);
    expect(nextGroupOffset(24, [24], 60)).toBe(48);
    expect(nextGroupOffset(24, [24, 12], 60)).toBeUndefined();
  });

  it('stops when a page comes back empty, whatever the total says', () => {
    expect(nextGroupOffset(24, [0], 60)).toBeUndefined();
  });
});

describe('stockOfSelection', () => {
  it("uses the chosen size's stock for a sized product", () => {
    expect(stockOfSelection(sized, 1)).toBe(4);
    expect(stockOfSelection(sized, 3)).toBe(0);
  });

  it('knows nothing until a size is chosen', () => {
    expect(stockOfSelection(sized, null)).toBeNull();
  });

  it('is out of stock before a size is chosen when every size is sold out', () => {
    const soldOut = { ...sized, instock: 0, size: sized.size.map((size) => ({ ...size, instock: 0 })) };
    expect(stockOfSelection(soldOut, null)).toBe(0);
  });

  it('treats a size the product does not have as out of stock', () => {
    expect(stockOfSelection(sized, 99)).toBe(0);
  });

  it("uses the product's stock when it has no sizes", () => {
    expect(stockOfSelection(unsized, null)).toBe(7);
  });
});

describe('preselectedSizeId', () => {
  it('keeps the size chosen on a sibling colour when this product has it', () => {
    expect(preselectedSizeId(sized, 'M')).toBe(2);
    expect(preselectedSizeId(sized, 'XXL')).toBeNull();
    expect(preselectedSizeId(sized, undefined)).toBeNull();
    expect(preselectedSizeId(unsized, 'M')).toBeNull();
  });

  it('reads the size route parameter (?size=) by name in any case, or by id', () => {
    expect(preselectedSizeId(sized, 'm')).toBe(2);
    expect(preselectedSizeId(sized, ' L ')).toBe(3);
    expect(preselectedSizeId(sized, '1')).toBe(1);
    expect(preselectedSizeId(sized, '9')).toBeNull();
    expect(preselectedSizeId(sized, '')).toBeNull();
  });
});

describe('tabOf', () => {
  const tabs = [
    { id: 1, category_ids: [1, 2, 3] },
    { id: 6, category_ids: [6, 7, 8] },
  ];

  it('opens the tab itself, with no group to scroll to', () => {
    expect(tabOf(tabs, 6)).toEqual({ tab: tabs[1], group: null });
  });

  it("opens a group's tab and scrolls to the group (categories/{group}, Back to List)", () => {
    expect(tabOf(tabs, 7)).toEqual({ tab: tabs[1], group: 7 });
  });

  it('opens the first tab for no category or an unknown one', () => {
    expect(tabOf(tabs, null)).toEqual({ tab: tabs[0], group: null });
    expect(tabOf(tabs, 99)).toEqual({ tab: tabs[0], group: null });
    expect(tabOf([], 1)).toEqual({ tab: undefined, group: null });
  });
});

describe('phaseQuery', () => {
  it('keeps a closed tab as long as it is fresh, so opening it again fetches nothing', () => {
    const options = phaseQuery(1);
    expect(options.staleTime).toBeGreaterThanOrEqual(30 * 60_000);
    expect(options.gcTime).toBeGreaterThanOrEqual(Number(options.staleTime));
  });
});

describe('totalPrice', () => {
  it('is price x quantity, nothing when prices are hidden', () => {
    expect(totalPrice(2499, 3)).toBe(7497);
    expect(totalPrice(2499, 0)).toBe(0);
    expect(totalPrice(null, 3)).toBeNull();
  });
});

describe('stockMessages', () => {
  const text = 'Sorry, there is not enough stock for {0}.';

  it("says 'Only N units in stock' at 10 or fewer, nothing above", () => {
    expect(stockMessages(4, 1, text, 'Red Sock').note).toBe('Only 4 units in stock');
    expect(stockMessages(10, 1, text, 'Red Sock').note).toBe('Only 10 units in stock');
    expect(stockMessages(11, 1, text, 'Red Sock').note).toBeNull();
  });

  it("says 'Out of Stock' at 0", () => {
    expect(stockMessages(0, 0, text, 'Red Sock')).toEqual({ note: 'Out of Stock', shortage: null });
  });

  it('names the product when the quantity exceeds the stock', () => {
    expect(stockMessages(4, 5, text, 'Red Sock').shortage).toBe(
      'Sorry, there is not enough stock for Red Sock.',
    );
    expect(stockMessages(4, 4, text, 'Red Sock').shortage).toBeNull();
    // Wish-list mode keeps the quantity at 1 without stock: the message shows.
    expect(stockMessages(0, 1, text, 'Red Sock').shortage).toBe(
      'Sorry, there is not enough stock for Red Sock.',
    );
  });

  it('says nothing before a size is chosen', () => {
    expect(stockMessages(null, 3, text, 'Red Sock')).toEqual({ note: null, shortage: null });
  });
});

describe('addedText', () => {
  it('names the cart in shop mode and the wish list when prices are hidden', () => {
    expect(addedText(2, 'Pom-Pom Winter Toque', true)).toBe('2 × Pom-Pom Winter Toque added to your cart.');
    expect(addedText(1, 'Pom-Pom Winter Toque', false)).toBe(
      '1 × Pom-Pom Winter Toque added to your wish list.',
    );
  });
});
