import { describe, expect, it } from 'vitest';
import {
  catalogIdSchema,
  categoryProductsQuerySchema,
  inventoryCheckSchema,
  searchQuerySchema,
  searchWords,
} from './catalog.ts';
import {
  GROUP_PAGE_SIZE,
  isLowStock,
  OUT_OF_STOCK_TEXT,
  orderButtonsDisabled,
  packageStockText,
  productStockNote,
  quantityInput,
  quantityOf,
  resetQuantity,
  SEARCH_PAGE_SIZE,
  salePrice,
  teaserStockText,
} from './catalog-display.ts';
import { imageVariant, PLACEHOLDER_IMAGE } from './images.ts';

describe('image variants (spec §2 package detail)', () => {
  it('swap the size segment of the icon path', () => {
    const icon = '/images/full/ms-crw-001-side.webp';
    expect(imageVariant(icon, 'thumbnail')).toBe('/images/thumbnail/ms-crw-001-side.webp');
    expect(imageVariant(icon, 'extra-small')).toBe('/images/extra-small/ms-crw-001-side.webp');
    expect(imageVariant('/images/thumbnail/a.webp', 'full')).toBe('/images/full/a.webp');
    expect(imageVariant('/images/extra-small/a.webp', 'extra-small')).toBe('/images/extra-small/a.webp');
  });

  it('swap only the size segment, not a file named like one', () => {
    expect(imageVariant('/images/full/full-box.webp', 'thumbnail')).toBe('/images/thumbnail/full-box.webp');
  });

  it('fall back to the placeholder when there is no icon, the same in every variant', () => {
    expect(imageVariant('', 'full')).toBe(PLACEHOLDER_IMAGE);
    expect(imageVariant(null, 'thumbnail')).toBe(PLACEHOLDER_IMAGE);
    expect(imageVariant(undefined, 'extra-small')).toBe(PLACEHOLDER_IMAGE);
    expect(imageVariant(PLACEHOLDER_IMAGE, 'thumbnail')).toBe(PLACEHOLDER_IMAGE);
  });

  it('draw the placeholder inline: no file on the server can be missing', () => {
    expect(PLACEHOLDER_IMAGE.startsWith('data:image/svg+xml,')).toBe(true);
    const svg = decodeURIComponent(PLACEHOLDER_IMAGE.slice('data:image/svg+xml,'.length));
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"[^>]*>.*<\/svg>$/);
  });
});

describe('salePrice', () => {
  it('takes the discount off the price, as the cart charges it', () => {
    expect(salePrice(1499, 200)).toBe(1299);
    expect(salePrice(1499, 0)).toBe(1499);
    expect(salePrice(1499, null)).toBe(1499);
  });

  it('never goes below 0 nor above the price, and is nothing while prices are hidden', () => {
    expect(salePrice(500, 900)).toBe(0);
    expect(salePrice(500, -100)).toBe(500);
    expect(salePrice(null, 200)).toBeNull();
  });
});

describe('stock texts', () => {
  it('call 1 to 10 units low stock', () => {
    expect([0, 1, 10, 11].map(isLowStock)).toEqual([false, true, true, false]);
  });

  it("note 'Only N units in stock' on the product page at 10 or fewer", () => {
    expect(productStockNote(10)).toBe('Only 10 units in stock');
    expect(productStockNote(1)).toBe('Only 1 units in stock');
    expect(productStockNote(11)).toBeNull();
    expect(productStockNote(0)).toBeNull();
  });

  it("say 'Low Stock - N available' or 'In Stock' on the teaser", () => {
    expect(teaserStockText(48)).toBe('In Stock');
    expect(teaserStockText(96)).toBe('In Stock');
    expect(teaserStockText(7)).toBe('Low Stock - 7 available');
    expect(teaserStockText(0)).toBe(OUT_OF_STOCK_TEXT);
  });

  it("say 'Out of Stock' or 'N package(s) in stock' on the package page", () => {
    expect(packageStockText(0)).toBe('Out of Stock');
    expect(packageStockText(-1)).toBe('Out of Stock');
    expect(packageStockText(3)).toBe('3 package(s) in stock');
  });
});

