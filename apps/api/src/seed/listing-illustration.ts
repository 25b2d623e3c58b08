import { type Random, seededRandom } from './seeded-random.ts';

/**
 * Stylised, deterministic SVG illustrations for demo listings: a sky, a distant skyline, the
 * building itself and some greenery. The same seed always draws the same picture, so demo
 * photos look identical on every machine and need neither network nor binary assets.
 */

export type BuildingKind = 'apartment' | 'duplex' | 'commercial' | 'house' | 'plot';

export const ILLUSTRATION_WIDTH = 1200;
export const ILLUSTRATION_HEIGHT = 800;

const GROUND_Y = 660;

type Sky = { top: string; bottom: string; sun: string; skyline: string };
const skies: Sky[] = [
  { top: '#38bdf8', bottom: '#e0f2fe', sun: '#fde047', skyline: '#93c5fd' },
  { top: '#0ea5e9', bottom: '#bae6fd', sun: '#fef08a', skyline: '#7dd3fc' },
  { top: '#f97316', bottom: '#fde68a', sun: '#fff7ed', skyline: '#fdba74' },
  { top: '#6366f1', bottom: '#f9a8d4', sun: '#fce7f3', skyline: '#a5b4fc' },
  { top: '#14b8a6', bottom: '#ccfbf1', sun: '#fefce8', skyline: '#5eead4' },
  { top: '#1e3a8a', bottom: '#fb923c', sun: '#fed7aa', skyline: '#6b7280' },
];
const facades = [
  '#f5f5f4',
  '#fde68a',
  '#fecaca',
  '#e7e5e4',
  '#d9f99d',
  '#fed7aa',
  '#e0e7ff',
  '#cbd5e1',
  '#fbcfe8',
  '#a7f3d0',
];
const trims = ['#78350f', '#334155', '#7c2d12', '#1e3a8a', '#166534', '#581c87'];
const glass = ['#60a5fa', '#22d3ee', '#818cf8', '#2dd4bf'];
const greens = ['#15803d', '#16a34a', '#4d7c0f', '#047857'];

const between = (random: Random, min: number, max: number) =>
  Math.round(min + random() * (max - min));
function pick<T>(random: Random, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)] as T;
}

export function drawListingIllustration(kind: BuildingKind, seed: number): string {
  const random = seededRandom(seed * 7919 + 17);
  const sky = pick(random, skies);
  const parts = [
    drawSky(random, sky),
    drawSkyline(random, sky.skyline),
    drawGround(random),
    drawBuilding(random, kind),
    drawTrees(random),
  ];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${ILLUSTRATION_WIDTH}" height="${ILLUSTRATION_HEIGHT}" viewBox="0 0 ${ILLUSTRATION_WIDTH} ${ILLUSTRATION_HEIGHT}">${parts.join('')}</svg>`;
}

function drawSky(random: Random, sky: Sky): string {
  const sunX = between(random, 120, 1080);
  const sunY = between(random, 90, 220);
  const clouds = Array.from({ length: between(random, 2, 4) }, () => {
    const x = between(random, 40, 1100);
    const y = between(random, 60, 260);
    const w = between(random, 70, 130);
    return `<g fill="#fff" opacity="0.8"><ellipse cx="${x}" cy="${y}" rx="${w}" ry="${Math.round(w / 3)}"/><ellipse cx="${x + w / 2}" cy="${y - 14}" rx="${Math.round(w / 2)}" ry="${Math.round(w / 3)}"/></g>`;
  });
  return `<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${sky.top}"/><stop offset="1" stop-color="${sky.bottom}"/></linearGradient></defs>
<rect width="${ILLUSTRATION_WIDTH}" height="${ILLUSTRATION_HEIGHT}" fill="url(#sky)"/>
<circle cx="${sunX}" cy="${sunY}" r="${between(random, 40, 70)}" fill="${sky.sun}" opacity="0.9"/>${clouds.join('')}`;
}

function drawSkyline(random: Random, colour: string): string {
  const towers: string[] = [];
  for (let x = -20; x < ILLUSTRATION_WIDTH; ) {
    const width = between(random, 50, 120);
    const height = between(random, 120, 340);
    towers.push(`<rect x="${x}" y="${GROUND_Y - height}" width="${width}" height="${height}"/>`);
    x += width + between(random, 0, 30);
  }
  return `<g fill="${colour}" opacity="0.75">${towers.join('')}</g>`;
}

function drawGround(random: Random): string {
  const grass = pick(random, ['#86efac', '#a3e635', '#bbf7d0', '#84cc16']);
  return `<rect y="${GROUND_Y}" width="${ILLUSTRATION_WIDTH}" height="${ILLUSTRATION_HEIGHT - GROUND_Y}" fill="${grass}"/>
<rect y="${GROUND_Y + 70}" width="${ILLUSTRATION_WIDTH}" height="70" fill="#57534e"/>
<g fill="#fafaf9">${Array.from({ length: 12 }, (_, i) => `<rect x="${i * 110 + 20}" y="${GROUND_Y + 102}" width="60" height="6"/>`).join('')}</g>`;
}

