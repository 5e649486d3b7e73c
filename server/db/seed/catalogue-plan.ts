/**
 * Turns the demo content into the rows to write, keyed by codes and names rather than ids (the
 * database assigns those). Deterministic: the same product count always plans the same catalogue.
 */
import {
  DEMO_TABS,
  type DemoBoxedSet,
  type DemoDesign,
  type DemoProductGroup,
  type Dimensions,
  PALETTE,
  PROCESS_STEPS,
  SIZE_TYPES,
  type SizeTypeKey,
  type StockOverride,
  SYNTHETIC_WORDS,
} from './demo-data.ts';
import type { ImageSpec } from './images.ts';

export interface PlannedGroup {
  key: string;
  name: string;
  sortOrder: number;
  /** Image name of the group's first product; '' for an empty group. */
  icon: string;
}

export interface PlannedTab {
  name: string;
  isPackage: boolean;
  sortOrder: number;
  icon: string;
  heading: string;
  description: string;
  groups: PlannedGroup[];
}

export interface PlannedStock {
  size: string | null;
  instock: number;
}

export interface PlannedDimensions extends Dimensions {
  size: string | null;
}

export interface PlannedPackage {
  code: string;
  name: string;
  pricing: number;
  longDescription: string;
  icon: string;
  color: string;
  instock: number;
  sortOrder: number;
  dimensions: Dimensions;
}

export interface PlannedProduct {
  groupKey: string;
  code: string;
  name: string;
  pricing: number;
  priceDiscount: number;
  shortDescription: string;
  longDescription: string;
  family: string | null;
  color: string;
  sizing: SizeTypeKey | null;
  isNew: boolean;
  sortOrder: number;
  /** Image names; the first is the product's icon. */
  images: string[];
  stock: PlannedStock[];
  dimensions: PlannedDimensions[];
  packages: PlannedPackage[];
}

export interface PlannedStep {
  stepNo: number;
  title: string;
  image: string;
}

export interface CataloguePlan {
  tabs: PlannedTab[];
  products: PlannedProduct[];
  steps: PlannedStep[];
  /** Every image the plan refers to, once each. */
  images: ImageSpec[];
}

/** Mulberry32: a tiny seeded generator, so demo stock and generated products are the same every run. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

function between(random: () => number, low: number, high: number): number {
  return low + Math.floor(random() * (high - low + 1));
}

function pick<T>(random: () => number, items: readonly T[]): T {
  const item = items[Math.floor(random() * items.length)];
  if (item === undefined) throw new Error('pick from an empty list');
  return item;
}

function pickTwo<T>(random: () => number, items: readonly T[]): [T, T] {
  const first = Math.floor(random() * items.length);
  const second = (first + 1 + Math.floor(random() * (items.length - 1))) % items.length;
  const [a, b] = [items[first], items[second]];
  if (a === undefined || b === undefined) throw new Error('pick two from a list of fewer than two');
  return [a, b];
}

function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

function productCode(prefix: string, number: number): string {
  return `${prefix}-${String(number).padStart(3, '0')}`;
}

function sizeNames(sizing: SizeTypeKey | null): (string | null)[] {
  return sizing ? SIZE_TYPES[sizing].sizes.map((size) => size.name) : [null];
}

/** The design's measures, and each size's (sizes ship a little bigger or smaller). */
function plannedDimensions(base: Dimensions, sizing: SizeTypeKey | null): PlannedDimensions[] {
  const rows: PlannedDimensions[] = [{ size: null, ...base }];
  if (!sizing) return rows;
  for (const size of SIZE_TYPES[sizing].sizes) {
    rows.push({
      size: size.name,
      lengthMm: Math.round(base.lengthMm * size.scale),
      widthMm: Math.round(base.widthMm * size.scale),
      heightMm: base.heightMm,
      weightG: Math.round(base.weightG * size.scale),
    });
  }
  return rows;
}

function demoStock(sizing: SizeTypeKey | null, override: StockOverride | undefined, random: () => number) {
  return sizeNames(sizing).map((size): PlannedStock => {
    const ordinary = between(random, 20, 200);
    if (typeof override === 'number') return { size, instock: override };
    const named = size === null ? undefined : override?.[size];
    return { size, instock: named ?? ordinary };
  });
}

