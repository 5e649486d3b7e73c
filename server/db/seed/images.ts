/**
 * Demo images drawn in code as SVG and rendered locally by sharp: nothing is downloaded. Each image is
 * written in the three variants the web asks for by swapping the path segment (full, extra-small,
 * thumbnail).
 */
import { access, mkdir, rename, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { loadSharp } from '../../lib/image-codecs.ts';

export type Shape = 'crew' | 'ankle' | 'knee' | 'phone-case' | 'tote' | 'toque' | 'laundry-bag' | 'gift-box';
export type Pattern =
  | 'solid'
  | 'stripes'
  | 'rainbow'
  | 'dots'
  | 'argyle'
  | 'chevron'
  | 'blocks'
  | 'leaf'
  | 'rib'
  | 'tartan'
  | 'mesh';
/** side: the item alone; pair: two of it; knit: a close-up of the fabric; banded: laid flat in its paper band. */
export type View = 'side' | 'pair' | 'knit' | 'banded';
export type StepIcon = 'idea' | 'draw' | 'approve' | 'knit' | 'deliver';

export type ImageSpec =
  | {
      kind: 'item';
      name: string;
      shape: Shape;
      pattern: Pattern;
      color: string;
      accent: string;
      view: View;
      caption?: string;
    }
  | { kind: 'step'; name: string; stepNo: number; title: string; icon: StepIcon; color: string };

export const IMAGE_VARIANTS = [
  { folder: 'full', size: 800 },
  { folder: 'extra-small', size: 240 },
  { folder: 'thumbnail', size: 96 },
] as const;

const SIZE = 800;
const FONT = 'DejaVu Sans, Liberation Sans, Arial, Helvetica, sans-serif';
const BRAND = 'MAPLE SOCK CO.';
const BACKGROUNDS: Record<View, string> = {
  side: '#f4efe6',
  pair: '#e8eef2',
  knit: '#ffffff',
  banded: '#efe9f1',
};

/** The URL path stored in the database: the full variant, which the web turns into the others. */
export function imageUrl(name: string): string {
  return `/images/full/${name}.webp`;
}

export function imageFile(imagesDir: string, folder: string, name: string): string {
  return path.join(imagesDir, folder, `${name}.webp`);
}

export interface EnsureImagesResult {
  /** Distinct images the catalogue uses. */
  total: number;
  /** Images written now because a variant was missing. */
  generated: number;
}

/** Writes every image that is missing; existing files are left alone, so restarts cost only a stat each. */
export async function ensureImages(
  imagesDir: string,
  specs: readonly ImageSpec[],
): Promise<EnsureImagesResult> {
  await Promise.all(IMAGE_VARIANTS.map((v) => mkdir(path.join(imagesDir, v.folder), { recursive: true })));
  const distinct = [...new Map(specs.map((spec) => [spec.name, spec])).values()];
  let next = 0;
  let generated = 0;
  const worker = async () => {
    for (let spec = distinct[next++]; spec; spec = distinct[next++]) {
      if (await hasAllVariants(imagesDir, spec.name)) continue;
      await writeVariants(imagesDir, spec.name, drawImage(spec));
      generated++;
    }
  };
  // Two workers per core, so one's SVG building and file writes overlap another's rendering.
  await Promise.all(Array.from({ length: Math.max(2, availableParallelism()) * 2 }, worker));
  return { total: distinct.length, generated };
}

async function hasAllVariants(imagesDir: string, name: string): Promise<boolean> {
  try {
    await Promise.all(IMAGE_VARIANTS.map((v) => access(imageFile(imagesDir, v.folder, name))));
    return true;
  } catch {
    return false;
  }
}

async function writeVariants(imagesDir: string, name: string, svg: string): Promise<void> {
  const sharp = await loadSharp();
  const { data, info } = await sharp(Buffer.from(svg))
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const raw = { raw: { width: info.width, height: info.height, channels: info.channels } };
  await Promise.all(
    IMAGE_VARIANTS.map(async (variant) => {
      // effort 0 keeps seeding fast; these flat drawings compress well anyway.
      const webp = await sharp(data, raw)
        .resize(variant.size, variant.size)
        .webp({ quality: 82, effort: 0 })
        .toBuffer();
      const target = imageFile(imagesDir, variant.folder, name);
      // Written aside and renamed, so an instance starting beside us never serves half a file.
      const partial = `${target}.${process.pid}.partial`;
      await writeFile(partial, webp);
      await rename(partial, target);
    }),
  );
}

// ---------------------------------------------------------------- drawing

function drawImage(spec: ImageSpec): string {
  return spec.kind === 'step' ? drawStep(spec) : drawItem(spec);
}

function svgDocument(body: string, defs = ''): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}" viewBox="0 0 ${SIZE} ${SIZE}"><defs>${defs}</defs>${body}</svg>`;
}

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function caption(text: string, x: number, y: number, size: number, color = '#2b2b2b'): string {
  return `<text x="${x}" y="${y}" font-family="${FONT}" font-size="${size}" font-weight="bold" text-anchor="middle" fill="${color}">${escapeXml(text)}</text>`;
}

