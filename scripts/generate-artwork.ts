/**
 * Deterministic artwork generator for the Hotellguiden demo catalogue.
 *
 * Writes small, self-contained SVG illustrations (no raster data, no fonts,
 * no external references) so the demo works fully offline:
 *
 *   public/images/hotels/hotel-01.svg … hotel-24.svg  (exterior scenes)
 *   public/images/rooms/room-01.svg … room-12.svg      (interior scenes)
 *   public/placeholder.svg                             (image fallback)
 *   public/favicon.svg                                 (site icon)
 *
 * Usage: node scripts/generate-artwork.ts
 *
 * Output is fully determined by fixed PRNG seeds, so running the script
 * twice produces byte-identical files.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");
const W = 600;
const H = 400;

// ---------------------------------------------------------------------------
// PRNG + helpers
// ---------------------------------------------------------------------------

type Rng = {
  next: () => number;
  range: (min: number, max: number) => number;
  int: (min: number, max: number) => number;
  chance: (p: number) => boolean;
  pick: <T>(items: readonly T[]) => T;
};

function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function createRng(seed: number): Rng {
  const next = mulberry32(seed);
  const range = (min: number, max: number) => min + (max - min) * next();
  return {
    next,
    range,
    int: (min, max) => Math.floor(range(min, max + 1)),
    chance: (p) => next() < p,
    pick: (items) => items[Math.floor(next() * items.length)]!,
  };
}

/** Round to an integer and format (never emits "-0"). */
function n(x: number): string {
  const r = Math.round(x);
  return String(r === 0 ? 0 : r);
}

/** Format a small factor with two decimals, without a leading zero. */
function f2(x: number): string {
  const v = Math.round(x * 100) / 100;
  return String(v).replace(/^(-?)0\./, "$1.");
}

function hexToRgb(hex: string): [number, number, number] {
  const v = parseInt(hex.slice(1), 16);
  return [(v >> 16) & 255, (v >> 8) & 255, v & 255];
}

function rgbToHex(r: number, g: number, b: number): string {
  const c = (x: number) =>
    Math.max(0, Math.min(255, Math.round(x)))
      .toString(16)
      .padStart(2, "0");
  return `#${c(r)}${c(g)}${c(b)}`;
}

/** Linear blend of two hex colours; t=0 → a, t=1 → b. */
function mix(a: string, b: string, t: number): string {
  const [ar, ag, ab] = hexToRgb(a);
  const [br, bg, bb] = hexToRgb(b);
  return rgbToHex(ar + (br - ar) * t, ag + (bg - ag) * t, ab + (bb - ab) * t);
}

const darken = (c: string, t: number) => mix(c, "#000000", t);
const lighten = (c: string, t: number) => mix(c, "#ffffff", t);

/** Drop redundant separators in path data ("M10 -5" → "M10-5"). */
function minifyPaths(svg: string): string {
  return svg.replace(/ d="([^"]*)"/g, (_m, d: string) => ` d="${d.replace(/ -/g, "-")}"`);
}

function svgDoc(defs: string, body: string): string {
  const d = defs ? `<defs>${defs}</defs>` : "";
  return minifyPaths(`<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">` + `${d}${body}</svg>\n`);
}

function rectPath(x: number, y: number, w: number, h: number): string {
  return `M${n(x)} ${n(y)}h${n(w)}v${n(h)}h${n(-w)}z`;
}

/** Round-capped zero-length segments → dots. */
function dotPath(points: Array<[number, number]>): string {
  return points.map(([x, y]) => `M${n(x)} ${n(y)}h0`).join("");
}

// ---------------------------------------------------------------------------
// Time-of-day palettes
// ---------------------------------------------------------------------------

type TimeOfDay = "day" | "dusk" | "night";

type Palette = {
  sky: string[]; // gradient stops, top → bottom
  tint: string; // colour the landscape is blended towards
  tintAmount: number;
  glass: string;
  lit: string;
  litShare: number;
};

function palette(time: TimeOfDay, rng: Rng): Palette {
  if (time === "day") {
    const top = rng.pick(["#3f8fd8", "#4a9be0", "#5aa6e6", "#3a86cf"]);
    return {
      sky: [top, lighten(top, 0.55), "#eef7fd"],
      tint: "#ffffff",
      tintAmount: 0,
      glass: "#8db9dc",
      lit: "#cfe6f6",
      litShare: 0.25,
    };
  }
  if (time === "dusk") {
    const mid = rng.pick(["#d9707a", "#e07b6a", "#c86a8e"]);
    return {
      sky: [rng.pick(["#2b3570", "#34306b", "#26406f"]), mid, "#ffc27a"],
      tint: "#5b3b6a",
      tintAmount: 0.28,
      glass: "#4d5a7c",
      lit: "#ffcf6e",
      litShare: 0.45,
    };
  }
  return {
    sky: [rng.pick(["#071230", "#0b1738", "#0a1030"]), "#1c2f5e", "#34507f"],
    tint: "#0f1a3a",
    tintAmount: 0.48,
    glass: "#27335a",
    lit: "#ffd66b",
    litShare: 0.62,
  };
}

function skyGradient(id: string, stops: string[]): string {
  const s = stops.map((c, i) => `<stop offset="${f2(i / (stops.length - 1))}" stop-color="${c}"/>`).join("");
  return `<linearGradient id="${id}" x2="0" y2="1">${s}</linearGradient>`;
}

const GLOW_DEF =
  '<radialGradient id="g"><stop offset="0" stop-color="#fff" stop-opacity=".7"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient>';

// ---------------------------------------------------------------------------
// Hotel exterior scenes
// ---------------------------------------------------------------------------

type Theme = "beach" | "mountain" | "city" | "country";

type Scene = {
  rng: Rng;
  time: TimeOfDay;
  pal: Palette;
  t: (c: string) => string; // apply time-of-day tint
  defs: string[];
  out: string[];
  shades: string[]; // right-hand shading strips, drawn after all buildings
};