function drawBuilding(random: Random, kind: BuildingKind): string {
  switch (kind) {
    case 'apartment':
      return drawApartment(random);
    case 'duplex':
      return drawDuplex(random);
    case 'commercial':
      return drawCommercial(random);
    case 'house':
      return drawHouse(random);
    case 'plot':
      return drawPlot(random);
  }
}

/** A grid of windows; some lit, so no two buildings look alike. */
function windowGrid(
  random: Random,
  area: { x: number; y: number; width: number; height: number },
  rows: number,
  columns: number,
  colours: { lit: string; dark: string; frame: string },
): string {
  const cellW = area.width / columns;
  const cellH = area.height / rows;
  const windows: string[] = [];
  for (let row = 0; row < rows; row++) {
    for (let column = 0; column < columns; column++) {
      const fill = random() < 0.3 ? colours.lit : colours.dark;
      const x = Math.round(area.x + column * cellW + cellW * 0.18);
      const y = Math.round(area.y + row * cellH + cellH * 0.18);
      windows.push(
        `<rect x="${x}" y="${y}" width="${Math.round(cellW * 0.64)}" height="${Math.round(cellH * 0.6)}" fill="${fill}" stroke="${colours.frame}" stroke-width="3"/>`,
      );
    }
  }
  return windows.join('');
}

function drawApartment(random: Random): string {
  const width = between(random, 340, 440);
  const floors = between(random, 7, 11);
  const floorHeight = 50;
  const height = floors * floorHeight + 30;
  const x = between(random, 300, 1160 - width - 280);
  const y = GROUND_Y - height;
  const facade = pick(random, facades);
  const trim = pick(random, trims);
  const balconies = Array.from(
    { length: floors - 1 },
    (_, floor) =>
      `<rect x="${x - 10}" y="${y + 30 + (floor + 1) * floorHeight - 6}" width="${width + 20}" height="8" fill="${trim}" opacity="0.85"/>`,
  ).join('');
  return `<rect x="${x + 16}" y="${y + 16}" width="${width}" height="${height}" fill="#000" opacity="0.12"/>
<rect x="${x}" y="${y}" width="${width}" height="${height}" fill="${facade}"/>
<rect x="${x - 8}" y="${y - 14}" width="${width + 16}" height="16" fill="${trim}"/>
<rect x="${x + width - 90}" y="${y - 56}" width="60" height="42" fill="#e5e7eb" stroke="${trim}" stroke-width="3"/>
${windowGrid(random, { x: x + 10, y: y + 30, width: width - 20, height: height - 90 }, floors - 1, between(random, 4, 6), { lit: '#fef3c7', dark: pick(random, glass), frame: trim })}
${balconies}
<rect x="${x + width / 2 - 40}" y="${GROUND_Y - 64}" width="80" height="64" fill="${trim}"/>`;
}

function drawDuplex(random: Random): string {
  const width = between(random, 500, 600);
  const height = 300;
  const x = between(random, 260, 1160 - width - 200);
  const y = GROUND_Y - height;
  const facade = pick(random, facades);
  const trim = pick(random, trims);
  const accent = pick(random, facades);
  return `<rect x="${x + 16}" y="${y + 16}" width="${width}" height="${height}" fill="#000" opacity="0.12"/>
<rect x="${x}" y="${y}" width="${width}" height="${height}" fill="${facade}"/>
<rect x="${x + width * 0.55}" y="${y - 40}" width="${width * 0.45}" height="${height + 40}" fill="${accent}"/>
<rect x="${x - 12}" y="${y - 12}" width="${width * 0.55 + 12}" height="14" fill="${trim}"/>
<rect x="${x + width * 0.55 - 8}" y="${y - 52}" width="${width * 0.45 + 20}" height="14" fill="${trim}"/>
<rect x="${x - 12}" y="${y + height / 2 - 7}" width="${width + 24}" height="12" fill="${trim}" opacity="0.9"/>
${windowGrid(random, { x: x + 14, y: y + 20, width: width * 0.5, height: height - 60 }, 2, 2, { lit: '#fef9c3', dark: pick(random, glass), frame: trim })}
${windowGrid(random, { x: x + width * 0.58, y: y - 10, width: width * 0.38, height: height - 110 }, 2, 2, { lit: '#fef9c3', dark: pick(random, glass), frame: trim })}
<rect x="${x + width * 0.7}" y="${GROUND_Y - 90}" width="64" height="90" fill="${trim}"/>
<rect x="${x - 120}" y="${GROUND_Y - 46}" width="${width + 240}" height="46" fill="#d6d3d1" opacity="0.9"/>
<rect x="${x + width * 0.66}" y="${GROUND_Y - 46}" width="110" height="46" fill="#44403c"/>`;
}