/** Mostly well stocked, with some low (1-10) and a few sold out, as a real shop's shelves are. */
function syntheticStock(sizing: SizeTypeKey | null, random: () => number): PlannedStock[] {
  return sizeNames(sizing).map((size) => {
    const roll = random();
    const instock = roll < 0.03 ? 0 : roll < 0.1 ? between(random, 1, 10) : between(random, 20, 200);
    return { size, instock };
  });
}

interface PlanState {
  tabs: PlannedTab[];
  products: PlannedProduct[];
  images: Map<string, ImageSpec>;
  nextNumber: Map<string, number>;
}

function nextCode(state: PlanState, prefix: string): { code: string; sortOrder: number } {
  const number = state.nextNumber.get(prefix) ?? 1;
  state.nextNumber.set(prefix, number + 1);
  return { code: productCode(prefix, number), sortOrder: number };
}

function planDesign(
  state: PlanState,
  groupKey: string,
  group: DemoProductGroup,
  design: DemoDesign,
  random: () => number,
) {
  const family = design.colourways.length > 1 ? slugify(`${group.codePrefix} ${design.name}`) : null;
  for (const colourway of design.colourways) {
    const { code, sortOrder } = nextCode(state, group.codePrefix);
    const images = design.views.map((view) => {
      const name = `${code.toLowerCase()}-${view}`;
      state.images.set(name, {
        kind: 'item',
        name,
        shape: design.shape,
        pattern: design.pattern,
        color: PALETTE[colourway.colour],
        accent: PALETTE[design.accent],
        view,
      });
      return name;
    });
    state.products.push({
      groupKey,
      code,
      name: family ? `${design.name} - ${colourway.colour}` : design.name,
      pricing: design.pricing,
      priceDiscount: design.priceDiscount ?? 0,
      shortDescription: design.shortDescription,
      longDescription: design.longDescription,
      family,
      color: colourway.colour,
      sizing: group.sizing,
      isNew: design.isNew ?? false,
      sortOrder,
      images,
      stock: demoStock(group.sizing, colourway.stock, random),
      dimensions: plannedDimensions(design.dimensions ?? group.dimensions, group.sizing),
      packages: [],
    });
  }
}

function planBoxedSet(state: PlanState, groupKey: string, prefix: string, set: DemoBoxedSet) {
  const { code, sortOrder } = nextCode(state, prefix);
  const packages = set.packages.map((pkg, index): PlannedPackage => {
    const packageCode = `${code}-${slugify(pkg.colour).toUpperCase()}`;
    const icon = packageCode.toLowerCase();
    state.images.set(icon, {
      kind: 'item',
      name: icon,
      shape: 'gift-box',
      pattern: 'solid',
      color: PALETTE[pkg.colour],
      accent: PALETTE[pkg.ribbon],
      view: 'side',
      caption: pkg.name,
    });
    return {
      code: packageCode,
      name: pkg.name,
      pricing: pkg.pricing,
      longDescription: pkg.longDescription,
      icon,
      color: pkg.colour,
      instock: pkg.instock,
      sortOrder: index + 1,
      dimensions: set.dimensions,
    };
  });
  state.products.push({
    groupKey,
    code,
    name: set.name,
    pricing: Math.min(...packages.map((pkg) => pkg.pricing)),
    priceDiscount: 0,
    shortDescription: set.shortDescription,
    longDescription: set.longDescription,
    family: null,
    color: '',
    sizing: null,
    isNew: false,
    sortOrder,
    images: packages.map((pkg) => pkg.icon),
    // The set's own stock is what its packages hold together; each package keeps its count.
    stock: [{ size: null, instock: packages.reduce((sum, pkg) => sum + pkg.instock, 0) }],
    dimensions: [{ size: null, ...set.dimensions }],
    packages,
  });
}