function sunOrMoon(s: Scene, horizonY: number): { x: number; y: number } {
  const { rng, time, out } = s;
  const x = rng.range(70, 530);
  if (time === "night") {
    const y = rng.range(55, 110);
    const r = rng.range(20, 28);
    const stars: Array<[number, number]> = [];
    const big: Array<[number, number]> = [];
    for (let i = 0; i < 18; i++) {
      const p: [number, number] = [rng.range(8, 592), rng.range(8, horizonY - 40)];
      if (Math.hypot(p[0] - x, p[1] - y) < r + 14) continue;
      (rng.chance(0.25) ? big : stars).push(p);
    }
    out.push(
      `<g stroke="#fff" stroke-linecap="round"><path d="${dotPath(stars)}" stroke-width="2" opacity=".7"/><path d="${dotPath(big)}" stroke-width="3"/></g>`,
    );
    out.push(`<circle cx="${n(x)}" cy="${n(y)}" r="${n(r * 3)}" fill="url(#g)" opacity=".35"/>`);
    // crescent
    const dir = rng.chance(0.5) ? 1 : 0;
    out.push(
      `<path d="M${n(x)} ${n(y - r)}A${n(r)} ${n(r)} 0 1 ${dir} ${n(x)} ${n(y + r)}A${n(r * 0.78)} ${n(r)} 0 1 ${1 - dir} ${n(x)} ${n(y - r)}z" fill="#f6f1d6"/>`,
    );
    return { x, y };
  }
  if (time === "dusk") {
    const y = rng.range(horizonY - 90, horizonY - 40);
    const r = rng.range(34, 46);
    out.push(`<circle cx="${n(x)}" cy="${n(y)}" r="${n(r * 2.6)}" fill="url(#g)" opacity=".55"/>`);
    out.push(`<circle cx="${n(x)}" cy="${n(y)}" r="${n(r)}" fill="#ffb454"/>`);
    return { x, y };
  }
  const y = rng.range(55, 105);
  const r = rng.range(24, 34);
  out.push(`<circle cx="${n(x)}" cy="${n(y)}" r="${n(r * 2.4)}" fill="url(#g)" opacity=".8"/>`);
  out.push(`<circle cx="${n(x)}" cy="${n(y)}" r="${n(r)}" fill="#ffd95a"/>`);
  // clouds
  const clouds = rng.int(1, 3);
  const parts: string[] = [];
  for (let i = 0; i < clouds; i++) {
    const cx = rng.range(40, 560);
    const cy = rng.range(40, 130);
    const s2 = rng.range(0.7, 1.2);
    // two stacked round-capped strokes form a puffy cloud
    const r = 15 * s2;
    parts.push(
      `<path d="M${n(cx)} ${n(cy)}h${n(56 * s2)}M${n(cx + 18 * s2)} ${n(cy - 13 * s2)}h${n(16 * s2)}" stroke-width="${n(2 * r)}"/>`,
    );
  }
  out.push(`<g stroke="#fff" stroke-linecap="round" opacity=".9">${parts.join("")}</g>`);
  return { x, y };
}

function ridge(rng: Rng, baseY: number, minH: number, maxH: number, step: [number, number]): Array<[number, number]> {
  const pts: Array<[number, number]> = [];
  let x = -20;
  let up = rng.chance(0.5);
  while (x < W + 20) {
    pts.push([x, baseY - (up ? rng.range((minH + maxH) / 2, maxH) : rng.range(minH * 0.3, minH))]);
    up = !up;
    x += rng.range(step[0], step[1]);
  }
  pts.push([W + 20, baseY - rng.range(minH * 0.3, maxH * 0.6)]);
  return pts;
}

function mountains(s: Scene, horizonY: number): void {
  const { rng, out, t } = s;
  const far = ridge(rng, horizonY, 60, 150, [70, 120]);
  const farColor = t(rng.pick(["#8fa3c0", "#9aa9c9", "#8aa0b8"]));
  out.push(`<path d="M${far.map(([x, y]) => `${n(x)} ${n(y)}`).join("L")}V${n(horizonY + 5)}H-20z" fill="${farColor}"/>`);
  // snow caps on the higher peaks
  const caps: string[] = [];
  for (let i = 1; i < far.length - 1; i++) {
    const [px, py] = far[i]!;
    const [lx, ly] = far[i - 1]!;
    const [rx, ry] = far[i + 1]!;
    if (py > ly || py > ry || horizonY - py < 95) continue;
    const f = 0.3;
    const ax = px + (lx - px) * f;
    const ay = py + (ly - py) * f;
    const bx = px + (rx - px) * f;
    const by = py + (ry - py) * f;
    caps.push(
      `M${n(px)} ${n(py)}L${n(bx)} ${n(by)}L${n((bx + px) / 2 + 4)} ${n((by + py) / 2 + 8)}L${n(px)} ${n(Math.max(ay, by) - 4)}L${n((ax + px) / 2 - 4)} ${n((ay + py) / 2 + 8)}L${n(ax)} ${n(ay)}z`,
    );
  }
  if (caps.length) out.push(`<path d="${caps.join("")}" fill="${t("#f4f7fb")}"/>`);
  const near = ridge(rng, horizonY, 30, 80, [60, 110]);
  out.push(
    `<path d="M${near.map(([x, y]) => `${n(x)} ${n(y)}`).join("L")}V${n(horizonY + 5)}H-20z" fill="${t(rng.pick(["#5f7a6a", "#637d86", "#58705f"]))}"/>`,
  );
}

function hillPath(rng: Rng, baseY: number, amp: number, bottom: number): string {
  const pts: Array<[number, number]> = [];
  let x = -20;
  while (x < W + 80) {
    pts.push([x, baseY - rng.range(0, amp)]);
    x += rng.range(110, 190);
  }
  let d = `M${n(pts[0]![0])} ${n(pts[0]![1])}`;
  for (let i = 1; i < pts.length; i++) {
    const [x0, y0] = pts[i - 1]!;
    const [x1, y1] = pts[i]!;
    const dx = (x1 - x0) / 2;
    d += `C${n(x0 + dx)} ${n(y0)} ${n(x1 - dx)} ${n(y1)} ${n(x1)} ${n(y1)}`;
  }
  return `${d}V${n(bottom)}H-20z`;
}

function hills(s: Scene, horizonY: number, groundY: number): void {
  const { rng, out, t } = s;
  const g1 = rng.pick(["#a6cf8a", "#b4d494", "#9cc58c"]);
  out.push(`<path d="${hillPath(rng, horizonY - 20, 50, groundY + 5)}" fill="${t(mix(g1, "#8fa7c0", 0.45))}"/>`);
  out.push(`<path d="${hillPath(rng, horizonY + 10, 40, groundY + 5)}" fill="${t(darken(g1, 0.1))}"/>`);
}

