/**
 * The demo shop's content: the catalogue, the custom-order steps, offers and accounts. Pure
 * constants: catalogue-plan.ts turns the catalogue into rows. What every shop needs, demo or not
 * (countries, provinces, taxes, messages, settings), is reference-data.ts's.
 * Money is integer cents, dimensions millimetres and grams.
 */
import type { Role } from '../../../domain/roles.ts';
import type { Pattern, Shape, StepIcon, View } from './images.ts';

export const PALETTE = {
  Red: '#b3262e',
  Charcoal: '#3b3f45',
  'Forest Green': '#2f5d3a',
  Navy: '#1f2f55',
  Rust: '#b5562a',
  Black: '#1b1b1d',
  'Heather Grey': '#9a9ea3',
  White: '#f7f7f4',
  Burgundy: '#6d1f2f',
  Camel: '#c19a6b',
  Grey: '#7d8288',
  Olive: '#5f6b2f',
  Oatmeal: '#d8ccb4',
  Lavender: '#a08cc8',
  Sage: '#9cae8e',
  Blush: '#e8b4b0',
  Teal: '#1f7a7a',
  Plum: '#6b3a5e',
  Cream: '#f1e8d4',
  Mustard: '#d4a22a',
  Pink: '#e58fb0',
  Brown: '#7a5234',
  Green: '#3f8a4a',
  Orange: '#e07a2a',
  Blue: '#2f6fb5',
  Yellow: '#f2c94c',
  Natural: '#e9e0cc',
  Gold: '#c9a227',
  Multicolour: '#ffffff',
} as const;
export type Colour = keyof typeof PALETTE;

export interface Dimensions {
  lengthMm: number;
  widthMm: number;
  heightMm: number;
  weightG: number;
}

export type SizeTypeKey = 'adult' | 'kids';

/** Each size ships a little bigger or smaller than the design's base dimensions. */
export const SIZE_TYPES: Record<
  SizeTypeKey,
  { name: string; sizes: readonly { name: string; scale: number }[] }
> = {
  adult: {
    name: 'Sock sizes',
    sizes: [
      { name: 'S', scale: 0.9 },
      { name: 'M', scale: 1 },
      { name: 'L', scale: 1.08 },
      { name: 'XL', scale: 1.15 },
    ],
  },
  kids: {
    name: 'Kids sizes',
    sizes: [
      { name: 'Toddler', scale: 0.8 },
      { name: 'Youth S', scale: 1 },
      { name: 'Youth L', scale: 1.15 },
    ],
  },
};

/** A number for an unsized item, or units per size name; what is not named gets an ordinary level. */
export type StockOverride = number | Readonly<Record<string, number>>;

export interface DemoColourway {
  colour: Colour;
  stock?: StockOverride;
}

/** One design; each colourway becomes a product, and colourways of one design are its colour siblings. */
export interface DemoDesign {
  name: string;
  shortDescription: string;
  longDescription: string;
  pricing: number;
  /** Cents off the price. */
  priceDiscount?: number;
  isNew?: boolean;
  shape: Shape;
  pattern: Pattern;
  accent: Colour;
  views: readonly View[];
  colourways: readonly DemoColourway[];
  dimensions?: Dimensions;
}

export interface DemoProductGroup {
  kind: 'products';
  name: string;
  codePrefix: string;
  sizing: SizeTypeKey | null;
  dimensions: Dimensions;
  /** What a generated product of this group is called ("Harbour Stripe <noun>"). */
  noun: string;
  designs: readonly DemoDesign[];
}

export interface DemoPackage {
  colour: Colour;
  ribbon: Colour;
  name: string;
  pricing: number;
  longDescription: string;
  instock: number;
}

export interface DemoBoxedSet {
  name: string;
  shortDescription: string;
  longDescription: string;
  dimensions: Dimensions;
  packages: readonly DemoPackage[];
}

export interface DemoPackageGroup {
  kind: 'packages';
  name: string;
  codePrefix: string;
  sets: readonly DemoBoxedSet[];
}

export interface DemoTab {
  name: string;
  slug: string;
  isPackage: boolean;
  heading: string;
  description: string;
  icon: { shape: Shape; pattern: Pattern; colour: Colour; accent: Colour };
  groups: readonly (DemoProductGroup | DemoPackageGroup)[];
}

const CREW: Dimensions = { lengthMm: 250, widthMm: 100, heightMm: 20, weightG: 80 };
const DRESS: Dimensions = { lengthMm: 260, widthMm: 90, heightMm: 15, weightG: 60 };
const HIKING: Dimensions = { lengthMm: 270, widthMm: 110, heightMm: 30, weightG: 115 };
const ANKLE: Dimensions = { lengthMm: 180, widthMm: 90, heightMm: 15, weightG: 50 };
const KNEE: Dimensions = { lengthMm: 400, widthMm: 95, heightMm: 20, weightG: 100 };

const CARE = 'Machine wash cold, tumble dry low. Knitted in Canada.';