describe('order and add buttons (spec §2 product detail)', () => {
  const state = { instock: 5, quantity: 1, withsize: false, sizeId: null };

  it('are enabled with stock for the quantity', () => {
    expect(orderButtonsDisabled(state)).toBe(false);
    expect(orderButtonsDisabled({ ...state, quantity: 5 })).toBe(false);
    expect(orderButtonsDisabled({ ...state, withsize: true, sizeId: 2 })).toBe(false);
  });

  it('are disabled with no stock, stock below the quantity, no quantity, or a sized product without a size', () => {
    expect(orderButtonsDisabled({ ...state, instock: 0 })).toBe(true);
    expect(orderButtonsDisabled({ ...state, quantity: 6 })).toBe(true);
    expect(orderButtonsDisabled({ ...state, quantity: 0 })).toBe(true);
    expect(orderButtonsDisabled({ ...state, withsize: true, sizeId: null })).toBe(true);
  });

  it('reset the quantity to 0 without stock in price mode, to 1 otherwise', () => {
    expect(resetQuantity(true, 0)).toBe(0);
    expect(resetQuantity(true, 4)).toBe(1);
    expect(resetQuantity(false, 0)).toBe(1);
  });

  it('keep an emptied quantity box empty (not 0, which a digit typed next would follow), meaning 0', () => {
    expect(quantityInput('')).toBe('');
    expect(quantityInput(3)).toBe(3);
    expect(quantityOf('')).toBe(0);
    expect(quantityOf(3)).toBe(3);
  });
});

describe('search rules', () => {
  it('split a text into lower-case words on anything but letters and digits', () => {
    expect(searchWords('Over-the-Knee  Merino')).toEqual(['over', 'the', 'knee', 'merino']);
    expect(searchWords("MS-CRW-001 Men's")).toEqual(['ms', 'crw', '001', 'men', 's']);
    expect(searchWords('Québec')).toEqual(['québec']);
    expect(searchWords(' --- ')).toEqual([]);
  });

  it('need at least 3 characters after trimming, at most 100', () => {
    const message = 'Please type at least 3 characters.';
    expect(searchQuerySchema.safeParse({ term: ' ab ' }).error?.issues[0]?.message).toBe(message);
    expect(searchQuerySchema.safeParse({}).error?.issues[0]?.message).toBe(message);
    expect(searchQuerySchema.parse({ term: ' abc ' })).toEqual({
      term: 'abc',
      offset: 0,
      limit: SEARCH_PAGE_SIZE,
    });
    expect(searchQuerySchema.safeParse({ term: 'a'.repeat(101) }).success).toBe(false);
    expect(searchQuerySchema.safeParse({ term: 'abc', limit: '25' }).success).toBe(false);
  });
});

describe('request parameters', () => {
  it('take ids as positive whole numbers a PostgreSQL integer can hold', () => {
    expect(catalogIdSchema.parse('12')).toBe(12);
    for (const bad of ['0', '-1', '1.5', 'abc', '2147483648'])
      expect(catalogIdSchema.safeParse(bad).success).toBe(false);
  });

  it('page category products by GROUP_PAGE_SIZE unless told otherwise', () => {
    expect(categoryProductsQuerySchema.parse({})).toEqual({ offset: 0, limit: GROUP_PAGE_SIZE });
    expect(categoryProductsQuerySchema.safeParse({ limit: '101' }).success).toBe(false);
  });

  it('default a cart line to no size and no package', () => {
    expect(inventoryCheckSchema.parse({ lines: [{ productId: 3, quantity: 2 }] })).toEqual({
      lines: [{ productId: 3, size_id: null, packageId: null, quantity: 2 }],
    });
  });
});