function sea(s: Scene, horizonY: number, groundY: number, sun: { x: number; y: number }): void {
  const { rng, out, t, time, defs } = s;
  const top = t(rng.pick(["#3f9bd0", "#2f8cc4", "#46a3c8"]));
  defs.push(skyGradient("w", [top, t(darken(top, 0.25))]));
  out.push(`<path d="${rectPath(0, horizonY, W, groundY - horizonY + 5)}" fill="url(#w)"/>`);
  // sun / moon reflection
  const refl: string[] = [];
  for (let i = 0; i < 5; i++) {
    const y = horizonY + 6 + i * ((groundY - horizonY - 10) / 5);
    const w = (64 - i * 9) * rng.range(0.5, 1);
    refl.push(`M${n(sun.x - w / 2 + rng.range(-10, 10))} ${n(y)}h${n(w)}`);
  }
  const rc = time === "night" ? "#f6f1d6" : time === "dusk" ? "#ffc27a" : "#ffffff";
  out.push(`<path d="${refl.join("")}" stroke="${rc}" stroke-width="3" stroke-linecap="round" opacity=".55"/>`);
  // waves
  const waves: string[] = [];
  for (let i = 0; i < 5; i++) {
    waves.push(`M${n(rng.range(0, 560))} ${n(rng.range(horizonY + 8, groundY - 4))}h${n(rng.range(14, 34))}`);
  }
  out.push(`<path d="${waves.join("")}" stroke="#fff" stroke-width="2" stroke-linecap="round" opacity=".35"/>`);
  // sailboat
  if (rng.chance(0.7)) {
    const bx = rng.chance(0.5) ? rng.range(30, 120) : rng.range(470, 560);
    const by = horizonY + rng.range(10, 20);
    out.push(
      `<path d="M${n(bx - 18)} ${n(by)}h36l-6 7h-24z" fill="${t("#7a4b3a")}"/><path d="M${n(bx)} ${n(by - 2)}V${n(by - 40)}L${n(bx + 20)} ${n(by - 4)}z" fill="${t("#ffffff")}"/><path d="M${n(bx - 2)} ${n(by - 4)}V${n(by - 32)}L${n(bx - 16)} ${n(by - 4)}z" fill="${t("#f1e4cf")}"/>`,
    );
  }
}

function skyline(s: Scene, horizonY: number): void {
  const { rng, out, t, time, pal } = s;
  const col = t(mix(pal.sky[2]!, "#5f6b85", 0.55));
  const rects: string[] = [];
  const lights: Array<[number, number]> = [];
  let x = -10;
  while (x < W) {
    const w = rng.range(28, 64);
    const h = rng.range(40, 150);
    rects.push(rectPath(x, horizonY - h, w, h + 6));
    if (time !== "day") {
      for (let k = 0; k < 3; k++) {
        if (rng.chance(0.6)) lights.push([x + rng.range(6, w - 6), horizonY - rng.range(10, h - 8)]);
      }
    }
    x += w + rng.range(-4, 6);
  }
  out.push(`<path d="${rects.join("")}" fill="${col}"/>`);
  if (lights.length) {
    out.push(`<path d="${dotPath(lights)}" stroke="${pal.lit}" stroke-width="3" opacity=".7"/>`);
  }
}

type BuildingOpts = {
  x: number;
  w: number;
  h: number;
  baseY: number;
  main: boolean;
  shade: boolean;
  roof: "flat" | "gable" | "setback";
};

const FACADES = ["#f4efe6", "#ecd9c2", "#dbe5ec", "#f1d3c5", "#cddbd2", "#f8e6c4", "#e6e0ef", "#fbfaf7", "#e9c9a8"];
const ROOFS = ["#b9523a", "#4f5d73", "#8a4b3c", "#3f4a5a", "#a0623f"];
const ACCENTS = ["#c0392b", "#1f6f8b", "#2e7d5b", "#1d3f7a", "#b5651d", "#7b3f61"];

function building(s: Scene, b: BuildingOpts): { roofTop: number } {
  const { rng, out, t, pal } = s;
  const facade = rng.pick(FACADES);
  const top = b.baseY - b.h;
  const body = t(facade);
  const trim = t(darken(facade, 0.22));
  let roofTop = top;
  if (b.roof === "gable") {
    const rh = Math.min(60, b.w * 0.32);
    roofTop = top - rh;
    out.push(
      `<path d="M${n(b.x - 10)} ${n(top + 2)}L${n(b.x + b.w / 2)} ${n(top - rh)}L${n(b.x + b.w + 10)} ${n(top + 2)}z" fill="${t(rng.pick(ROOFS))}"/>`,
    );
  }
  if (b.roof === "setback") {
    const sw = b.w * rng.range(0.45, 0.65);
    const sh = rng.range(22, 34);
    const sx = b.x + (b.w - sw) / 2;
    roofTop = top - sh;
    out.push(`<path d="${rectPath(sx, top - sh, sw, sh)}" fill="${t(darken(facade, 0.08))}"/>`);
    out.push(`<path d="${rectPath(sx - 4, top - sh - 5, sw + 8, 6)}" fill="${trim}"/>`);
  }
  out.push(`<path d="${rectPath(b.x, top, b.w, b.h)}" fill="${body}"/>`);
  // side shading for depth (hidden wings get none)
  if (b.shade) s.shades.push(rectPath(b.x + b.w - 8, top, 8, b.h));
  if (b.roof !== "gable") {
    out.push(`<path d="${rectPath(b.x - 5, top - 7, b.w + 10, 9)}" fill="${trim}"/>`);
  }
  // ground floor band
  const gfH = b.main ? 46 : 30;
  out.push(`<path d="${rectPath(b.x, b.baseY - gfH, b.w, gfH)}" fill="${t(darken(facade, 0.1))}"/>`);

  // window grid: unlit windows are one dashed stroke per row, lit ones
  // are individual vertical strokes drawn on top.
  const ww = 2 * rng.int(6, 8);
  const wh = 2 * rng.int(8, 10);
  const gx = rng.int(8, 13);
  const gy = rng.int(10, 15);
  const cols = Math.max(1, Math.floor((b.w - 28 + gx) / (ww + gx)));
  const usableTop = top + 14;
  const usableBottom = b.baseY - gfH - 10;
  const rows = Math.max(1, Math.floor((usableBottom - usableTop + gy) / (wh + gy)));
  const gridW = cols * ww + (cols - 1) * gx;
  const sx = Math.round(b.x + (b.w - gridW) / 2);
  const sy = Math.round(usableTop + (usableBottom - usableTop - (rows * wh + (rows - 1) * gy)) / 2);
  const rowLines: string[] = [];
  const lit: string[] = [];
  for (let r = 0; r < rows; r++) {
    const y = sy + r * (wh + gy);
    rowLines.push(`M${sx} ${y + wh / 2}h${gridW}`);
    let prev = -1;
    for (let c = 0; c < cols; c++) {
      if (!rng.chance(pal.litShare)) continue;
      const x = sx + c * (ww + gx) + ww / 2;
      // relative move from the previous lit window in the same row
      lit.push(prev < 0 ? `M${x} ${y}v${wh}` : `m${x - prev}-${wh}v${wh}`);
      prev = x;
    }
  }
  out.push(`<path d="${rowLines.join("")}" stroke="${pal.glass}" stroke-width="${wh}" stroke-dasharray="${ww} ${gx}"/>`);
  if (lit.length) out.push(`<path d="${lit.join("")}" stroke="${pal.lit}" stroke-width="${ww}"/>`);
  // balconies
  if (b.main && rng.chance(0.55)) {
    const rails: string[] = [];
    for (let r = 0; r < rows; r++) rails.push(`M${sx - 4} ${sy + r * (wh + gy) + wh - 2}h${gridW + 8}`);
    out.push(
      `<path d="${rails.join("")}" stroke="${t(rng.pick(["#ffffff", darken(facade, 0.35), "#5b6b7a"]))}" stroke-width="5" opacity=".85"/>`,
    );
  }
  // ground-floor windows / door
  const cx = b.x + b.w / 2;
  const gfWin: string[] = [];
  const gw = b.main ? 22 : 14;
  for (let gxp = b.x + 12; gxp + gw < b.x + b.w - 10; gxp += gw + 12) {
    if (b.main && Math.abs(gxp + gw / 2 - cx) < 40) continue;
    gfWin.push(`M${n(gxp + gw / 2)} ${n(b.baseY - gfH + 10)}v${gfH - 18}`);
  }
  if (gfWin.length)
    out.push(`<path d="${gfWin.join("")}" stroke="${s.time === "day" ? pal.glass : pal.lit}" stroke-width="${gw}" opacity=".9"/>`);
  if (b.main) {
    const accent = rng.pick(ACCENTS);
    const dw = 38;
    out.push(`<path d="${rectPath(cx - dw / 2, b.baseY - 36, dw, 36)}" fill="${s.time === "day" ? t("#35465a") : pal.lit}"/>`);
    out.push(`<path d="M${n(cx)} ${n(b.baseY - 36)}v36" stroke="${t("#22303f")}" stroke-width="2"/>`);
    // striped awning
    const aw = 66;
    const ay = b.baseY - 46;
    const awning = `M${n(cx - aw / 2 + 6)} ${n(ay)}h${n(aw - 12)}l8 14h${n(-aw - 4)}z`;
    s.defs.push(
      '<pattern id="a" width="12" height="20" patternUnits="userSpaceOnUse"><rect width="6" height="20" fill="#fff" opacity=".85"/></pattern>',
    );
    out.push(`<path d="${awning}" fill="${t(accent)}"/><path d="${awning}" fill="url(#a)"/>`);
    // steps
    out.push(`<path d="${rectPath(cx - 28, b.baseY - 3, 56, 5)}" fill="${t("#cfc8bd")}"/>`);
    // No sign with stars: a drawn star count would contradict the hotel's own rating. Its two
    // draws from the PRNG stay, so everything else in each scene is as it was.
    rng.int(3, 5);
    rng.next();
    // flags
    if (b.roof !== "gable" && rng.chance(0.6)) {
      const f: string[] = [];
      const cloth: string[] = [];
      const fy = roofTop - 4;
      const positions = [b.x + 10, b.x + b.w - 10];
      for (const px of positions) {
        f.push(`M${n(px)} ${n(fy + 2)}v-34`);
        cloth.push(`M${n(px)} ${n(fy - 32)}h18l-5 6 5 6h-18z`);
      }
      out.push(`<path d="${f.join("")}" stroke="${t("#5a5f66")}" stroke-width="2"/><path d="${cloth.join("")}" fill="${t(accent)}"/>`);
    }
  }
  return { roofTop };
}