/** Extra products for a benchmark catalogue, dressed in the images of the demo products of their group. */
function planSyntheticProducts(
  state: PlanState,
  count: number,
  groups: readonly [string, DemoProductGroup][],
) {
  const random = seededRandom(20_261_122);
  const templatesOf = new Map(
    groups.map(([key]) => [key, state.products.filter((product) => product.groupKey === key)]),
  );
  const words = SYNTHETIC_WORDS;
  let made = 0;
  for (let design = 0; made < count; design++) {
    const entry = groups[design % groups.length];
    if (!entry) break;
    const [groupKey, group] = entry;
    const templates = templatesOf.get(groupKey) ?? [];
    const colourways = Math.min(count - made, between(random, 1, 3), templates.length);
    const name = `${pick(random, words.places)} ${pick(random, words.motifs)} ${group.noun}`;
    const material = pick(random, words.materials);
    const shortDescription = `${name} in ${material}.`;
    const [feature, otherFeature] = pickTwo(random, words.features);
    const longDescription = `A ${material} ${group.noun.toLowerCase()} with ${feature} and ${otherFeature}. ${pick(random, words.closings)}`;
    const firstTemplate = between(random, 0, templates.length - 1);
    const firstPrice = templates[firstTemplate]?.pricing ?? 1499;
    // Colour siblings share a price, as the demo designs do.
    const pricing = Math.max(899, Math.round(firstPrice / 100 + between(random, -3, 3)) * 100 - 1);
    const priceDiscount = random() < 0.05 ? between(random, 1, 3) * 100 : 0;
    const isNew = random() < 0.08;
    let family: string | null = null;
    for (let c = 0; c < colourways; c++) {
      const template = templates[(firstTemplate + c) % templates.length];
      if (!template) break;
      const { code, sortOrder } = nextCode(state, group.codePrefix);
      if (colourways > 1) family ??= code.toLowerCase();
      state.products.push({
        groupKey,
        code,
        name: colourways > 1 ? `${name} - ${template.color}` : name,
        pricing,
        priceDiscount,
        shortDescription,
        longDescription,
        family,
        color: template.color,
        sizing: group.sizing,
        isNew,
        sortOrder,
        images: template.images,
        stock: syntheticStock(group.sizing, random),
        dimensions: [{ size: null, ...(template.dimensions[0] ?? group.dimensions) }],
        packages: [],
      });
      made++;
    }
  }
}

/** The demo catalogue, topped up with generated products when productCount asks for more. */
export function planCatalogue(productCount?: number): CataloguePlan {
  const state: PlanState = { tabs: [], products: [], images: new Map(), nextNumber: new Map() };
  const stockRandom = seededRandom(2024);
  const productGroups: [string, DemoProductGroup][] = [];

  DEMO_TABS.forEach((tab, tabIndex) => {
    const icon = `tab-${tab.slug}`;
    state.images.set(icon, {
      kind: 'item',
      name: icon,
      shape: tab.icon.shape,
      pattern: tab.icon.pattern,
      color: PALETTE[tab.icon.colour],
      accent: PALETTE[tab.icon.accent],
      view: 'side',
    });
    const groups = tab.groups.map((group, groupIndex): PlannedGroup => {
      const key = `${tab.slug}/${slugify(group.name)}`;
      if (group.kind === 'packages') {
        for (const set of group.sets) planBoxedSet(state, key, group.codePrefix, set);
      } else {
        for (const design of group.designs) planDesign(state, key, group, design, stockRandom);
        if (group.designs.length > 0) productGroups.push([key, group]);
      }
      const first = state.products.find((product) => product.groupKey === key);
      return { key, name: group.name, sortOrder: groupIndex + 1, icon: first?.images[0] ?? '' };
    });
    state.tabs.push({
      name: tab.name,
      isPackage: tab.isPackage,
      sortOrder: tabIndex + 1,
      icon,
      heading: tab.heading,
      description: tab.description,
      groups,
    });
  });

  const extra = (productCount ?? 0) - state.products.length;
  if (extra > 0) planSyntheticProducts(state, extra, productGroups);

  const steps = PROCESS_STEPS.map((step): PlannedStep => {
    const image = `process-step-${step.stepNo}`;
    state.images.set(image, {
      kind: 'step',
      name: image,
      stepNo: step.stepNo,
      title: step.title,
      icon: step.icon,
      color: PALETTE[step.colour],
    });
    return { stepNo: step.stepNo, title: step.title, image };
  });

  return { tabs: state.tabs, products: state.products, steps, images: [...state.images.values()] };
}