function drawCommercial(random: Random): string {
  const width = between(random, 360, 460);
  const height = between(random, 460, 580);
  const x = between(random, 300, 1160 - width - 260);
  const y = GROUND_Y - height;
  const tint = pick(random, glass);
  const frame = pick(random, ['#1f2937', '#334155', '#0f172a']);
  const bands = Array.from(
    { length: Math.floor(height / 36) },
    (_, i) =>
      `<rect x="${x}" y="${y + i * 36}" width="${width}" height="4" fill="${frame}" opacity="0.6"/>`,
  ).join('');
  const mullions = Array.from(
    { length: 6 },
    (_, i) =>
      `<rect x="${x + (i * width) / 6}" y="${y}" width="3" height="${height}" fill="${frame}" opacity="0.5"/>`,
  ).join('');
  return `<defs><linearGradient id="glass" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#fff" stop-opacity="0.7"/><stop offset="0.4" stop-color="${tint}"/><stop offset="1" stop-color="${frame}"/></linearGradient></defs>
<rect x="${x + 16}" y="${y + 16}" width="${width}" height="${height}" fill="#000" opacity="0.12"/>
<rect x="${x}" y="${y}" width="${width}" height="${height}" fill="url(#glass)"/>
${bands}${mullions}
<rect x="${x - 20}" y="${GROUND_Y - 110}" width="${width + 40}" height="30" fill="${pick(random, ['#dc2626', '#0d9488', '#ea580c', '#2563eb'])}"/>
<rect x="${x}" y="${GROUND_Y - 80}" width="${width}" height="80" fill="#e2e8f0"/>
${windowGrid(random, { x, y: GROUND_Y - 80, width, height: 80 }, 1, 4, { lit: '#fef3c7', dark: tint, frame })}`;
}

function drawHouse(random: Random): string {
  const width = between(random, 380, 480);
  const height = between(random, 200, 260);
  const x = between(random, 260, 1160 - width - 220);
  const y = GROUND_Y - height;
  const facade = pick(random, facades);
  const trim = pick(random, trims);
  const roof = pick(random, ['#b91c1c', '#9a3412', '#475569', '#0f766e']);
  return `<rect x="${x + 16}" y="${y + 16}" width="${width}" height="${height}" fill="#000" opacity="0.12"/>
<rect x="${x}" y="${y}" width="${width}" height="${height}" fill="${facade}"/>
<polygon points="${x - 40},${y + 6} ${x + width / 2},${y - 150} ${x + width + 40},${y + 6}" fill="${roof}"/>
<rect x="${x + width * 0.7}" y="${y - 120}" width="36" height="70" fill="${trim}"/>
${windowGrid(random, { x: x + 20, y: y + 30, width: width * 0.55, height: height - 80 }, 1, 2, { lit: '#fef9c3', dark: pick(random, glass), frame: trim })}
<rect x="${x + width * 0.68}" y="${GROUND_Y - 120}" width="80" height="120" fill="${trim}"/>
<circle cx="${x + width * 0.68 + 66}" cy="${GROUND_Y - 60}" r="5" fill="#fde047"/>`;
}

/** An empty plot: a fence of posts along its edge and the developer's signboard. */
function drawPlot(random: Random): string {
  const x = between(random, 240, 360);
  const width = between(random, 560, 680);
  const trim = pick(random, trims);
  const posts = Array.from(
    { length: 13 },
    (_, i) =>
      `<rect x="${x + (i * width) / 12 - 5}" y="${GROUND_Y - 70}" width="10" height="70" fill="${trim}"/>`,
  ).join('');
  const board = x + width / 2 - 110;
  return `<rect x="${x}" y="${GROUND_Y - 56}" width="${width}" height="6" fill="${trim}"/>
<rect x="${x}" y="${GROUND_Y - 26}" width="${width}" height="6" fill="${trim}"/>
${posts}
<rect x="${board + 100}" y="${GROUND_Y - 230}" width="20" height="230" fill="#57534e"/>
<rect x="${board}" y="${GROUND_Y - 300}" width="220" height="110" fill="${pick(random, facades)}" stroke="${trim}" stroke-width="6"/>`;
}

function drawTrees(random: Random): string {
  const trees: string[] = [];
  for (const x of [between(random, 40, 200), between(random, 1000, 1160)]) {
    const green = pick(random, greens);
    const size = between(random, 50, 80);
    const top = GROUND_Y - between(random, 120, 180);
    trees.push(
      `<rect x="${x - 8}" y="${top}" width="16" height="${GROUND_Y - top}" fill="#78350f"/>`,
      `<circle cx="${x}" cy="${top}" r="${size}" fill="${green}"/>`,
      `<circle cx="${x - size * 0.6}" cy="${top + size * 0.4}" r="${size * 0.7}" fill="${green}"/>`,
      `<circle cx="${x + size * 0.6}" cy="${top + size * 0.4}" r="${size * 0.7}" fill="${green}"/>`,
    );
  }
  const bushes = Array.from(
    { length: 5 },
    () =>
      `<ellipse cx="${between(random, 0, 1200)}" cy="${GROUND_Y + 8}" rx="${between(random, 30, 60)}" ry="22" fill="${pick(random, greens)}"/>`,
  );
  return trees.join('') + bushes.join('');
}