/** Palm tree defined once per scene (height 140) and instanced with <use>. */
function palm(s: Scene, x: number, baseY: number, h: number): void {
  const { rng, out, t, defs } = s;
  if (!defs.some((d) => d.startsWith('<g id="p"'))) {
    const lean = rng.range(10, 22);
    const leaves: string[] = [];
    const count = 8;
    for (let i = 0; i < count; i++) {
      const a = -Math.PI - 0.25 + (i / (count - 1)) * (Math.PI + 0.5) + rng.range(-0.1, 0.1);
      const len = rng.range(56, 68);
      const horiz = Math.abs(Math.cos(a));
      const ex = lean + Math.cos(a) * len;
      const ey = -140 + Math.sin(a) * len * 0.5 + 30 * horiz;
      const mx = lean + Math.cos(a) * len * 0.5;
      const my = -140 + Math.sin(a) * len * 0.5 - 8 * horiz;
      const nx = -Math.sin(a) * 10;
      const ny = Math.cos(a) * 10;
      leaves.push(`M${n(lean)} -140Q${n(mx + nx)} ${n(my + ny - 6)} ${n(ex)} ${n(ey)}Q${n(mx - nx)} ${n(my - ny + 6)} ${n(lean)} -140z`);
    }
    defs.push(
      `<g id="p"><path d="M0 0Q2-70 ${n(lean)}-140" stroke="${t("#8a6a45")}" stroke-width="7" fill="none" stroke-linecap="round"/><path d="${leaves.join("")}" fill="${t(rng.pick(["#2f8f4e", "#3a9a57", "#27804a"]))}"/></g>`,
    );
  }
  const k = h / 140;
  const flip = x > W / 2 ? -1 : 1;
  out.push(`<use href="#p" transform="translate(${n(x)} ${n(baseY)})scale(${f2(k * flip)} ${f2(k)})"/>`);
}

/** Pine tree (height 100) defined once and instanced; colour set per use. */
function pine(s: Scene, x: number, baseY: number, h: number, color: string): string {
  if (!s.defs.some((d) => d.startsWith('<path id="t"'))) {
    let d = "M-3-10h6v10h-6z";
    for (let i = 0; i < 3; i++) {
      const ty = -100 + i * 22;
      const tw = 42 * (0.55 + i * 0.25);
      d += `M0 ${ty}L${n(tw / 2)} ${ty + 42}H${n(-tw / 2)}z`;
    }
    s.defs.push(`<path id="t" d="${d}"/>`);
  }
  const fill = color ? ` fill="${color}"` : "";
  return `<use href="#t"${fill} transform="translate(${n(x)} ${n(baseY)})scale(${f2(h / 100)})"/>`;
}

function roundTree(s: Scene, x: number, baseY: number, h: number): void {
  const { rng, out, t } = s;
  const g = rng.pick(["#4f9a4f", "#5aa65a", "#3f8a4c", "#6aa84f"]);
  const r = h * 0.32;
  out.push(`<path d="${rectPath(x - 3, baseY - h * 0.45, 6, h * 0.45)}" fill="${t("#7a5a3c")}"/>`);
  out.push(
    `<g fill="${t(g)}"><circle cx="${n(x)}" cy="${n(baseY - h + r)}" r="${n(r)}"/><circle cx="${n(x - r * 0.6)}" cy="${n(baseY - h + r * 1.7)}" r="${n(r * 0.8)}"/><circle cx="${n(x + r * 0.6)}" cy="${n(baseY - h + r * 1.7)}" r="${n(r * 0.8)}"/></g>`,
  );
}