export const DEMO_TABS: readonly DemoTab[] = [
  {
    name: "Men's Socks",
    slug: 'mens-socks',
    isPackage: false,
    heading: 'Everyday crew socks knitted in Canada',
    description:
      'From the boardroom to the backcountry: combed cotton, merino and bamboo socks knitted in small batches at our mill in Ontario. Every pair has a hand-linked toe seam and a reinforced heel.',
    icon: { shape: 'crew', pattern: 'stripes', colour: 'Navy', accent: 'Cream' },
    groups: [
      {
        kind: 'products',
        name: 'Crew',
        codePrefix: 'MS-CRW',
        sizing: 'adult',
        dimensions: CREW,
        noun: 'Crew Sock',
        designs: [
          {
            name: 'Maple Leaf Crew Sock',
            shortDescription: 'Our best seller: soft combed cotton with a knitted maple leaf motif.',
            longDescription: `A proud everyday crew in combed cotton with a touch of nylon for shape, knitted with small maple leaves all the way round. The cushioned sole takes a full day on your feet and the ribbed cuff stays up without pinching. ${CARE}`,
            pricing: 1499,
            priceDiscount: 200,
            shape: 'crew',
            pattern: 'leaf',
            accent: 'Cream',
            views: ['side', 'pair', 'knit', 'banded'],
            colourways: [
              { colour: 'Red', stock: { XL: 0 } },
              { colour: 'Charcoal', stock: { S: 4 } },
              { colour: 'Forest Green' },
            ],
          },
          {
            name: 'Muskoka Stripe Crew Sock',
            shortDescription: 'Bold cottage-country stripes on a midweight cotton crew.',
            longDescription: `Inspired by the canoe racks of Muskoka, these stripes are knitted in, not printed, so they never crack or fade. Midweight cotton with a half-cushion foot for sneakers and boots alike. ${CARE}`,
            pricing: 1299,
            shape: 'crew',
            pattern: 'stripes',
            accent: 'Cream',
            views: ['side', 'pair', 'knit'],
            colourways: [{ colour: 'Navy' }, { colour: 'Rust' }],
          },
          {
            name: 'Everyday Cotton Crew Sock',
            shortDescription: 'The plain crew you reach for every morning.',
            longDescription: `No logos, no fuss: a breathable cotton crew with a seamless toe and a heel that does not slip. Buy a drawer full and never match socks again. ${CARE}`,
            pricing: 899,
            shape: 'crew',
            pattern: 'solid',
            accent: 'Charcoal',
            views: ['side', 'pair'],
            colourways: [
              { colour: 'Black' },
              { colour: 'Navy' },
              { colour: 'White', stock: { M: 8, L: 3 } },
              { colour: 'Heather Grey' },
            ],
          },
          {
            name: 'Argyle Heritage Crew Sock',
            shortDescription: 'A classic argyle in fine-gauge cotton, for the tweed-jacket crowd.',
            longDescription: `Three-colour argyle knitted on fine-gauge machines for crisp diamonds and a smooth feel inside the shoe. Reinforced heel and toe, and a comfort cuff that leaves no marks. ${CARE}`,
            pricing: 1699,
            shape: 'crew',
            pattern: 'argyle',
            accent: 'Cream',
            views: ['side', 'knit', 'banded'],
            colourways: [{ colour: 'Burgundy' }, { colour: 'Camel' }],
          },
          {
            name: 'Canoe Club Crew Sock',
            shortDescription: 'Colour-block crew with a contrast cuff, made for the dock and the office.',
            longDescription: `Two-tone colour blocking on a bamboo-cotton blend that stays cool in summer and warm enough in spring. The arch band keeps the sock in place inside loafers. ${CARE}`,
            pricing: 1399,
            isNew: true,
            shape: 'crew',
            pattern: 'blocks',
            accent: 'Cream',
            views: ['side', 'pair', 'banded'],
            colourways: [{ colour: 'Olive' }, { colour: 'Navy' }],
          },
        ],
      },
      {
        kind: 'products',
        name: 'Dress',
        codePrefix: 'MS-DRS',
        sizing: 'adult',
        dimensions: DRESS,
        noun: 'Dress Sock',
        designs: [
          {
            name: 'Bay Street Dress Sock',
            shortDescription: 'A fine ribbed mercerized-cotton dress sock with a subtle sheen.',
            longDescription: `Mercerized cotton gives this over-the-calf-length dress sock its polish and keeps the colour deep wash after wash. Fine ribbing, flat toe seam, and a shape that holds through the longest meeting. ${CARE}`,
            pricing: 1599,
            shape: 'crew',
            pattern: 'rib',
            accent: 'Charcoal',
            views: ['side', 'knit', 'banded'],
            colourways: [{ colour: 'Black' }, { colour: 'Navy' }, { colour: 'Charcoal' }],
          },
          {
            name: 'Pin Dot Dress Sock',
            shortDescription: 'Tiny pin dots that say "I dressed with care" without shouting.',
            longDescription: `A lightweight dress sock with a scattering of pin dots knitted in a contrasting yarn. Slim enough for fitted shoes, with a cushioned heel for the walk to the office. ${CARE}`,
            pricing: 1699,
            shape: 'crew',
            pattern: 'dots',
            accent: 'Cream',
            views: ['side', 'pair'],
            colourways: [{ colour: 'Navy' }, { colour: 'Burgundy', stock: { S: 0, M: 0, L: 0, XL: 0 } }],
          },
          {
            name: 'Merino Herringbone Dress Sock',
            shortDescription: 'Extra-fine merino in a herringbone weave: warm, thin and itch-free.',
            longDescription:
              'Extra-fine 17.5 micron merino wool knitted in a herringbone pattern. Merino regulates temperature and resists odour, so these are as happy on a flight as at a wedding. Hand wash or machine wash on the wool cycle. Knitted in Canada.',
            pricing: 2199,
            isNew: true,
            shape: 'crew',
            pattern: 'chevron',
            accent: 'Heather Grey',
            views: ['side', 'knit', 'pair', 'banded'],
            colourways: [{ colour: 'Grey' }],
          },
        ],
      },
      {
        kind: 'products',
        name: 'Wool Hiking',
        codePrefix: 'MS-HIK',
        sizing: 'adult',
        dimensions: HIKING,
        noun: 'Hiking Sock',
        designs: [
          {
            name: 'Algonquin Trail Hiker',
            shortDescription: 'Full-cushion merino hiker for long days on the portage.',
            longDescription:
              'A full terry-loop cushion under the foot, a mesh vent over the top and a merino-nylon blend that wicks sweat and dries fast at camp. Built to be re-soled by your boots, not by holes. Machine wash warm, air dry. Knitted in Canada.',
            pricing: 2499,
            shape: 'crew',
            pattern: 'blocks',
            accent: 'Charcoal',
            views: ['side', 'pair', 'knit'],
            colourways: [{ colour: 'Olive' }, { colour: 'Rust' }],
          },
          {
            name: 'Bruce Trail Merino Crew',
            shortDescription: 'A lighter striped merino crew for day hikes and cool evenings.',
            longDescription:
              'Light cushion, targeted arch support and a merino blend that stays warm when wet. Stripes at the cuff make pairs easy to find in a tent. Machine wash warm, air dry. Knitted in Canada.',
            pricing: 2299,
            shape: 'crew',
            pattern: 'stripes',
            accent: 'Oatmeal',
            views: ['side', 'banded'],
            colourways: [{ colour: 'Grey' }, { colour: 'Forest Green' }],
          },
          {
            name: 'Yukon Expedition Boot Sock',
            shortDescription: 'Our heaviest wool sock, knee-length, for snow boots and ice fishing.',
            longDescription:
              'Heavyweight wool with a full cushion from toe to knee, knitted loose enough to trap warm air and tight enough to last seasons of winter work. Pairs well with felt-lined boots at minus thirty. Hand wash cold, lay flat to dry. Knitted in Canada.',
            pricing: 3499,
            shape: 'knee',
            pattern: 'rib',
            accent: 'Charcoal',
            views: ['side', 'knit', 'pair'],
            colourways: [{ colour: 'Oatmeal', stock: { L: 6 } }],
            dimensions: { lengthMm: 420, widthMm: 110, heightMm: 35, weightG: 120 },
          },
        ],
      },
      {
        kind: 'products',
        name: 'Ankle',
        codePrefix: 'MS-ANK',
        sizing: 'adult',
        dimensions: ANKLE,
        noun: 'Ankle Sock',
        designs: [
          {
            name: 'Sport No-Show Sock',
            shortDescription: 'Hidden in sneakers, with a silicone heel grip that stays put.',
            longDescription: `A low-cut sport sock with a cushioned sole, a breathable mesh top and a silicone heel tab so it never slides under your foot mid-run. ${CARE}`,
            pricing: 999,
            shape: 'ankle',
            pattern: 'solid',
            accent: 'Heather Grey',
            views: ['side', 'pair'],
            colourways: [{ colour: 'White' }, { colour: 'Black' }],
          },
          {
            name: 'Lakeshore Quarter Sock',
            shortDescription: 'A striped quarter-length sock for boat shoes and summer walks.',
            longDescription: `Sits just above the ankle bone, with a light cushion and stripes borrowed from a beach towel. Breathable cotton for long Lake Ontario afternoons. ${CARE}`,
            pricing: 1099,
            shape: 'ankle',
            pattern: 'stripes',
            accent: 'White',
            views: ['side', 'banded', 'knit'],
            colourways: [{ colour: 'Navy' }, { colour: 'Grey' }],
          },
        ],
      },
    ],
  },
  {
    name: "Women's Socks",
    slug: 'womens-socks',
    isPackage: false,
    heading: 'Colourful socks for every season',
    description:
      'Florals, tartans and cosy cables, in lengths from no-show to over-the-knee. Designed in our Mississauga studio and knitted in Ontario.',
    icon: { shape: 'crew', pattern: 'dots', colour: 'Plum', accent: 'Blush' },
    groups: [
      {
        kind: 'products',
        name: 'Crew',
        codePrefix: 'WS-CRW',
        sizing: 'adult',
        dimensions: { lengthMm: 240, widthMm: 90, heightMm: 20, weightG: 70 },
        noun: 'Crew Sock',
        designs: [
          {
            name: 'Wildflower Crew Sock',
            shortDescription: 'A meadow of tiny knitted flowers on soft combed cotton.',
            longDescription: `Little wildflowers scattered over a soft cotton crew, with a cushioned footbed and a relaxed cuff. Lovely with ankle boots and rolled jeans. ${CARE}`,
            pricing: 1399,
            isNew: true,
            shape: 'crew',
            pattern: 'dots',
            accent: 'Cream',
            views: ['side', 'pair', 'knit'],
            colourways: [{ colour: 'Lavender' }, { colour: 'Sage' }, { colour: 'Blush', stock: { S: 2 } }],
          },
          {
            name: 'Northern Lights Crew Sock',
            shortDescription: 'Zig-zag waves of colour, like the sky over Yellowknife.',
            longDescription: `A chevron pattern in two tones that shimmer like the aurora. Midweight cotton-bamboo blend, reinforced heel and toe. ${CARE}`,
            pricing: 1499,
            shape: 'crew',
            pattern: 'chevron',
            accent: 'Lavender',
            views: ['side', 'knit', 'banded'],
            colourways: [{ colour: 'Teal' }, { colour: 'Plum' }],
          },
          {
            name: 'Cable Knit Cozy Crew',
            shortDescription: 'A thick ribbed crew for reading weekends and cold floors.',
            longDescription:
              'Chunky ribs in a wool-cotton blend that feels like a sweater for your feet. Wear them around the cabin or inside roomy boots. Machine wash cold on the delicate cycle, lay flat to dry. Knitted in Canada.',
            pricing: 1899,
            shape: 'crew',
            pattern: 'rib',
            accent: 'Oatmeal',
            views: ['side', 'pair'],
            colourways: [{ colour: 'Cream' }, { colour: 'Heather Grey' }],
          },
        ],
      },
      {
        kind: 'products',
        name: 'Knee-high',
        codePrefix: 'WS-KNE',
        sizing: 'adult',
        dimensions: KNEE,
        noun: 'Knee-High',
        designs: [
          {
            name: 'Tartan Knee-High',
            shortDescription: 'A warm tartan knee sock with a nod to Nova Scotia.',
            longDescription: `Woven-look tartan knitted in a soft acrylic-wool blend, with a stay-up cuff that does not dig in. Perfect with skirts and tall boots all winter. ${CARE}`,
            pricing: 2299,
            shape: 'knee',
            pattern: 'tartan',
            accent: 'Forest Green',
            views: ['side', 'knit', 'pair', 'banded'],
            colourways: [{ colour: 'Red' }, { colour: 'Navy', stock: { M: 0 } }],
          },
          {
            name: 'Over-the-Knee Merino Sock',
            shortDescription: 'Long, fine merino that sits just above the knee.',
            longDescription:
              'Fine merino with a hint of elastane so it stays up without a tight band. Warm under dresses and breathable under trousers. Hand wash or machine wash on the wool cycle. Knitted in Canada.',
            pricing: 2799,
            shape: 'knee',
            pattern: 'rib',
            accent: 'Charcoal',
            views: ['side', 'banded'],
            colourways: [{ colour: 'Charcoal' }, { colour: 'Burgundy' }],
          },
          {
            name: 'Polka Dot Knee-High',
            shortDescription: 'Cheerful dots from ankle to knee.',
            longDescription: `Playful polka dots on a smooth cotton knee sock with a reinforced heel and toe. The cuff has a soft welt so it holds up without leaving marks. ${CARE}`,
            pricing: 1999,
            priceDiscount: 300,
            shape: 'knee',
            pattern: 'dots',
            accent: 'Cream',
            views: ['side', 'pair', 'knit'],
            colourways: [{ colour: 'Navy' }, { colour: 'Mustard' }],
          },
        ],
      },
      {
        kind: 'products',
        name: 'Ankle',
        codePrefix: 'WS-ANK',
        sizing: 'adult',
        dimensions: { lengthMm: 170, widthMm: 85, heightMm: 15, weightG: 45 },
        noun: 'Ankle Sock',
        designs: [
          {
            name: 'Everyday Ankle Sock',
            shortDescription: 'A light cotton ankle sock for sneakers and flats.',
            longDescription: `Thin enough for flats, cushioned enough for a walk. A small heel tab keeps it from slipping and the flat toe seam disappears. ${CARE}`,
            pricing: 899,
            shape: 'ankle',
            pattern: 'solid',
            accent: 'Heather Grey',
            views: ['side', 'pair'],
            colourways: [{ colour: 'White' }, { colour: 'Black' }, { colour: 'Pink' }],
          },
          {
            name: 'Studio Grip Sock',
            shortDescription: 'Non-slip dots underfoot for yoga, barre and pilates.',
            longDescription: `Silicone grip dots on the sole hold the mat and the studio floor, while the low cut and breathable cotton keep you cool through the last pose. ${CARE}`,
            pricing: 1499,
            shape: 'ankle',
            pattern: 'dots',
            accent: 'Charcoal',
            views: ['side', 'knit', 'banded'],
            colourways: [{ colour: 'Grey' }, { colour: 'Blush' }],
          },
        ],
      },
    ],
  },
  {
    name: "Kids' Socks",
    slug: 'kids-socks',
    isPackage: false,
    heading: 'Tough little socks for busy feet',
    description:
      'Reinforced knees of the sock world: extra-durable heels and toes, grippy soles for small explorers, and patterns kids actually want to wear.',
    icon: { shape: 'ankle', pattern: 'rainbow', colour: 'Multicolour', accent: 'White' },
    groups: [
      {
        kind: 'products',
        name: 'Everyday',
        codePrefix: 'KS-EVD',
        sizing: 'kids',
        dimensions: { lengthMm: 160, widthMm: 70, heightMm: 15, weightG: 35 },
        noun: 'Kids Crew',
        designs: [
          {
            name: 'Little Moose Crew Sock',
            shortDescription: 'A soft kids crew with a herd of little moose spots.',
            longDescription: `Soft cotton with double-stitched heels and toes that survive the schoolyard. Comfortable seams for sensitive feet. ${CARE}`,
            pricing: 899,
            shape: 'crew',
            pattern: 'dots',
            accent: 'Cream',
            views: ['side', 'pair'],
            colourways: [{ colour: 'Brown' }, { colour: 'Green' }],
          },
          {
            name: 'Rainbow Stripe Kids Crew',
            shortDescription: 'Every colour of the rainbow, knitted in.',
            longDescription: `Six bright stripes that stay bright, wash after wash. A kids favourite for picture day and every other day. ${CARE}`,
            pricing: 999,
            isNew: true,
            shape: 'crew',
            pattern: 'rainbow',
            accent: 'White',
            views: ['side', 'pair', 'knit'],
            colourways: [{ colour: 'Multicolour' }],
          },
          {
            name: 'Beaver Buddies Crew Sock',
            shortDescription: 'Striped crew socks for little beavers.',
            longDescription: `Playful stripes in a soft, stretchy cotton that is easy for small hands to pull on. Reinforced heel and toe. ${CARE}`,
            pricing: 899,
            shape: 'crew',
            pattern: 'stripes',
            accent: 'Cream',
            views: ['side', 'banded'],
            colourways: [{ colour: 'Orange' }, { colour: 'Blue' }],
          },
        ],
      },
      {
        kind: 'products',
        name: 'Non-slip',
        codePrefix: 'KS-GRP',
        sizing: 'kids',
        dimensions: { lengthMm: 140, widthMm: 65, heightMm: 15, weightG: 30 },
        noun: 'Grip Sock',
        designs: [
          {
            name: 'Toddler Grip Sock',
            shortDescription: 'Grippy soles for first steps on slippery floors.',
            longDescription: `Rubberised dots under the foot help little walkers on hardwood and tile. A soft, non-binding cuff for chubby ankles. ${CARE}`,
            pricing: 899,
            shape: 'ankle',
            pattern: 'dots',
            accent: 'White',
            views: ['side', 'pair', 'knit'],
            colourways: [{ colour: 'Yellow', stock: { Toddler: 5 } }, { colour: 'Pink' }, { colour: 'Blue' }],
          },
          {
            name: 'Hockey Night Kids Sock',
            shortDescription: 'Team-stripe knee socks for the rink and the couch.',
            longDescription: `Hockey-style stripes on a cushioned knee sock that fits under shin pads. Moisture-wicking so skates stay comfortable through the third period. ${CARE}`,
            pricing: 1299,
            shape: 'knee',
            pattern: 'stripes',
            accent: 'White',
            views: ['side', 'pair'],
            colourways: [{ colour: 'Red' }, { colour: 'Blue', stock: { 'Youth L': 0 } }],
            dimensions: { lengthMm: 300, widthMm: 80, heightMm: 20, weightG: 60 },
          },
        ],
      },
    ],
  },
  {
    name: 'Gift Packages',
    slug: 'gift-packages',
    isPackage: true,
    heading: 'Boxed sets ready to give',
    description:
      'Hand-packed gift boxes and bundles with a card for your message. Each set is wrapped in our kraft box and tied with a ribbon.',
    icon: { shape: 'gift-box', pattern: 'solid', colour: 'Red', accent: 'Gold' },
    groups: [
      {
        kind: 'packages',
        name: 'Gift Boxes',
        codePrefix: 'GP-BOX',
        sets: [
          {
            name: 'Holiday Gift Box',
            shortDescription: 'Three pairs of festive socks in a ribboned gift box.',
            longDescription:
              'Three pairs of our holiday favourites nestled in tissue inside a rigid gift box, with a blank card for your note. Fits one adult size M or L.',
            dimensions: { lengthMm: 300, widthMm: 200, heightMm: 80, weightG: 450 },
            packages: [
              {
                colour: 'Red',
                ribbon: 'Gold',
                name: 'Holiday Gift Box - Red',
                pricing: 5999,
                longDescription:
                  'A red box with a gold ribbon holding one pair each of Maple Leaf Crew, Muskoka Stripe Crew and Tartan Knee-High.',
                instock: 24,
              },
              {
                colour: 'Forest Green',
                ribbon: 'Gold',
                name: 'Holiday Gift Box - Green',
                pricing: 5999,
                longDescription:
                  'A forest-green box with a gold ribbon holding one pair each of Maple Leaf Crew, Cable Knit Cozy Crew and Northern Lights Crew.',
                instock: 0,
              },
              {
                colour: 'White',
                ribbon: 'Red',
                name: 'Holiday Gift Box - Snow',
                pricing: 6499,
                longDescription:
                  'A snow-white box with a red ribbon and three pairs of merino: Bruce Trail Crew, Merino Herringbone Dress and Over-the-Knee Merino.',
                instock: 15,
              },
            ],
          },
          {
            name: 'Maple Sampler Box',
            shortDescription: 'Two pairs of our Canadian classics, boxed.',
            longDescription:
              'A slim gift box with two pairs of our most Canadian socks, ready for a visitor, a host or a homesick friend abroad.',
            dimensions: { lengthMm: 280, widthMm: 160, heightMm: 50, weightG: 260 },
            packages: [
              {
                colour: 'Red',
                ribbon: 'White',
                name: 'Maple Sampler Box - Red',
                pricing: 3999,
                longDescription: 'Maple Leaf Crew in red and Everyday Cotton Crew in white, in a red box.',
                instock: 3,
              },
              {
                colour: 'Navy',
                ribbon: 'Red',
                name: 'Maple Sampler Box - Navy',
                pricing: 3999,
                longDescription:
                  'Maple Leaf Crew in charcoal and Muskoka Stripe Crew in navy, in a navy box.',
                instock: 40,
              },
            ],
          },
        ],
      },
      {
        kind: 'packages',
        name: 'Bundles',
        codePrefix: 'GP-BDL',
        sets: [
          {
            name: 'Hiking Trio',
            shortDescription: 'Three pairs of merino trail socks for the hiker in your life.',
            longDescription:
              'A trio of our merino hiking socks: full cushion, light cushion and a boot sock, packed in a recycled box with a trail map card.',
            dimensions: { lengthMm: 300, widthMm: 200, heightMm: 90, weightG: 520 },
            packages: [
              {
                colour: 'Olive',
                ribbon: 'Oatmeal',
                name: 'Hiking Trio - Earth',
                pricing: 6499,
                longDescription:
                  'Olive, rust and oatmeal: Algonquin Trail Hiker, Bruce Trail Merino Crew and Yukon Boot Sock.',
                instock: 18,
              },
              {
                colour: 'Charcoal',
                ribbon: 'Heather Grey',
                name: 'Hiking Trio - Granite',
                pricing: 6499,
                longDescription: 'Three shades of grey for the minimalist hiker, in the same three styles.',
                instock: 22,
              },
            ],
          },
          {
            name: 'Office Week Five-Pack',
            shortDescription: 'Five pairs of dress socks, one for every working day.',
            longDescription:
              'Five pairs of our dress socks banded together in a keepsake box: Monday to Friday sorted. Fits adult sizes M to XL.',
            dimensions: { lengthMm: 280, widthMm: 180, heightMm: 70, weightG: 380 },
            packages: [
              {
                colour: 'Black',
                ribbon: 'Charcoal',
                name: 'Office Week Five-Pack - Black',
                pricing: 6999,
                longDescription: 'Five pairs of Bay Street Dress Socks in black.',
                instock: 30,
              },
              {
                colour: 'Navy',
                ribbon: 'Cream',
                name: 'Office Week Five-Pack - Navy',
                pricing: 6999,
                longDescription: 'Five pairs of Bay Street Dress Socks in navy.',
                instock: 26,
              },
              {
                colour: 'Burgundy',
                ribbon: 'Camel',
                name: 'Office Week Five-Pack - Mixed',
                pricing: 7499,
                longDescription:
                  'Bay Street in black and navy, Pin Dot in navy and burgundy, and one Merino Herringbone.',
                instock: 12,
              },
            ],
          },
        ],
      },
    ],
  },
  {
    name: 'Accessories',
    slug: 'accessories',
    isPackage: false,
    heading: 'Cases, bags and toques to match your socks',
    description:
      'Little extras from the same designs: phone cases with our knitted patterns, bags that keep pairs together and toques from the same yarn as our socks.',
    icon: { shape: 'toque', pattern: 'rib', colour: 'Red', accent: 'Cream' },
    groups: [
      {
        kind: 'products',
        name: 'Phone Cases',
        codePrefix: 'AC-PHN',
        sizing: null,
        dimensions: { lengthMm: 170, widthMm: 90, heightMm: 15, weightG: 45 },
        noun: 'Phone Case',
        designs: [
          {
            name: 'Sock Stripe Phone Case',
            shortDescription: 'Our Muskoka stripe on a slim, shock-absorbing case.',
            longDescription:
              'A slim polycarbonate case with a soft-touch finish printed with our Muskoka stripe. Raised edges protect the screen and camera; wireless charging works through it. Fits the latest 6.1 inch phones.',
            pricing: 2999,
            shape: 'phone-case',
            pattern: 'stripes',
            accent: 'Cream',
            views: ['side', 'pair', 'knit'],
            colourways: [{ colour: 'Navy' }, { colour: 'Red' }],
          },
          {
            name: 'Maple Leaf Phone Case',
            shortDescription: 'Maple leaves all over a rugged double-layer case.',
            longDescription:
              'Our maple leaf knit pattern on a double-layer case: a flexible inner shell and a hard outer back. Passes a 2 m drop test. Fits the latest 6.1 inch phones.',
            pricing: 3499,
            shape: 'phone-case',
            pattern: 'leaf',
            accent: 'White',
            views: ['side', 'knit'],
            colourways: [{ colour: 'Red', stock: 0 }],
          },
        ],
      },
      {
        kind: 'products',
        name: 'Bags & Totes',
        codePrefix: 'AC-BAG',
        sizing: null,
        dimensions: { lengthMm: 400, widthMm: 380, heightMm: 10, weightG: 150 },
        noun: 'Tote Bag',
        designs: [
          {
            name: 'Sock Drawer Tote Bag',
            shortDescription: 'A sturdy cotton canvas tote with a polka-dot print.',
            longDescription:
              'Heavy 12 oz cotton canvas with long handles that go over a winter coat, and an inside pocket for keys. Big enough for a week of groceries or a weekend of socks.',
            pricing: 1999,
            shape: 'tote',
            pattern: 'dots',
            accent: 'Red',
            views: ['side', 'knit'],
            colourways: [{ colour: 'Natural' }],
          },
          {
            name: 'Mesh Laundry Bag for Socks',
            shortDescription: 'Keeps pairs together in the wash: no more lonely socks.',
            longDescription:
              'A fine polyester mesh bag with a drawstring toggle. Drop your socks in, wash and dry them in the bag, and every pair comes out together.',
            pricing: 899,
            shape: 'laundry-bag',
            pattern: 'mesh',
            accent: 'Heather Grey',
            views: ['side', 'pair'],
            colourways: [{ colour: 'White', stock: 7 }],
            dimensions: { lengthMm: 300, widthMm: 250, heightMm: 10, weightG: 40 },
          },
        ],
      },
      {
        kind: 'products',
        name: 'Toques',
        codePrefix: 'AC-TOQ',
        sizing: null,
        dimensions: { lengthMm: 250, widthMm: 220, heightMm: 40, weightG: 110 },
        noun: 'Toque',
        designs: [
          {
            name: 'Maple Sock Toque',
            shortDescription: 'A ribbed knit toque from the same yarn as our socks.',
            longDescription:
              'Double-layer ribbed acrylic-wool toque with a fold-up cuff and a pompom. Warm enough for a January bus stop, soft enough not to itch. Hand wash cold, lay flat to dry.',
            pricing: 2999,
            shape: 'toque',
            pattern: 'rib',
            accent: 'Cream',
            views: ['side', 'pair', 'knit'],
            colourways: [{ colour: 'Red' }, { colour: 'Charcoal' }],
          },
          {
            name: 'Pom-Pom Winter Toque',
            shortDescription: 'A striped toque with a big pompom, fleece-lined for real cold.',
            longDescription:
              'Striped knit outside, soft fleece inside, and a pompom you can spot across the rink. One size fits most adults. Hand wash cold, lay flat to dry.',
            pricing: 3299,
            shape: 'toque',
            pattern: 'stripes',
            accent: 'Cream',
            views: ['side', 'knit'],
            colourways: [{ colour: 'Forest Green', stock: 9 }],
          },
        ],
      },
      {
        // Kept empty on purpose: the shopping page hides groups without products.
        kind: 'products',
        name: 'Sock Care',
        codePrefix: 'AC-CAR',
        sizing: null,
        dimensions: { lengthMm: 150, widthMm: 100, heightMm: 40, weightG: 200 },
        noun: 'Sock Care Kit',
        designs: [],
      },
    ],
  },
];

