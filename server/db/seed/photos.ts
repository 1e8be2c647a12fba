import sharp from 'sharp';
import type { FileStorage } from '../../storage/file-storage';
import { between, pick, seededRandom } from './random';

// Listing photos are drawn, not downloaded: SVG illustrations of façades and rooms in
// varied colours, rendered to JPEG by sharp. A pool is rendered once and shared by
// the listings (3-6 each), so the seed stays fast and the data folder small.

export type PhotoKind = 'facade' | 'house' | 'living_room' | 'kitchen' | 'bedroom' | 'bathroom';

export interface PoolPhoto {
  kind: PhotoKind;
  key: string;
  thumbnailKey: string;
  width: number;
  height: number;
  thumbnailWidth: number;
  thumbnailHeight: number;
  sizeBytes: number;
}

export const PHOTO_WIDTH = 1200;
export const PHOTO_HEIGHT = 800;
export const THUMB_WIDTH = 400;
export const THUMB_HEIGHT = 267;

/** Bump to re-render the pool under new keys (old files are left alone). */
const POOL_VERSION = 'v2';

export const POOL_SIZES: Record<'full' | 'small', Record<PhotoKind, number>> = {
  full: { facade: 10, house: 6, living_room: 6, kitchen: 5, bedroom: 5, bathroom: 4 },
  small: { facade: 2, house: 1, living_room: 1, kitchen: 1, bedroom: 1, bathroom: 1 },
};

const FACADE_COLOURS = [
  '#d9a066',
  '#e8c07d',
  '#c8553d',
  '#f2d0a4',
  '#e6b8a2',
  '#b5651d',
  '#f4e1c1',
  '#d7b29d',
  '#c9ada7',
  '#e9d8a6',
  '#a3b18a',
  '#dda15e',
];
const SHUTTER_COLOURS = ['#2f5d50', '#3a6b35', '#6b4226', '#4a4e69', '#8d99ae', '#5e503f', '#386641'];
const SKY_TOPS = ['#7fb3e6', '#9cc9f0', '#f6bd60', '#a2d2ff', '#bde0fe', '#8ecae6'];
const WALL_COLOURS = [
  '#f4f1de',
  '#edede9',
  '#e9edc9',
  '#fefae0',
  '#f8edeb',
  '#e5e5e5',
  '#dde5b6',
  '#caf0f8',
  '#f1faee',
];
const WOOD_COLOURS = ['#b08968', '#9c6644', '#c9a27e', '#7f5539', '#ddb892', '#a68a64'];
const FABRIC_COLOURS = [
  '#457b9d',
  '#e76f51',
  '#2a9d8f',
  '#6d597a',
  '#b56576',
  '#264653',
  '#8d6346',
  '#588157',
  '#bc6c25',
];
const TILE_COLOURS = ['#ffffff', '#e0fbfc', '#d8e2dc', '#f0efeb', '#cfd8dc', '#e9ecef'];