function pool(s: Scene, x: number, y: number, w: number): void {
  const { out, t, rng } = s;
  const h = 24;
  out.push(
    `<rect x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${h}" rx="10" fill="${t("#4cc3e0")}" stroke="${t("#ffffff")}" stroke-width="4"/>`,
  );
  out.push(
    `<path d="M${n(x + 14)} ${n(y + 9)}h${n(w * 0.3)}M${n(x + w * 0.45)} ${n(y + 15)}h${n(w * 0.35)}" stroke="#fff" stroke-width="2" stroke-linecap="round" opacity=".6"/>`,
  );
  // sun lounger + umbrella
  const ux = rng.chance(0.5) ? x - 26 : x + w + 26;
  const uc = t(rng.pick(ACCENTS));
  out.push(
    `<path d="M${n(ux)} ${n(y + 22)}V${n(y - 18)}" stroke="${t("#6b5b4b")}" stroke-width="2"/><path d="M${n(ux - 24)} ${n(y - 14)}Q${n(ux)} ${n(y - 38)} ${n(ux + 24)} ${n(y - 14)}z" fill="${uc}"/>`,
  );
}

function hotelScene(index: number): string {
  const rng = createRng(0x48074 + index * 7919);
  const themes: Theme[] = ["beach", "mountain", "city", "country"];
  const times: TimeOfDay[] = ["day", "dusk", "night"];
  const theme = themes[index % 4]!;
  const time = times[Math.floor(index / 4) % 3]!;
  const pal = palette(time, rng);
  const s: Scene = {
    rng,
    time,
    pal,
    t: (c) => (pal.tintAmount ? mix(c, pal.tint, pal.tintAmount) : c),
    defs: [skyGradient("s", pal.sky), GLOW_DEF],
    out: [`<rect width="${W}" height="${H}" fill="url(#s)"/>`],
    shades: [],
  };
  const horizonY = rng.range(250, 275);
  const groundY = rng.range(318, 336);
  const sun = sunOrMoon(s, horizonY);

  // backdrop
  if (theme === "beach") sea(s, horizonY, groundY, sun);
  if (theme === "mountain") {
    mountains(s, horizonY);
    if (rng.chance(0.5)) sea(s, horizonY, groundY, sun);
    else hills(s, horizonY + 20, groundY);
  }
  if (theme === "city") skyline(s, horizonY + 30);
  if (theme === "country") hills(s, horizonY, groundY);

  // ground
  const groundCol =
    theme === "beach"
      ? rng.pick(["#f1d9a7", "#ecd3a0", "#f4dfb3"])
      : theme === "city"
        ? "#c9c3b8"
        : rng.pick(["#86c06a", "#7db865", "#93c474"]);
  s.out.push(`<path d="${rectPath(0, groundY, W, H - groundY)}" fill="${s.t(groundCol)}"/>`);
  if (theme === "city") {
    s.out.push(
      `<path d="${rectPath(0, 372, W, 28)}" fill="${s.t("#5b6068")}"/><path d="M10 386h600" stroke="${s.t("#e8e2d0")}" stroke-width="3" stroke-dasharray="22 18"/>`,
    );
  }

  const baseY = groundY + rng.range(10, 18);

  // background trees (behind buildings)
  if (theme === "mountain") {
    const col = s.t(rng.pick(["#2f5d45", "#35634a", "#2b5640"]));
    // distant forest: simple single-tier conifers in one path
    const trees: string[] = [];
    for (let i = 0; i < 11; i++) {
      const th = rng.range(30, 56);
      const tw = th * 0.42;
      trees.push(`M${n(rng.range(0, W) - tw / 2)} ${n(groundY + 4)}l${n(tw / 2)}-${n(th)} ${n(tw / 2)} ${n(th)}z`);
    }
    s.out.push(`<path d="${trees.join("")}" fill="${col}"/>`);
  }

  // buildings
  const mainW = rng.range(180, 250);
  const mainH = theme === "city" ? rng.range(190, 240) : theme === "mountain" ? rng.range(120, 170) : rng.range(140, 210);
  const mainX = rng.range(170, 430 - mainW / 2) - mainW / 2 + 40;
  const roofChoices: Array<BuildingOpts["roof"]> =
    theme === "mountain" ? ["gable", "gable", "flat"] : theme === "city" ? ["flat", "setback"] : ["flat", "setback", "gable"];
  // side wings (drawn first, behind the main building)
  const specs: BuildingOpts[] = [];
  const wings = rng.int(1, 2);
  const leftFirst = rng.chance(0.5);
  for (let i = 0; i < wings; i++) {
    const left = i === 0 ? leftFirst : !leftFirst;
    const ww = rng.range(90, 140);
    const wh = Math.min(mainH - 30, rng.range(80, 150));
    const wx = left ? mainX - ww + rng.range(10, 24) : mainX + mainW - rng.range(10, 24);
    const roof = theme === "mountain" ? "gable" : rng.pick(["flat", "flat", "gable"] as const);
    specs.push({ x: wx, w: ww, h: wh, baseY: baseY - 2, main: false, shade: !left, roof });
  }
  specs.push({ x: mainX, w: mainW, h: mainH, baseY, main: true, shade: true, roof: rng.pick(roofChoices) });
  // one soft ground shadow under the whole complex
  const minX = Math.min(...specs.map((b) => b.x));
  const maxX = Math.max(...specs.map((b) => b.x + b.w));
  s.out.push(`<ellipse cx="${n((minX + maxX) / 2)}" cy="${n(baseY)}" rx="${n((maxX - minX) / 2 + 16)}" ry="8" fill="#000" opacity=".12"/>`);
  for (const b of specs) building(s, b);
  s.out.push(`<path d="${s.shades.join("")}" fill="#000" opacity=".08"/>`);

  // foreground
  const fgY = 400;
  if (theme === "beach") {
    const px = mainX < 220 ? rng.range(330, 420) : rng.range(30, 90);
    pool(s, px, baseY + 16, rng.range(120, 150));
    palm(s, rng.range(20, 70), fgY - 8, rng.range(120, 160));
    palm(s, rng.range(530, 580), fgY - 6, rng.range(110, 150));
    if (rng.chance(0.6)) palm(s, rng.chance(0.5) ? mainX - 10 : mainX + mainW + 10, baseY + 4, rng.range(90, 120));
  } else if (theme === "mountain") {
    const col = s.t(rng.pick(["#24503b", "#2a5a40"]));
    s.out.push(pine(s, rng.range(20, 70), fgY - 4, rng.range(110, 150), col));
    s.out.push(pine(s, rng.range(530, 580), fgY - 2, rng.range(100, 140), col));
    if (rng.chance(0.5)) s.out.push(pine(s, rng.range(90, 130), fgY - 14, rng.range(70, 90), col));
  } else if (theme === "country") {
    roundTree(s, rng.range(25, 75), fgY - 10, rng.range(100, 140));
    roundTree(s, rng.range(525, 575), fgY - 8, rng.range(90, 130));
    if (rng.chance(0.5)) {
      const px = mainX < 220 ? rng.range(360, 420) : rng.range(90, 130);
      pool(s, px, baseY + 18, rng.range(100, 130));
    }
    // bushes
    const bushes: string[] = [];
    for (let bx = mainX + 8; bx < mainX + mainW - 8; bx += 26) {
      if (Math.abs(bx - (mainX + mainW / 2)) < 40) continue;
      bushes.push(`<circle cx="${n(bx)}" cy="${n(baseY)}" r="10"/>`);
    }
    s.out.push(`<g fill="${s.t("#3f8a4c")}">${bushes.join("")}</g>`);
  } else {
    // city: street lamps + trees in planters
    for (const lx of [rng.range(40, 110), rng.range(490, 560)]) {
      s.out.push(`<path d="M${n(lx)} 372V${n(baseY - 70)}h12" stroke="${s.t("#3d434b")}" stroke-width="4" fill="none"/>`);
      s.out.push(
        `<rect x="${n(lx + 6)}" y="${n(baseY - 70)}" width="14" height="7" rx="2" fill="${time === "day" ? s.t("#3d434b") : "#ffe39a"}"/>`,
      );
      if (time !== "day") s.out.push(`<circle cx="${n(lx + 13)}" cy="${n(baseY - 62)}" r="34" fill="url(#g)" opacity=".6"/>`);
    }
    roundTree(s, rng.range(130, 160), 372, rng.range(70, 90));
    roundTree(s, rng.range(440, 470), 372, rng.range(70, 90));
  }

  return svgDoc([...new Set(s.defs)].join(""), s.out.join(""));
}