/** #rrggbb mixed towards white (amount > 0) or black (amount < 0). */
function shade(hex: string, amount: number): string {
  const value = Number.parseInt(hex.slice(1), 16);
  const target = amount > 0 ? 255 : 0;
  const weight = Math.abs(amount);
  const channel = (shift: number) => {
    const c = (value >> shift) & 0xff;
    return Math.round(c + (target - c) * weight)
      .toString(16)
      .padStart(2, '0');
  };
  return `#${channel(16)}${channel(8)}${channel(0)}`;
}

function isLight(hex: string): boolean {
  const value = Number.parseInt(hex.slice(1), 16);
  const luminance = 0.299 * ((value >> 16) & 0xff) + 0.587 * ((value >> 8) & 0xff) + 0.114 * (value & 0xff);
  return luminance > 170;
}

const SOCK_TOP: Record<'crew' | 'ankle' | 'knee', number> = { knee: 70, crew: 170, ankle: 420 };

/** The outline that clips the item's fabric, in an 800 x 800 frame. */
function outline(shape: Shape): string {
  switch (shape) {
    case 'crew':
    case 'ankle':
    case 'knee': {
      const top = SOCK_TOP[shape];
      return `M290,${top} L450,${top} L450,480 Q450,522 492,522 L622,522 Q702,526 702,592 Q702,660 622,660 L352,660 Q270,660 272,582 Z`;
    }
    case 'phone-case':
      return 'M318,110 H482 Q530,110 530,158 V642 Q530,690 482,690 H318 Q270,690 270,642 V158 Q270,110 318,110 Z';
    case 'tote':
      return 'M220,300 H580 L560,700 H240 Z';
    case 'toque':
      return 'M232,560 Q222,220 400,214 Q578,220 568,560 Z';
    case 'laundry-bag':
      return 'M300,250 Q260,250 250,330 L230,640 Q226,700 290,700 H510 Q574,700 570,640 L550,330 Q540,250 500,250 Z';
    case 'gift-box':
      return 'M200,330 H600 V690 H200 Z M180,260 H620 V340 H180 Z';
  }
}

/** What is drawn over the fabric: heels, toes, cuffs, handles, a camera, a pompom, ribbons. */
function trimmings(shape: Shape, color: string, accent: string): string {
  const edge = shade(color, -0.35);
  switch (shape) {
    case 'crew':
    case 'ankle':
    case 'knee': {
      const top = SOCK_TOP[shape];
      const ribs = Array.from(
        { length: 10 },
        (_, i) =>
          `<line x1="${300 + i * 16}" y1="${top}" x2="${300 + i * 16}" y2="${top + 56}" stroke="${edge}" stroke-opacity="0.35" stroke-width="4"/>`,
      ).join('');
      return `<g clip-path="url(#outline)"><rect x="0" y="${top}" width="${SIZE}" height="56" fill="${accent}"/>${ribs}<ellipse cx="292" cy="628" rx="78" ry="70" fill="${accent}"/><ellipse cx="702" cy="592" rx="92" ry="90" fill="${accent}"/></g>`;
    }
    case 'phone-case':
      return `<rect x="298" y="140" width="110" height="120" rx="26" fill="#26282c"/><circle cx="330" cy="174" r="20" fill="#4a5058"/><circle cx="376" cy="174" r="20" fill="#4a5058"/><circle cx="330" cy="226" r="20" fill="#4a5058"/><text x="400" y="640" font-family="${FONT}" font-size="22" font-weight="bold" text-anchor="middle" fill="${accent}">${BRAND}</text>`;
    case 'tote':
      return `<path d="M300,310 Q300,150 400,150 Q500,150 500,310" fill="none" stroke="${edge}" stroke-width="22"/><rect x="330" y="450" width="140" height="90" rx="8" fill="${accent}"/><text x="400" y="505" font-family="${FONT}" font-size="20" font-weight="bold" text-anchor="middle" fill="${edge}">SOCKS</text>`;
    case 'toque': {
      const ribs = Array.from(
        { length: 22 },
        (_, i) =>
          `<line x1="${236 + i * 15}" y1="470" x2="${236 + i * 15}" y2="580" stroke="${edge}" stroke-opacity="0.4" stroke-width="5"/>`,
      ).join('');
      return `<rect x="222" y="470" width="356" height="110" rx="20" fill="${accent}"/>${ribs}<circle cx="400" cy="200" r="62" fill="${accent}"/>`;
    }
    case 'laundry-bag':
      return `<path d="M262,300 Q400,330 538,300" fill="none" stroke="${accent}" stroke-width="12"/><circle cx="400" cy="326" r="16" fill="${accent}"/><path d="M400,340 L384,420 M400,340 L418,420" stroke="${accent}" stroke-width="8"/>`;
    case 'gift-box':
      return `<rect x="370" y="260" width="60" height="430" fill="${accent}"/><rect x="180" y="282" width="440" height="36" fill="${accent}" opacity="0.85"/><path d="M400,262 C330,170 260,200 300,250 C320,272 370,266 400,262 C430,266 480,272 500,250 C540,200 470,170 400,262 Z" fill="${accent}" stroke="${shade(accent, -0.3)}" stroke-width="6"/>`;
  }
}