// ---------------------------------------------------------------- generated products (benchmark catalogues)

/** Word lists that name and describe generated products: "<place> <motif> <noun>". */
export const SYNTHETIC_WORDS = {
  places: [
    'Harbour',
    'Prairie',
    'Glacier',
    'Cedar',
    'Aurora',
    'Maritime',
    'Tundra',
    'Birch',
    'Lakeside',
    'Summit',
    'Timber',
    'Frost',
    'Meadow',
    'Granite',
    'Northern',
    'Coastal',
    'Cabin',
    'Trillium',
    'Loon',
    'Caribou',
    'Georgian Bay',
    'Fundy',
    'Okanagan',
    'Laurentian',
    'Rideau',
    'Klondike',
    'Cabot',
    'Niagara',
  ],
  motifs: [
    'Stripe',
    'Dot',
    'Rib',
    'Block',
    'Weave',
    'Trail',
    'Check',
    'Wave',
    'Zigzag',
    'Pine',
    'Plaid',
    'Heather',
    'Diamond',
    'Snowflake',
    'Marl',
  ],
  materials: [
    'combed cotton',
    'merino wool',
    'bamboo blend',
    'organic cotton',
    'recycled cotton',
    'wool-cotton blend',
  ],
  features: [
    'a cushioned sole',
    'a reinforced heel and toe',
    'a seamless toe',
    'a comfort cuff that stays up',
    'targeted arch support',
    'a breathable mesh top',
  ],
  closings: [
    'Designed in Mississauga and knitted in Ontario.',
    'Machine wash cold, tumble dry low.',
    'Made in small batches, so every run is a little different.',
    'A favourite with our regulars at Square One.',
    'Colour-fast yarns that stay bright wash after wash.',
  ],
} as const;