// ---------------------------------------------------------------------------
// Room interiors
// ---------------------------------------------------------------------------

const WALLS = ["#efe6da", "#dfe8ea", "#e9e1ee", "#e4eadc", "#f3e3d6", "#e5e3de", "#f1ece2"];
const BLANKETS = ["#2f5d8a", "#b5523b", "#3f7a62", "#c79a2e", "#7a4e7e", "#d07a8a", "#35505f"];
const FLOORS = ["#b98a5e", "#9c6b45", "#d4b38a", "#8e8f99", "#c29a6b"];

function roomScene(index: number): string {
  const rng = createRng(0x520077 + index * 104729);
  const times: TimeOfDay[] = ["day", "dusk", "night"];
  const time = times[index % 3]!;
  const pal = palette(time, rng);
  const tintCol = time === "night" ? "#1d2340" : time === "dusk" ? "#7a4a5a" : "#ffffff";
  const tintAmt = time === "night" ? 0.3 : time === "dusk" ? 0.1 : 0;
  const t = (c: string) => (tintAmt ? mix(c, tintCol, tintAmt) : c);
  const defs: string[] = [skyGradient("s", pal.sky), GLOW_DEF];
  const out: string[] = [];

  const wall = rng.pick(WALLS);
  const floor = rng.pick(FLOORS);
  const blanket = rng.pick(BLANKETS);
  const accent2 = rng.pick(BLANKETS.filter((c) => c !== blanket));
  const floorY = 290;

  out.push(`<rect width="${W}" height="${floorY}" fill="${t(wall)}"/>`);
  // optional wallpaper stripes / wainscot
  if (rng.chance(0.5)) {
    defs.push(
      `<pattern id="p" width="24" height="10" patternUnits="userSpaceOnUse"><rect width="12" height="10" fill="${darken(wall, 0.5)}" opacity=".06"/></pattern>`,
    );
    out.push(`<rect width="${W}" height="${floorY}" fill="url(#p)"/>`);
  } else {
    out.push(
      `<path d="${rectPath(0, 200, W, floorY - 200)}" fill="${t(darken(wall, 0.07))}"/><path d="${rectPath(0, 198, W, 4)}" fill="${t(lighten(wall, 0.5))}"/>`,
    );
  }
  // floor + planks
  out.push(`<path d="${rectPath(0, floorY, W, H - floorY)}" fill="${t(floor)}"/>`);
  // plank seams (spacing widens towards the viewer) with staggered joints
  const planks: string[] = [];
  let py = floorY + 10;
  let gap = 10;
  let row = 0;
  while (py < H) {
    planks.push(`M0 ${n(py)}h${W}`);
    gap *= 1.35;
    for (let x = (row % 2) * 90 + 50; x < W; x += 180) planks.push(`M${x} ${n(py)}v${n(gap)}`);
    py += gap;
    row++;
  }
  out.push(`<path d="${planks.join("")}" stroke="${t(darken(floor, 0.18))}" stroke-width="2"/>`);
  out.push(`<path d="${rectPath(0, floorY - 8, W, 10)}" fill="${t(lighten(wall, 0.6))}"/>`);

  // window
  const winLeft = rng.chance(0.5);
  const ww = rng.range(130, 160);
  const wh = rng.range(140, 165);
  const wx = winLeft ? rng.range(40, 70) : W - rng.range(40, 70) - ww;
  const wy = rng.range(45, 65);
  out.push(`<path d="${rectPath(wx - 4, wy - 4, ww + 8, wh + 8)}" fill="url(#s)" stroke="${t("#fbfaf6")}" stroke-width="8"/>`);
  // view outside
  const vx = wx + rng.range(25, ww - 25);
  if (time === "night") {
    out.push(`<circle cx="${n(vx)}" cy="${n(wy + 35)}" r="12" fill="#f6f1d6"/>`);
    out.push(
      `<path d="${dotPath([
        [wx + 20, wy + 20],
        [wx + ww - 22, wy + 30],
        [wx + ww / 2, wy + 70],
        [wx + 30, wy + 90],
      ])}" stroke="#fff" stroke-width="2" stroke-linecap="round"/>`,
    );
  } else {
    out.push(
      `<circle cx="${n(vx)}" cy="${n(wy + (time === "dusk" ? wh * 0.62 : 40))}" r="${time === "dusk" ? 20 : 14}" fill="${time === "dusk" ? "#ffb454" : "#ffd95a"}"/>`,
    );
  }
  const viewCol = time === "night" ? "#16224a" : time === "dusk" ? "#6b4a78" : "#6fa86a";
  out.push(
    `<path d="M${n(wx)} ${n(wy + wh * 0.75)}Q${n(wx + ww * 0.3)} ${n(wy + wh * 0.6)} ${n(wx + ww * 0.6)} ${n(wy + wh * 0.72)}T${n(wx + ww)} ${n(wy + wh * 0.68)}V${n(wy + wh)}H${n(wx)}z" fill="${viewCol}"/>`,
  );
  out.push(
    `<path d="M${n(wx + ww / 2)} ${n(wy)}v${n(wh)}M${n(wx)} ${n(wy + wh * 0.45)}h${n(ww)}" stroke="${t("#fbfaf6")}" stroke-width="6"/>`,
  );
  // curtains + rod
  const curtain = t(rng.pick(["#f3ecdf", "#d9c6a5", lighten(accent2, 0.45), "#c9d3dc", lighten(blanket, 0.55)]));
  const cw = 30;
  const top = wy - 22;
  const bottom = wy + wh + 34;
  out.push(`<path d="M${n(wx - 36)} ${n(top)}h${n(ww + 72)}" stroke="${t("#6b5645")}" stroke-width="4" stroke-linecap="round"/>`);
  const lc = `M${n(wx - 28)} ${n(top)}h${n(cw + 8)}C${n(wx + 6)} ${n(wy + 60)} ${n(wx - 2)} ${n(wy + wh - 30)} ${n(wx + 4)} ${n(bottom)}H${n(wx - 28)}z`;
  const rx2 = wx + ww;
  const rc = `M${n(rx2 + 28)} ${n(top)}h${n(-cw - 8)}C${n(rx2 - 6)} ${n(wy + 60)} ${n(rx2 + 2)} ${n(wy + wh - 30)} ${n(rx2 - 4)} ${n(bottom)}H${n(rx2 + 28)}z`;
  out.push(`<path d="${lc}${rc}" fill="${curtain}"/>`);
  out.push(
    `<path d="M${n(wx - 14)} ${n(top + 4)}V${n(bottom)}M${n(rx2 + 14)} ${n(top + 4)}V${n(bottom)}" stroke="#000" stroke-width="2" opacity=".08"/>`,
  );

  // bed
  const cx = winLeft ? rng.range(370, 390) : rng.range(210, 230);
  const hbW = rng.range(220, 250);
  const hbTop = rng.range(150, 175);
  const headCol = t(rng.pick(["#6b4a33", "#8a6446", "#3e4a5a", darken(blanket, 0.35), "#b8a58c", "#d9d2c5"]));
  // rug
  const rugCol = t(lighten(accent2, 0.25));
  if (rng.chance(0.5)) {
    out.push(
      `<ellipse cx="${n(cx)}" cy="368" rx="${n(rng.range(170, 200))}" ry="26" fill="${rugCol}" stroke="${t(lighten(accent2, 0.6))}" stroke-width="4"/>`,
    );
  } else {
    out.push(
      `<path d="M${n(cx - 150)} 340h300l30 50h-360z" fill="${rugCol}"/><path d="M${n(cx - 140)} 348h280l20 34h-320z" fill="none" stroke="${t(lighten(accent2, 0.6))}" stroke-width="3"/>`,
    );
  }
  out.push(`<ellipse cx="${n(cx)}" cy="352" rx="150" ry="10" fill="#000" opacity=".15"/>`);
  out.push(`<rect x="${n(cx - hbW / 2)}" y="${n(hbTop)}" width="${n(hbW)}" height="${n(floorY - hbTop + 10)}" rx="14" fill="${headCol}"/>`);
  if (rng.chance(0.5)) {
    // tufted / panelled headboard
    const lines: string[] = [];
    for (let x = cx - hbW / 2 + hbW / 5; x < cx + hbW / 2 - 10; x += hbW / 5) lines.push(`M${n(x)} ${n(hbTop + 12)}V${n(floorY - 40)}`);
    out.push(`<path d="${lines.join("")}" stroke="#000" stroke-width="2" opacity=".12"/>`);
  }
  const backY = 245;
  const frontY = 318;
  out.push(`<path d="M${n(cx - 118)} ${backY}h236l22 ${frontY - backY}h-280z" fill="${t("#f7f5f0")}"/>`);
  // pillows
  out.push(
    `<g fill="${t("#ffffff")}" stroke="${t("#e2ddd3")}" stroke-width="2"><rect x="${n(cx - 100)}" y="${backY - 22}" width="88" height="34" rx="12"/><rect x="${n(cx + 12)}" y="${backY - 22}" width="88" height="34" rx="12"/></g>`,
  );
  if (rng.chance(0.6)) {
    out.push(`<rect x="${n(cx - 30)}" y="${backY - 10}" width="60" height="26" rx="8" fill="${t(accent2)}"/>`);
  }
  // blanket (top + front) and turndown
  const bTop = 268;
  const lx0 = cx - 118 - (22 * (bTop - backY)) / (frontY - backY);
  out.push(`<path d="M${n(lx0)} ${bTop}H${n(2 * cx - lx0)}L${n(cx + 140)} ${frontY}v30H${n(cx - 140)}V${frontY}z" fill="${t(blanket)}"/>`);
  out.push(`<path d="M${n(lx0 - 1)} ${bTop}H${n(2 * cx - lx0 + 1)}l2 9H${n(lx0 - 3)}z" fill="${t("#ffffff")}"/>`);
  out.push(`<path d="${rectPath(cx - 140, frontY, 280, 30)}" fill="#000" opacity=".15"/>`);
  out.push(`<path d="M${n(cx - 136)} 302h272l4 16h-280z" fill="${t(lighten(accent2, 0.15))}" opacity=".9"/>`);
  out.push(`<path d="M${n(cx - 132)} 348v8M${n(cx + 132)} 348v8" stroke="${t("#4a3a2c")}" stroke-width="6"/>`);

  // nightstand + lamp on the side away from the window
  const nsX = winLeft ? cx + hbW / 2 + 14 : cx - hbW / 2 - 14 - 56;
  const nsCol = t(rng.pick(["#8a6446", "#6b4a33", "#f1ede6", "#c9b79c"]));
  out.push(
    `<rect x="${n(nsX)}" y="${floorY - 48}" width="56" height="50" rx="3" fill="${nsCol}"/><path d="M${n(nsX + 6)} ${floorY - 26}h44" stroke="#000" stroke-width="2" opacity=".2"/><circle cx="${n(nsX + 28)}" cy="${floorY - 14}" r="3" fill="#000" opacity=".25"/>`,
  );
  const lx = nsX + 28;
  const shadeCol = time === "day" ? t(rng.pick(["#f4ead8", "#e8dcc4", lighten(accent2, 0.5)])) : "#ffe7a8";
  if (time !== "day")
    out.push(`<circle cx="${n(lx)}" cy="${floorY - 90}" r="70" fill="url(#g)" opacity="${time === "night" ? ".75" : ".45"}"/>`);
  out.push(
    `<path d="M${n(lx)} ${floorY - 50}v-34" stroke="${t("#5a4a3a")}" stroke-width="4"/><rect x="${n(lx - 12)}" y="${floorY - 54}" width="24" height="6" rx="2" fill="${t("#5a4a3a")}"/>`,
  );
  out.push(`<path d="M${n(lx - 14)} ${floorY - 116}h28l10 34h-48z" fill="${shadeCol}"/>`);

  // picture(s) above the bed
  const frames = rng.int(1, 2);
  const fw = frames === 1 ? rng.range(110, 150) : rng.range(60, 76);
  const fh = frames === 1 ? fw * 0.62 : fw * 1.2;
  const fy = hbTop - 24 - fh;
  const frameCol = t(rng.pick(["#3a2f28", "#c2a160", "#f5f2ea", "#2c3340"]));
  for (let i = 0; i < frames; i++) {
    const fx = frames === 1 ? cx - fw / 2 : cx - fw - 10 + i * (fw + 20);
    const artBg = t(rng.pick(["#f3e9d2", "#dbe8ef", "#f6d9c4", "#e4efe0"]));
    out.push(`<path d="${rectPath(fx - 2, fy - 2, fw + 4, fh + 4)}" fill="${artBg}" stroke="${frameCol}" stroke-width="6"/>`);
    const art = rng.int(0, 2);
    if (art === 0) {
      out.push(
        `<circle cx="${n(fx + fw * 0.7)}" cy="${n(fy + fh * 0.35)}" r="${n(fh * 0.14)}" fill="${t("#e9a23b")}"/><path d="M${n(fx)} ${n(fy + fh)}L${n(fx + fw * 0.35)} ${n(fy + fh * 0.45)}L${n(fx + fw * 0.6)} ${n(fy + fh * 0.75)}L${n(fx + fw * 0.8)} ${n(fy + fh * 0.55)}L${n(fx + fw)} ${n(fy + fh)}z" fill="${t(blanket)}"/>`,
      );
    } else if (art === 1) {
      out.push(
        `<circle cx="${n(fx + fw * 0.4)}" cy="${n(fy + fh * 0.5)}" r="${n(Math.min(fw, fh) * 0.28)}" fill="${t(accent2)}"/><path d="${rectPath(fx + fw * 0.5, fy + fh * 0.25, fw * 0.3, fh * 0.5)}" fill="${t(blanket)}" opacity=".8"/>`,
      );
    } else {
      out.push(
        `<path d="M${n(fx)} ${n(fy + fh * 0.65)}Q${n(fx + fw * 0.5)} ${n(fy + fh * 0.45)} ${n(fx + fw)} ${n(fy + fh * 0.65)}V${n(fy + fh)}H${n(fx)}z" fill="${t("#4f8fb8")}"/><path d="M${n(fx + fw * 0.2)} ${n(fy + fh * 0.3)}h${n(fw * 0.25)}" stroke="${t(accent2)}" stroke-width="3"/>`,
      );
    }
  }

  // plant in the corner on the window side
  if (rng.chance(0.7)) {
    const px = winLeft ? rng.range(30, 60) : W - rng.range(30, 60);
    const leaves: string[] = [];
    for (let i = 0; i < 5; i++) {
      const a = -Math.PI / 2 + (i - 2) * 0.5;
      const l = rng.range(40, 58);
      const ex = px + Math.cos(a) * l;
      const ey = 330 + Math.sin(a) * l;
      leaves.push(
        `M${n(px)} 330Q${n(px + Math.cos(a - 0.4) * l * 0.6)} ${n(330 + Math.sin(a - 0.4) * l * 0.6)} ${n(ex)} ${n(ey)}Q${n(px + Math.cos(a + 0.4) * l * 0.6)} ${n(330 + Math.sin(a + 0.4) * l * 0.6)} ${n(px)} 330z`,
      );
    }
    out.push(`<path d="${leaves.join("")}" fill="${t(rng.pick(["#3f8a4c", "#4f9a5a", "#2f7a55"]))}"/>`);
    out.push(`<path d="M${n(px - 20)} 328h40l-6 36h-28z" fill="${t(rng.pick(["#c9774f", "#e8e2d6", "#3d4a5a"]))}"/>`);
  }

  return svgDoc(defs.join(""), out.join(""));
}