const MAPLE_LEAF =
  '0,-50 8,-32 20,-36 16,-14 34,-24 30,-14 48,-16 40,-2 46,4 22,14 26,24 4,20 4,44 -4,44 -4,20 -26,24 -22,14 -46,4 -40,-2 -48,-16 -30,-14 -34,-24 -16,-14 -20,-36 -8,-32';
interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** Where each shape's fabric lies; stitches are drawn only there, as they are most of the drawing time. */
function fabricBox(shape: Shape): Box {
  switch (shape) {
    case 'crew':
    case 'ankle':
    case 'knee':
      return { left: 270, top: SOCK_TOP[shape], right: 705, bottom: 662 };
    case 'phone-case':
      return { left: 270, top: 110, right: 530, bottom: 690 };
    case 'tote':
      return { left: 220, top: 300, right: 580, bottom: 700 };
    case 'toque':
      return { left: 222, top: 214, right: 578, bottom: 560 };
    case 'laundry-bag':
      return { left: 230, top: 250, right: 570, bottom: 700 };
    case 'gift-box':
      return { left: 180, top: 260, right: 620, bottom: 690 };
  }
}

/** The part of the fabric the close-up view shows (scale 2.2 from 230,240). */
const CLOSE_UP_BOX: Box = { left: 230, top: 240, right: 595, bottom: 605 };

/** Rows of knitted Vs over the fabric, as one path: far faster to render than an SVG pattern fill. */
function stitches(box: Box): string {
  const across = Math.ceil((box.right - box.left) / 22);
  const rows: string[] = [];
  for (let y = box.top; y < box.bottom; y += 18)
    rows.push(`M${box.left},${y}${' l11,13 l11,-13'.repeat(across)}`);
  return `<path d="${rows.join(' ')}" fill="none" stroke="#000000" stroke-opacity="0.13" stroke-width="3"/>`;
}

const RAINBOW = ['#d7263d', '#f46036', '#f6c90e', '#2e933c', '#1b98e0', '#6a4c93'];