// ---------------------------------------------------------------- custom socks process

export const PROCESS_STEPS: readonly { stepNo: number; title: string; icon: StepIcon; colour: Colour }[] = [
  { stepNo: 1, title: 'Send us your idea', icon: 'idea', colour: 'Red' },
  { stepNo: 2, title: 'We draw your design', icon: 'draw', colour: 'Navy' },
  { stepNo: 3, title: 'You approve the proof', icon: 'approve', colour: 'Forest Green' },
  { stepNo: 4, title: 'We knit your socks', icon: 'knit', colour: 'Rust' },
  { stepNo: 5, title: 'Delivered to your door', icon: 'deliver', colour: 'Plum' },
];

// ---------------------------------------------------------------- offers

export const SPECIAL_OFFERS: readonly {
  productCode?: string;
  title: string;
  detail: string;
  rules: string;
}[] = [
  {
    title: 'Free shipping in Ontario from CDN$150',
    detail:
      '<p>Orders of <strong>CDN$150</strong> or more ship free anywhere in Ontario. Everywhere else in Canada, shipping is free from <strong>CDN$250</strong>.</p>',
    rules: 'Cart total before tax. Canadian addresses only.',
  },
  {
    productCode: 'MS-CRW-001',
    title: 'Maple Leaf Crew: CDN$2 off every pair',
    detail:
      '<p>Our best seller is on sale: <strong>save CDN$2.00</strong> on every pair of <em>Maple Leaf Crew</em> socks, in every colour.</p>',
    rules: 'While stock lasts. Cannot be combined with gift-box pricing.',
  },
];