const svg = (body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${PHOTO_WIDTH}" height="${PHOTO_HEIGHT}" viewBox="0 0 ${PHOTO_WIDTH} ${PHOTO_HEIGHT}">${body}</svg>`;

function facadeSvg(random: () => number): string {
  const wall = pick(random, FACADE_COLOURS);
  const shutter = pick(random, SHUTTER_COLOURS);
  const sky = pick(random, SKY_TOPS);
  // Upper floors above a taller ground floor (shops, the entrance).
  const floors = 3 + Math.floor(random() * 4);
  const columns = 4 + Math.floor(random() * 3);
  const buildingWidth = between(random, 760, 1000);
  const left = (PHOTO_WIDTH - buildingWidth) / 2;
  const ground = 690;
  const floorHeight = Math.min(125, (ground - 130) / (floors + 1));
  const top = ground - floorHeight * (floors + 1) - 12;
  const hasBalconies = random() < 0.6;
  const parts: string[] = [
    `<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${sky}"/><stop offset="1" stop-color="#f8f9fa"/></linearGradient></defs>`,
    `<rect width="1200" height="800" fill="url(#sky)"/>`,
    // Neighbouring buildings in softer tones.
    `<rect x="0" y="${top + 60}" width="${left}" height="${ground - top}" fill="${pick(random, FACADE_COLOURS)}" opacity="0.7"/>`,
    `<rect x="${left + buildingWidth}" y="${top + 40}" width="${PHOTO_WIDTH - left - buildingWidth}" height="${ground - top}" fill="${pick(random, FACADE_COLOURS)}" opacity="0.7"/>`,
    `<rect x="${left}" y="${top}" width="${buildingWidth}" height="${ground - top}" fill="${wall}"/>`,
    // Cornice and roof tiles.
    `<rect x="${left - 14}" y="${top - 18}" width="${buildingWidth + 28}" height="22" fill="#8d5b4c"/>`,
    `<rect x="${left - 6}" y="${top + 4}" width="${buildingWidth + 12}" height="8" fill="#ffffff" opacity="0.5"/>`,
    // Ground floor band (bugnato) and street.
    `<rect x="${left}" y="${ground - floorHeight}" width="${buildingWidth}" height="${floorHeight}" fill="#000" opacity="0.08"/>`,
    `<rect x="0" y="${ground}" width="1200" height="110" fill="#6c757d"/>`,
    `<rect x="0" y="${ground}" width="1200" height="18" fill="#adb5bd"/>`,
  ];
  const cellWidth = buildingWidth / columns;
  const windowWidth = cellWidth * 0.42;
  const windowHeight = floorHeight * 0.55;
  for (let floor = 1; floor <= floors; floor++) {
    const y = ground - floorHeight * (floor + 1) + floorHeight * 0.25;
    for (let column = 0; column < columns; column++) {
      const x = left + column * cellWidth + (cellWidth - windowWidth) / 2;
      parts.push(
        `<rect x="${x - 4}" y="${y - 4}" width="${windowWidth + 8}" height="${windowHeight + 8}" fill="#ffffff" opacity="0.55"/>`,
        `<rect x="${x}" y="${y}" width="${windowWidth}" height="${windowHeight}" fill="#1d3557" opacity="0.85"/>`,
        `<rect x="${x + windowWidth / 2 - 2}" y="${y}" width="4" height="${windowHeight}" fill="#e9ecef"/>`,
        `<rect x="${x - windowWidth * 0.45}" y="${y}" width="${windowWidth * 0.42}" height="${windowHeight}" fill="${shutter}"/>`,
        `<rect x="${x + windowWidth * 1.03}" y="${y}" width="${windowWidth * 0.42}" height="${windowHeight}" fill="${shutter}"/>`,
      );
      if (hasBalconies && floor > 1 && (column + floor) % 2 === 0) {
        parts.push(
          `<rect x="${x - 16}" y="${y + windowHeight}" width="${windowWidth + 32}" height="8" fill="#495057"/>`,
          `<rect x="${x - 16}" y="${y + windowHeight - 26}" width="${windowWidth + 32}" height="26" fill="none" stroke="#343a40" stroke-width="3"/>`,
        );
      }
    }
  }
  // Entrance door and a tree or two.
  const doorX = left + buildingWidth / 2 - 45;
  parts.push(
    `<rect x="${doorX}" y="${ground - floorHeight * 0.85}" width="90" height="${floorHeight * 0.85}" rx="40" fill="#5e3023"/>`,
    `<rect x="${doorX + 43}" y="${ground - floorHeight * 0.8}" width="4" height="${floorHeight * 0.8}" fill="#3b1f16"/>`,
  );
  const trees = 1 + Math.floor(random() * 2);
  for (let i = 0; i < trees; i++) {
    const tx = i === 0 ? between(random, 40, 180) : between(random, 1020, 1160);
    parts.push(
      `<rect x="${tx - 8}" y="${ground - 120}" width="16" height="130" fill="#6b4423"/>`,
      `<circle cx="${tx}" cy="${ground - 150}" r="${between(random, 55, 80)}" fill="#52796f"/>`,
      `<circle cx="${tx + 30}" cy="${ground - 120}" r="${between(random, 35, 50)}" fill="#354f52"/>`,
    );
  }
  return svg(parts.join(''));
}

const ROOF_COLOURS = ['#a44a3f', '#8d5b4c', '#b5563c', '#6d4c41', '#9c4a2f'];
const LAWN_COLOURS = ['#7cb518', '#90a955', '#6a994e', '#a7c957'];

/** A house (villa, terraced or detached): two floors under a pitched tiled roof, in its garden. */
function houseSvg(random: () => number): string {
  const wall = pick(random, FACADE_COLOURS);
  const roof = pick(random, ROOF_COLOURS);
  const shutter = pick(random, SHUTTER_COLOURS);
  const sky = pick(random, SKY_TOPS);
  const lawn = pick(random, LAWN_COLOURS);
  const width = between(random, 560, 760);
  const left = (PHOTO_WIDTH - width) / 2 + between(random, -120, 120);
  const ground = 640;
  const floorHeight = between(random, 130, 160);
  const top = ground - floorHeight * 2;
  const roofHeight = between(random, 110, 170);
  const parts: string[] = [
    `<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${sky}"/><stop offset="1" stop-color="#f8f9fa"/></linearGradient></defs>`,
    `<rect width="1200" height="800" fill="url(#sky)"/>`,
    // Hills far away, the lawn, a path to the door.
    `<ellipse cx="${between(random, 200, 400)}" cy="${ground + 10}" rx="420" ry="120" fill="#a3b18a" opacity="0.6"/>`,
    `<ellipse cx="${between(random, 800, 1000)}" cy="${ground + 20}" rx="460" ry="110" fill="#84a98c" opacity="0.55"/>`,
    `<rect x="0" y="${ground}" width="1200" height="160" fill="${lawn}"/>`,
    `<polygon points="${left + width / 2 - 40},${ground} ${left + width / 2 + 40},${ground} ${left + width / 2 + 110},800 ${left + width / 2 - 110},800" fill="#d6ccc2"/>`,
    `<rect x="${left}" y="${top}" width="${width}" height="${ground - top}" fill="${wall}"/>`,
    `<polygon points="${left - 30},${top + 4} ${left + width / 2},${top - roofHeight} ${left + width + 30},${top + 4}" fill="${roof}"/>`,
    `<rect x="${left + width * 0.7}" y="${top - roofHeight * 0.75}" width="34" height="${roofHeight * 0.6}" fill="#6c584c"/>`,
  ];
  const columns = width > 660 ? 4 : 3;
  const cell = width / columns;
  for (let floor = 0; floor < 2; floor++) {
    const y = top + floor * floorHeight + floorHeight * 0.22;
    for (let column = 0; column < columns; column++) {
      const x = left + column * cell + cell * 0.3;
      const w = cell * 0.4;
      const h = floorHeight * 0.5;
      if (floor === 1 && column === Math.floor(columns / 2)) continue;
      parts.push(
        `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="#1d3557" opacity="0.85"/>`,
        `<rect x="${x - w * 0.4}" y="${y}" width="${w * 0.36}" height="${h}" fill="${shutter}"/>`,
        `<rect x="${x + w * 1.04}" y="${y}" width="${w * 0.36}" height="${h}" fill="${shutter}"/>`,
      );
    }
  }
  const doorX = left + Math.floor(columns / 2) * cell + cell * 0.3;
  parts.push(
    `<rect x="${doorX}" y="${ground - floorHeight * 0.75}" width="${cell * 0.4}" height="${floorHeight * 0.75}" fill="#5e3023"/>`,
  );
  // A hedge and a tree or two.
  parts.push(
    `<rect x="0" y="${ground - 28}" width="${left - 20}" height="40" rx="18" fill="#386641"/>`,
    `<rect x="${left + width + 20}" y="${ground - 28}" width="${PHOTO_WIDTH - left - width - 20}" height="40" rx="18" fill="#386641"/>`,
  );
  const tx =
    random() < 0.5
      ? between(random, 60, Math.max(80, left - 60))
      : between(random, Math.min(1100, left + width + 60), 1150);
  parts.push(
    `<rect x="${tx - 9}" y="${ground - 170}" width="18" height="180" fill="#6b4423"/>`,
    `<circle cx="${tx}" cy="${ground - 200}" r="${between(random, 70, 95)}" fill="#52796f"/>`,
  );
  return svg(parts.join(''));
}

/** A room seen from its doorway: back wall, side walls, floor, a window and furniture. */
function roomShell(random: () => number, floorColour: string, tiled: boolean): { parts: string[]; wall: string } {
  const wall = pick(random, WALL_COLOURS);
  const parts = [
    `<rect width="1200" height="800" fill="${wall}"/>`,
    // Side walls in shade.
    `<polygon points="0,0 220,120 220,600 0,800" fill="#000" opacity="0.08"/>`,
    `<polygon points="1200,0 980,120 980,600 1200,800" fill="#000" opacity="0.05"/>`,
    `<rect x="220" y="120" width="760" height="480" fill="${wall}"/>`,
    `<polygon points="0,800 220,600 980,600 1200,800" fill="${floorColour}"/>`,
    `<rect x="0" y="0" width="1200" height="40" fill="#ffffff" opacity="0.35"/>`,
  ];
  // Floor pattern: parquet boards or tiles.
  for (let i = 1; i < 12; i++) {
    const x = 220 + (760 / 12) * i;
    const bottom = (x - 600) * (1200 / 760) + 600;
    parts.push(
      `<line x1="${x}" y1="600" x2="${bottom}" y2="800" stroke="#000" stroke-opacity="0.12" stroke-width="2"/>`,
    );
  }
  if (tiled) {
    for (const y of [640, 690, 745]) {
      const inset = ((800 - y) / 200) * 220;
      parts.push(
        `<line x1="${inset}" y1="${y}" x2="${1200 - inset}" y2="${y}" stroke="#000" stroke-opacity="0.12" stroke-width="2"/>`,
      );
    }
  }
  return { parts, wall };
}

function windowOn(parts: string[], x: number, y: number, w: number, h: number, random: () => number) {
  const sky = pick(random, SKY_TOPS);
  parts.push(
    `<rect x="${x - 10}" y="${y - 10}" width="${w + 20}" height="${h + 20}" fill="#ffffff"/>`,
    `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="${sky}"/>`,
    `<rect x="${x}" y="${y + h * 0.65}" width="${w}" height="${h * 0.35}" fill="#84a98c" opacity="0.8"/>`,
    `<rect x="${x + w / 2 - 4}" y="${y}" width="8" height="${h}" fill="#ffffff"/>`,
    `<rect x="${x - 30}" y="${y - 20}" width="40" height="${h + 60}" fill="${pick(random, FABRIC_COLOURS)}" opacity="0.55"/>`,
    `<rect x="${x + w - 10}" y="${y - 20}" width="40" height="${h + 60}" fill="${pick(random, FABRIC_COLOURS)}" opacity="0.55"/>`,
  );
}

function livingRoomSvg(random: () => number): string {
  const { parts } = roomShell(random, pick(random, WOOD_COLOURS), false);
  const fabric = pick(random, FABRIC_COLOURS);
  windowOn(parts, between(random, 560, 700), 170, 220, 240, random);
  parts.push(
    // Sofa
    `<rect x="260" y="430" width="420" height="150" rx="24" fill="${fabric}"/>`,
    `<rect x="260" y="380" width="420" height="90" rx="24" fill="${fabric}" opacity="0.85"/>`,
    `<rect x="240" y="420" width="50" height="150" rx="18" fill="${fabric}"/>`,
    `<rect x="650" y="420" width="50" height="150" rx="18" fill="${fabric}"/>`,
    `<rect x="300" y="400" width="90" height="70" rx="14" fill="${pick(random, FABRIC_COLOURS)}"/>`,
    // Coffee table, rug, lamp, picture
    `<ellipse cx="480" cy="700" rx="300" ry="60" fill="${pick(random, FABRIC_COLOURS)}" opacity="0.35"/>`,
    `<rect x="380" y="630" width="200" height="22" rx="6" fill="${pick(random, WOOD_COLOURS)}"/>`,
    `<rect x="395" y="650" width="10" height="45" fill="#343a40"/><rect x="555" y="650" width="10" height="45" fill="#343a40"/>`,
    `<rect x="862" y="300" width="6" height="290" fill="#343a40"/><polygon points="830,300 900,300 880,250 850,250" fill="#ffd166"/>`,
    `<rect x="330" y="200" width="180" height="120" fill="#ffffff"/><rect x="340" y="210" width="160" height="100" fill="${pick(random, FABRIC_COLOURS)}" opacity="0.6"/>`,
    `<circle cx="${between(random, 1040, 1120)}" cy="640" r="55" fill="#52796f"/><rect x="1050" y="660" width="60" height="80" fill="#bc6c25"/>`,
  );
  return svg(parts.join(''));
}

function kitchenSvg(random: () => number): string {
  const { parts } = roomShell(random, pick(random, TILE_COLOURS), true);
  const cabinet = pick(random, [...WOOD_COLOURS, '#ffffff', '#adb5bd', '#2b2d42', '#a3b18a']);
  const top = pick(random, ['#343a40', '#e9ecef', '#6c757d', '#f8f9fa']);
  windowOn(parts, 700, 170, 180, 170, random);
  parts.push(
    // Wall units
    `<rect x="240" y="150" width="420" height="130" fill="${cabinet}"/>`,
    `<line x1="380" y1="150" x2="380" y2="280" stroke="#000" stroke-opacity="0.2" stroke-width="3"/>`,
    `<line x1="520" y1="150" x2="520" y2="280" stroke="#000" stroke-opacity="0.2" stroke-width="3"/>`,
    // Splashback, worktop and base units
    `<rect x="240" y="280" width="720" height="130" fill="${pick(random, TILE_COLOURS)}"/>`,
    `<rect x="230" y="410" width="740" height="24" fill="${top}"/>`,
    `<rect x="240" y="434" width="720" height="166" fill="${cabinet}"/>`,
    ...[0, 1, 2, 3, 4].map(
      (i) =>
        `<line x1="${240 + i * 144}" y1="434" x2="${240 + i * 144}" y2="600" stroke="#000" stroke-opacity="0.2" stroke-width="3"/>`,
    ),
    // Hob and hood, sink
    `<rect x="420" y="402" width="120" height="10" fill="#212529"/>`,
    `<polygon points="420,200 540,200 560,280 400,280" fill="#adb5bd"/>`,
    `<rect x="720" y="400" width="140" height="14" rx="6" fill="#ced4da"/>`,
    `<rect x="785" y="370" width="8" height="34" fill="#6c757d"/>`,
    // Table and chairs
    `<rect x="380" y="640" width="440" height="26" rx="8" fill="${pick(random, WOOD_COLOURS)}"/>`,
    `<rect x="400" y="666" width="14" height="110" fill="#495057"/><rect x="786" y="666" width="14" height="110" fill="#495057"/>`,
    `<circle cx="600" cy="620" r="22" fill="#e63946" opacity="0.8"/>`,
  );
  return svg(parts.join(''));
}

function bedroomSvg(random: () => number): string {
  const { parts } = roomShell(random, pick(random, WOOD_COLOURS), false);
  const fabric = pick(random, FABRIC_COLOURS);
  windowOn(parts, between(random, 250, 320), 180, 170, 210, random);
  parts.push(
    // Headboard, bed, pillows, duvet
    `<rect x="500" y="320" width="380" height="150" rx="16" fill="${pick(random, WOOD_COLOURS)}"/>`,
    `<rect x="480" y="440" width="420" height="200" rx="20" fill="#ffffff"/>`,
    `<rect x="520" y="430" width="150" height="50" rx="18" fill="#f1f3f5"/>`,
    `<rect x="710" y="430" width="150" height="50" rx="18" fill="#f1f3f5"/>`,
    `<rect x="480" y="500" width="420" height="150" rx="20" fill="${fabric}"/>`,
    // Bedside tables and lamps, wardrobe
    `<rect x="410" y="470" width="70" height="90" fill="${pick(random, WOOD_COLOURS)}"/><circle cx="445" cy="445" r="22" fill="#ffd166"/>`,
    `<rect x="900" y="470" width="70" height="90" fill="${pick(random, WOOD_COLOURS)}"/><circle cx="935" cy="445" r="22" fill="#ffd166"/>`,
    `<rect x="990" y="180" width="170" height="500" fill="${pick(random, WOOD_COLOURS)}" opacity="0.9"/>`,
    `<line x1="1075" y1="180" x2="1075" y2="680" stroke="#000" stroke-opacity="0.25" stroke-width="3"/>`,
    `<rect x="560" y="190" width="260" height="100" fill="#ffffff"/><rect x="570" y="200" width="240" height="80" fill="${pick(random, FABRIC_COLOURS)}" opacity="0.5"/>`,
  );
  return svg(parts.join(''));
}

function bathroomSvg(random: () => number): string {
  const tile = pick(random, TILE_COLOURS);
  const { parts } = roomShell(random, pick(random, ['#adb5bd', '#dee2e6', '#ced4da', '#e9ecef']), true);
  parts.push(`<rect x="220" y="300" width="760" height="300" fill="${tile}"/>`);
  for (let y = 330; y < 600; y += 30)
    parts.push(`<line x1="220" y1="${y}" x2="980" y2="${y}" stroke="#000" stroke-opacity="0.08"/>`);
  for (let x = 250; x < 980; x += 30)
    parts.push(`<line x1="${x}" y1="300" x2="${x}" y2="600" stroke="#000" stroke-opacity="0.08"/>`);
  const accent = pick(random, FABRIC_COLOURS);
  parts.push(
    // Mirror, washbasin cabinet, tub or shower, towels
    `<rect x="300" y="170" width="220" height="170" rx="12" fill="#e0fbfc" stroke="#adb5bd" stroke-width="6"/>`,
    `<rect x="290" y="400" width="240" height="26" rx="8" fill="#ffffff"/>`,
    `<rect x="300" y="426" width="220" height="120" fill="${pick(random, WOOD_COLOURS)}"/>`,
    `<rect x="405" y="376" width="8" height="30" fill="#6c757d"/>`,
    random() < 0.5
      ? `<rect x="600" y="470" width="340" height="110" rx="40" fill="#ffffff" stroke="#dee2e6" stroke-width="4"/>`
      : `<rect x="640" y="200" width="300" height="400" fill="#caf0f8" opacity="0.45" stroke="#adb5bd" stroke-width="4"/><circle cx="790" cy="230" r="20" fill="#adb5bd"/>`,
    `<rect x="560" y="320" width="50" height="120" rx="8" fill="${accent}"/>`,
    `<ellipse cx="420" cy="700" rx="140" ry="35" fill="${accent}" opacity="0.4"/>`,
  );
  return svg(parts.join(''));
}

const DRAW: Record<PhotoKind, (random: () => number) => string> = {
  facade: facadeSvg,
  house: houseSvg,
  living_room: livingRoomSvg,
  kitchen: kitchenSvg,
  bedroom: bedroomSvg,
  bathroom: bathroomSvg,
};

/** The keys of the pool, in a fixed order, without rendering anything. */
export function photoPoolPlan(
  size: 'full' | 'small',
): { kind: PhotoKind; index: number; key: string; thumbnailKey: string }[] {
  const plan: { kind: PhotoKind; index: number; key: string; thumbnailKey: string }[] = [];
  for (const [kind, count] of Object.entries(POOL_SIZES[size]) as [PhotoKind, number][]) {
    for (let index = 1; index <= count; index++) {
      const base = `media/seed/${POOL_VERSION}/${kind.replace('_', '-')}-${String(index).padStart(2, '0')}`;
      plan.push({ kind, index, key: `${base}.jpg`, thumbnailKey: `${base}-thumb.jpg` });
    }
  }
  return plan;
}

function kindSeed(kind: PhotoKind, index: number): number {
  let h = 2166136261;
  for (const ch of `${kind}:${index}`) h = Math.imul(h ^ ch.charCodeAt(0), 16777619);
  return h >>> 0;
}

/** Renders one pool photo and its thumbnail as JPEG. */
export async function renderPoolPhoto(kind: PhotoKind, index: number): Promise<{ full: Buffer; thumbnail: Buffer }> {
  const random = seededRandom(kindSeed(kind, index));
  const full = await sharp(Buffer.from(DRAW[kind](random)))
    .jpeg({ quality: 78, progressive: true })
    .toBuffer();
  const thumbnail = await sharp(full)
    .resize(THUMB_WIDTH, THUMB_HEIGHT, { fit: 'cover' })
    .jpeg({ quality: 72 })
    .toBuffer();
  return { full, thumbnail };
}

/**
 * Makes sure every photo of the pool is in storage, rendering only the missing ones
 * (a restart renders nothing; a wiped storage folder is repaired).
 */
export async function ensurePhotoPool(
  storage: FileStorage,
  size: 'full' | 'small',
): Promise<{ photos: PoolPhoto[]; rendered: number }> {
  const plan = photoPoolPlan(size);
  let rendered = 0;
  const photos = await Promise.all(
    plan.map(async (item): Promise<PoolPhoto> => {
      const present = (await storage.exists(item.key)) && (await storage.exists(item.thumbnailKey));
      let sizeBytes: number;
      if (present) {
        sizeBytes = (await storage.get(item.key))?.data.length ?? 0;
      } else {
        const { full, thumbnail } = await renderPoolPhoto(item.kind, item.index);
        await storage.put(item.key, full, 'image/jpeg');
        await storage.put(item.thumbnailKey, thumbnail, 'image/jpeg');
        sizeBytes = full.length;
        rendered++;
      }
      return {
        kind: item.kind,
        key: item.key,
        thumbnailKey: item.thumbnailKey,
        width: PHOTO_WIDTH,
        height: PHOTO_HEIGHT,
        thumbnailWidth: THUMB_WIDTH,
        thumbnailHeight: THUMB_HEIGHT,
        sizeBytes,
      };
    }),
  );
  return { photos, rendered };
}

/** A square agency logo: the initials on a coloured tile. */
export async function renderAgencyLogo(initials: string, colourIndex: number): Promise<Buffer> {
  const colour = FABRIC_COLOURS[colourIndex % FABRIC_COLOURS.length];
  const body =
    `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256" viewBox="0 0 256 256">` +
    `<rect width="256" height="256" rx="36" fill="${colour}"/>` +
    `<path d="M48 140 L128 72 L208 140 L208 196 L48 196 Z" fill="#ffffff" opacity="0.18"/>` +
    `<text x="128" y="160" font-family="DejaVu Sans, Arial, sans-serif" font-size="88" font-weight="bold" fill="#ffffff" text-anchor="middle">${initials}</text>` +
    `</svg>`;
  return sharp(Buffer.from(body)).png().toBuffer();
}