/** The fabric's motif over the whole frame; the outline clips it. */
function motif(pattern: Pattern, accent: string): string {
  const rows = (step: number, draw: (y: number, i: number) => string) =>
    Array.from({ length: Math.ceil(SIZE / step) + 1 }, (_, i) => draw(i * step, i)).join('');
  const grid = (step: number, draw: (x: number, y: number, i: number, j: number) => string) =>
    rows(step, (y, j) => rows(step, (x, i) => draw(x, y, i, j)));
  switch (pattern) {
    case 'solid':
      return '';
    case 'stripes':
      return rows(64, (y) => `<rect x="0" y="${y}" width="${SIZE}" height="24" fill="${accent}"/>`);
    case 'rainbow':
      return rows(
        40,
        (y, i) => `<rect x="0" y="${y}" width="${SIZE}" height="40" fill="${RAINBOW[i % RAINBOW.length]}"/>`,
      );
    case 'dots':
      return grid(
        52,
        (x, y, _i, j) => `<circle cx="${x + (j % 2) * 26}" cy="${y}" r="10" fill="${accent}"/>`,
      );
    case 'argyle':
      return (
        grid(
          90,
          (x, y, i, j) =>
            `<polygon points="${x},${y - 60} ${x + 45},${y} ${x},${y + 60} ${x - 45},${y}" fill="${accent}" opacity="${(i + j) % 2 ? 0.9 : 0.45}"/>`,
        ) +
        rows(
          90,
          (x) =>
            `<line x1="${x}" y1="0" x2="${x + SIZE}" y2="${SIZE * 1.33}" stroke="#ffffff" stroke-opacity="0.6" stroke-width="3"/><line x1="${x}" y1="0" x2="${x - SIZE}" y2="${SIZE * 1.33}" stroke="#ffffff" stroke-opacity="0.6" stroke-width="3"/>`,
        )
      );
    case 'chevron': {
      const zigzag = (y: number) =>
        Array.from({ length: SIZE / 60 + 2 }, (_, i) => `${i * 60},${y + (i % 2) * 30}`).join(' ');
      return rows(
        60,
        (y) => `<polyline points="${zigzag(y)}" fill="none" stroke="${accent}" stroke-width="14"/>`,
      );
    }
    case 'blocks':
      return `<rect x="0" y="0" width="${SIZE}" height="380" fill="${accent}"/><rect x="0" y="430" width="${SIZE}" height="34" fill="${accent}"/>`;
    case 'leaf':
      return grid(
        150,
        (x, y, _i, j) =>
          `<polygon points="${MAPLE_LEAF}" fill="${accent}" transform="translate(${x + (j % 2) * 75},${y + 40}) scale(0.9)"/>`,
      );
    case 'rib':
      return rows(
        18,
        (x) =>
          `<line x1="${x}" y1="0" x2="${x}" y2="${SIZE}" stroke="${accent}" stroke-opacity="0.55" stroke-width="5"/>`,
      );
    case 'tartan':
      return (
        rows(
          120,
          (y) =>
            `<rect x="0" y="${y}" width="${SIZE}" height="44" fill="${accent}" opacity="0.55"/><rect x="0" y="${y + 70}" width="${SIZE}" height="6" fill="#1b1b1d" opacity="0.5"/>`,
        ) +
        rows(
          120,
          (x) =>
            `<rect x="${x}" y="0" width="44" height="${SIZE}" fill="${accent}" opacity="0.55"/><rect x="${x + 70}" y="0" width="6" height="${SIZE}" fill="#1b1b1d" opacity="0.5"/>`,
        )
      );
    case 'mesh':
      return rows(
        28,
        (x) =>
          `<line x1="${x - SIZE}" y1="0" x2="${x}" y2="${SIZE}" stroke="${accent}" stroke-width="3"/><line x1="${x + SIZE}" y1="0" x2="${x}" y2="${SIZE}" stroke="${accent}" stroke-width="3"/>`,
      );
  }
}

function itemDefs(shape: Shape): string {
  return `<clipPath id="outline"><path d="${outline(shape)}"/></clipPath>`;
}

/** One item at the origin of the 800 x 800 frame. */
function drawItemBody(spec: Extract<ImageSpec, { kind: 'item' }>): string {
  const fabric = `<g clip-path="url(#outline)"><rect width="${SIZE}" height="${SIZE}" fill="${spec.color}"/>${motif(spec.pattern, spec.accent)}${stitches(fabricBox(spec.shape))}</g>`;
  const border = `<path d="${outline(spec.shape)}" fill="none" stroke="${shade(spec.color, -0.4)}" stroke-opacity="0.6" stroke-width="5"/>`;
  return fabric + trimmings(spec.shape, spec.color, spec.accent) + border;
}