// ---------------------------------------------------------------- accounts

export interface DemoAccount {
  user_name: string;
  email: string;
  password: string;
  roles: readonly Role[];
}

/** Sign-in details of the demo accounts, for tests and the README. */
export const DEMO_ACCOUNTS = {
  client: { user_name: 'demo', email: 'demo@maplesock.ca', password: 'Socks2026!', roles: ['CLIENT'] },
  pos: {
    user_name: 'cashier',
    email: 'cashier@maplesock.ca',
    password: 'Cashier2026!',
    roles: ['CLIENT', 'POS'],
  },
  admin: {
    user_name: 'admin',
    email: 'admin@maplesock.ca',
    password: 'Admin2026!',
    roles: ['CLIENT', 'POS', 'ADMIN'],
  },
} as const satisfies Record<string, DemoAccount>;

const STORE_CONTACT = {
  phone: '905-555-0100',
  address: 'Unit 112, 100 City Centre Dr',
  city: 'Mississauga',
  province: 'ON',
  country: 'Canada',
  postalcode: 'L5B 2C9',
};

export const DEMO_PROFILES: Record<
  keyof typeof DEMO_ACCOUNTS,
  {
    firstName: string;
    lastName: string;
    companyName: string;
    phone: string;
    address: string;
    city: string;
    province: string;
    country: string;
    postalcode: string;
  }
> = {
  client: {
    firstName: 'Jamie',
    lastName: 'Tremblay',
    companyName: 'Northern Gift Shop',
    phone: '416-555-0142',
    address: '245 Queen St W',
    city: 'Toronto',
    province: 'ON',
    country: 'Canada',
    postalcode: 'M5V 1Z4',
  },
  pos: { firstName: 'Alex', lastName: 'Martin', companyName: 'Maple Sock Co. Inc.', ...STORE_CONTACT },
  admin: { firstName: 'Morgan', lastName: 'Lee', companyName: 'Maple Sock Co. Inc.', ...STORE_CONTACT },
};