// ---------------------------------------------------------------------------
// Placeholder + favicon
// ---------------------------------------------------------------------------

function placeholder(): string {
  const body =
    `<rect width="${W}" height="${H}" fill="#e5e7eb"/>` +
    `<path d="M240 290V150l60-34 60 34v140z" fill="#c4c8cf"/>` +
    `<path d="${[
      rectPath(258, 160, 18, 22),
      rectPath(291, 160, 18, 22),
      rectPath(324, 160, 18, 22),
      rectPath(258, 196, 18, 22),
      rectPath(291, 196, 18, 22),
      rectPath(324, 196, 18, 22),
      rectPath(258, 232, 18, 22),
      rectPath(324, 232, 18, 22),
    ].join("")}M288 290v-42h24v42z" fill="#e5e7eb"/>` +
    `<path d="M200 290h200" stroke="#aeb3bb" stroke-width="4" stroke-linecap="round"/>`;
  return svgDoc("", body);
}

function favicon(): string {
  return (
    '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64">' +
    '<rect width="64" height="64" rx="14" fill="#1d4ed8"/>' +
    '<path d="M10 16h6v18h38v16h-6v-6H16v6h-6z" fill="#fff"/>' +
    '<rect x="19" y="25" width="12" height="7" rx="3.5" fill="#fff"/>' +
    '<path d="M34 25h13a7 7 0 0 1 7 7H34z" fill="#fff"/>' +
    "</svg>\n"
  );
}

// ---------------------------------------------------------------------------
// Main
// ---------------------------------------------------------------------------

function write(rel: string, content: string): number {
  const file = join(ROOT, rel);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, content);
  return Buffer.byteLength(content);
}

const pad = (i: number) => String(i).padStart(2, "0");
let total = 0;
let count = 0;
for (let i = 0; i < 24; i++) {
  total += write(`public/images/hotels/hotel-${pad(i + 1)}.svg`, hotelScene(i));
  count++;
}
for (let i = 0; i < 12; i++) {
  total += write(`public/images/rooms/room-${pad(i + 1)}.svg`, roomScene(i));
  count++;
}
total += write("public/placeholder.svg", placeholder());
total += write("public/favicon.svg", favicon());
count += 2;
console.log(`generate-artwork: wrote ${count} files (${total} bytes)`);