function drawItem(spec: Extract<ImageSpec, { kind: 'item' }>): string {
  const defs = itemDefs(spec.shape);
  const body = drawItemBody(spec);
  const background = `<rect width="${SIZE}" height="${SIZE}" fill="${BACKGROUNDS[spec.view]}"/>`;
  const shadow = '<ellipse cx="400" cy="712" rx="260" ry="26" fill="#000000" opacity="0.08"/>';
  const label = spec.caption ? caption(spec.caption, SIZE / 2, 770, 38) : '';
  switch (spec.view) {
    case 'side':
      return svgDocument(
        `${background}${shadow}<g transform="translate(40,0) scale(0.9)">${body}</g>${label}`,
        defs,
      );
    case 'pair':
      return svgDocument(
        `${background}${shadow}<g transform="translate(-10,-30) scale(0.82)">${body}<rect width="${SIZE}" height="${SIZE}" fill="#000000" opacity="0.12" clip-path="url(#outline)"/></g><g transform="translate(150,110) scale(0.82)">${body}</g>${label}`,
        defs,
      );
    case 'knit': {
      const [tag, ink] = isLight(spec.color) ? ['#2b2b2b', '#ffffff'] : ['#ffffff', '#2b2b2b'];
      const closeUp = `<g transform="scale(2.2) translate(-230,-240)"><rect width="${SIZE}" height="${SIZE}" fill="${spec.color}"/>${motif(spec.pattern, spec.accent)}${stitches(CLOSE_UP_BOX)}</g>`;
      const wovenTag = `<rect x="470" y="690" width="300" height="70" rx="6" fill="${tag}" opacity="0.85"/>${caption(BRAND, 620, 736, 28, ink)}`;
      return svgDocument(closeUp + wovenTag, defs);
    }
    case 'banded':
      return svgDocument(
        `${background}<g transform="rotate(-24 400 400) translate(30,10) scale(0.9)">${body}<rect x="250" y="330" width="250" height="96" fill="#f3ead7" stroke="#c8b48a" stroke-width="4"/><text x="375" y="388" font-family="${FONT}" font-size="24" font-weight="bold" text-anchor="middle" fill="#7a5a2a">${BRAND}</text></g>${label}`,
        defs,
      );
  }
}

function stepIcon(icon: StepIcon, color: string): string {
  switch (icon) {
    case 'idea':
      return `<path d="M250,250 H550 Q590,250 590,290 V450 Q590,490 550,490 H380 L300,560 L320,490 H250 Q210,490 210,450 V290 Q210,250 250,250 Z" fill="${color}"/><circle cx="320" cy="370" r="22" fill="#ffffff"/><circle cx="400" cy="370" r="22" fill="#ffffff"/><circle cx="480" cy="370" r="22" fill="#ffffff"/>`;
    case 'draw':
      return `<g transform="rotate(-40 400 400)"><rect x="250" y="360" width="260" height="80" fill="${color}"/><rect x="510" y="360" width="40" height="80" fill="#e8a0a0"/><polygon points="250,360 170,400 250,440" fill="#e9cfa3"/><polygon points="196,387 170,400 196,413" fill="#2b2b2b"/></g><path d="M200,600 Q300,540 400,600 T600,600" fill="none" stroke="${color}" stroke-width="10"/>`;
    case 'approve':
      return `<rect x="250" y="200" width="300" height="380" rx="16" fill="#ffffff" stroke="${color}" stroke-width="10"/><polyline points="310,400 380,470 500,320" fill="none" stroke="${color}" stroke-width="34" stroke-linecap="round" stroke-linejoin="round"/>`;
    case 'knit':
      return `<g transform="translate(60,-20) scale(0.85)"><path d="${outline('crew')}" fill="${color}"/></g><line x1="180" y1="240" x2="420" y2="600" stroke="#8a6a3a" stroke-width="14" stroke-linecap="round"/><line x1="620" y1="240" x2="380" y2="600" stroke="#8a6a3a" stroke-width="14" stroke-linecap="round"/>`;
    case 'deliver':
      return `<polygon points="400,190 620,370 180,370" fill="${color}"/><rect x="220" y="370" width="360" height="250" fill="${shade(color, 0.7)}"/><rect x="300" y="460" width="90" height="160" fill="${shade(color, -0.3)}"/><rect x="420" y="540" width="140" height="100" fill="#c8a06a" stroke="#8a6a3a" stroke-width="6"/><line x1="490" y1="540" x2="490" y2="640" stroke="#8a6a3a" stroke-width="10"/>`;
  }
}

function drawStep(spec: Extract<ImageSpec, { kind: 'step' }>): string {
  const body = `<rect width="${SIZE}" height="${SIZE}" fill="${shade(spec.color, 0.85)}"/><rect x="60" y="60" width="680" height="680" rx="40" fill="#ffffff"/>${stepIcon(spec.icon, spec.color)}<circle cx="140" cy="140" r="56" fill="${spec.color}"/>${caption(String(spec.stepNo), 140, 162, 64, '#ffffff')}${caption(spec.title, SIZE / 2, 690, 40)}`;
  return svgDocument(body);
}
