/**
 * Deterministic synthetic images for the seeded studies (issue 17): a
 * phantom-like abdomen CT in Hounsfield units, a sagittal knee MR, a PA
 * chest radiograph and an abdominal ultrasound sector. The same slice of the
 * same recipe is always the same pixels, so files made on first request
 * (dicom-files.ts) never depend on when or where they were made.
 */
import type { SyntheticRecipe } from '../db/seed-imaging-data.js';

export interface SyntheticFrame {
  rows: number;
  columns: number;
  bitsAllocated: 8 | 16;
  bitsStored: number;
  pixelRepresentation: 0 | 1;
  pixels: Int16Array | Uint16Array | Uint8Array;
}

/** A small seeded generator (mulberry32): the noise of a slice is the same every time. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Inside an ellipse centred at (cx, cy) with radii rx, ry. */
const inEllipse = (x: number, y: number, cx: number, cy: number, rx: number, ry: number) =>
  ((x - cx) / rx) ** 2 + ((y - cy) / ry) ** 2 <= 1;

/** Smooth bump 0..1..0 over the fraction t of the series between from and to. */
const span = (t: number, from: number, to: number) =>
  t < from || t > to ? 0 : Math.sin(((t - from) / (to - from)) * Math.PI);

/** Hounsfield units of the abdomen at (x, y) of slice fraction t (0 = diaphragm, 1 = pelvis). */
function abdomenHu(x: number, y: number, t: number): number {
  const cx = 128;
  const cy = 132;
  if (!inEllipse(x, y, cx, cy, 112, 84)) return -1000;
  if (!inEllipse(x, y, cx, cy, 104, 76)) return -100; // subcutaneous fat
  // Spine: vertebral body with a cortical rim, the canal behind it.
  if (inEllipse(x, y, 128, 182, 16, 14)) return inEllipse(x, y, 128, 182, 13, 11) ? 250 : 900;
  if (inEllipse(x, y, 128, 201, 6, 5)) return 15;
  if (inEllipse(x, y, 128, 206, 20, 9)) return 700; // posterior elements
  // Ribs in the upper slices, a ring of bone near the body wall.
  if (
    t < 0.35 &&
    !inEllipse(x, y, cx, cy, 98, 70) &&
    Math.sin(Math.atan2(y - cy, x - cx) * 9) > 0.6
  )
    return 750;
  // Iliac wings and bladder in the lowest slices.
  if (t > 0.75) {
    const wing = 40 * span(t, 0.72, 1.1);
    if (inEllipse(x, y, 70, 160, 16 + wing / 3, 30) || inEllipse(x, y, 186, 160, 16 + wing / 3, 30))
      return inEllipse(x, y, 70, 160, 10 + wing / 3, 24) ||
        inEllipse(x, y, 186, 160, 10 + wing / 3, 24)
        ? 300
        : 800;
    if (inEllipse(x, y, 128, 120, 30 * span(t, 0.78, 1.05), 24 * span(t, 0.78, 1.05))) return 8;
  }
  // Aorta (contrast) and IVC.
  if (inEllipse(x, y, 140, 162, 8, 8)) return 210;
  if (inEllipse(x, y, 108, 160, 9, 7)) return 150;
  // Liver (patient's right = image left), its segment VI cyst, the gallbladder and its stones.
  const liver = span(t, -0.2, 0.6);
  if (liver > 0 && inEllipse(x, y, 82, 118, 52 * liver + 8, 46 * liver + 6)) {
    if (inEllipse(x, y, 66, 140, 7 * span(t, 0.28, 0.42), 7 * span(t, 0.28, 0.42))) return 12;
    const gb = span(t, 0.3, 0.5);
    if (gb > 0 && inEllipse(x, y, 104, 134, 11 * gb, 8 * gb))
      return inEllipse(x, y, 106, 137, 3, 3) ? 400 : 20;
    return 65;
  }
  // Spleen (image right, upper slices), kidneys (mid slices, cortex enhancing).
  if (inEllipse(x, y, 182, 128, 26 * span(t, -0.1, 0.4), 32 * span(t, -0.1, 0.4))) return 55;
  const kidney = span(t, 0.3, 0.65);
  for (const kx of [84, 172])
    if (kidney > 0 && inEllipse(x, y, kx, 170, 18 * kidney, 22 * kidney))
      return inEllipse(x, y, kx, 170, 8 * kidney, 11 * kidney) ? 30 : 170;
  // Bowel loops with gas and fluid in the middle and lower slices.
  if (t > 0.35) {
    const phase = t * 20;
    const loop = Math.sin(x / 11 + phase) * Math.cos(y / 13 - phase);
    if (loop > 0.82) return -850;
    if (loop > 0.6) return 25;
  }
  return inEllipse(x, y, cx, cy, 100, 72) ? 40 : -90; // muscle and mesenteric fat
}

function ctAbdomen(slice: number, count: number, rows: number, columns: number): SyntheticFrame {
  const t = count > 1 ? slice / (count - 1) : 0.5;
  const noise = random(0x5eed + slice);
  const pixels = new Int16Array(rows * columns);
  for (let y = 0; y < rows; y++)
    for (let x = 0; x < columns; x++) {
      const hu = abdomenHu((x * 256) / columns, (y * 256) / rows, t);
      const grain = hu > -950 ? (noise() - 0.5) * 24 : (noise() - 0.5) * 6;
      pixels[y * columns + x] = Math.round(hu + grain + 1024); // stored value, intercept -1024
    }
  return { rows, columns, bitsAllocated: 16, bitsStored: 12, pixelRepresentation: 1, pixels };
}

/** Sagittal proton-density fat-suppressed knee: signal 0..~1600. */
function mrKnee(slice: number, count: number, rows: number, columns: number): SyntheticFrame {
  const t = count > 1 ? slice / (count - 1) : 0.5;
  const width = span(t, -0.15, 1.15);
  const noise = random(0x4b4e + slice);
  const pixels = new Uint16Array(rows * columns);
  for (let y = 0; y < rows; y++)
    for (let x = 0; x < columns; x++) {
      const u = (x * 256) / columns;
      const v = (y * 256) / rows;
      let s = 0;
      if (inEllipse(u, v, 128, 128, 70 * width + 20, 126)) {
        s = 380; // muscle and soft tissue
        if (inEllipse(u, v, 128, 60, 34 * width + 6, 70)) s = 180; // femur marrow (fat suppressed)
        if (inEllipse(u, v, 128, 122, 38 * width + 6, 14)) s = 180; // condyle
        if (inEllipse(u, v, 128, 196, 32 * width + 6, 60) && v > 150) s = 180; // tibia
        if (Math.abs(v - 138) < 3 && Math.abs(u - 128) < 36 * width + 4) s = 650; // cartilage
        if (Math.abs(v - 144) < 4 && Math.abs(u - 128) > 14 && Math.abs(u - 128) < 34 * width + 4)
          s = t < 0.45 && u < 120 && Math.abs(v - 144) < 1.2 ? 1100 : 60; // menisci, a tear
        if (inEllipse(u, v, 150, 96, 10 * width, 22)) s = 1500; // effusion in the suprapatellar recess
        if (inEllipse(u, v, 170, 128, 8, 20)) s = 220; // patella
      }
      pixels[y * columns + x] = Math.max(0, Math.round(s + (noise() - 0.5) * 60));
    }
  return { rows, columns, bitsAllocated: 16, bitsStored: 12, pixelRepresentation: 0, pixels };
}

/** PA chest radiograph, 12-bit, MONOCHROME2 (bone and mediastinum bright). */
function dxChest(rows: number, columns: number): SyntheticFrame {
  const noise = random(0xc4e57);
  const pixels = new Uint16Array(rows * columns);
  for (let y = 0; y < rows; y++)
    for (let x = 0; x < columns; x++) {
      const u = (x * 512) / columns;
      const v = (y * 512) / rows;
      let s = 300;
      if (inEllipse(u, v, 256, 290, 220, 250)) s = 1900; // chest wall
      for (const lx of [170, 342]) if (inEllipse(u, v, lx, 250, 78, 150) && v < 390) s = 700; // lungs
      if (inEllipse(u, v, 256, 250, 36, 200) || inEllipse(u, v, 290, 330, 80, 60)) s = 2300; // mediastinum, heart
      const rib = Math.sin((v + Math.abs(u - 256) * 0.35) / 14);
      if (s === 700 && rib > 0.9) s = 1500;
      if (Math.abs(v - 110 - Math.abs(u - 256) * 0.18) < 7 && Math.abs(u - 256) < 170) s = 2600; // clavicles
      if (Math.abs(u - 256) < 14 && v < 470 && s > 300) s = Math.max(s, 2500); // spine
      pixels[y * columns + x] = Math.round(s + (noise() - 0.5) * 80);
    }
  return { rows, columns, bitsAllocated: 16, bitsStored: 12, pixelRepresentation: 0, pixels };
}

/** Abdominal ultrasound sector, 8-bit, with speckle, liver texture and a dark gallbladder. */
function usAbdomen(rows: number, columns: number): SyntheticFrame {
  const noise = random(0x05);
  const pixels = new Uint8Array(rows * columns);
  const apexX = columns / 2;
  const apexY = 30;
  for (let y = 0; y < rows; y++)
    for (let x = 0; x < columns; x++) {
      const r = Math.hypot(x - apexX, y - apexY);
      const angle = Math.atan2(x - apexX, y - apexY);
      if (Math.abs(angle) > 0.65 || r < 20 || r > rows - 40) continue;
      let s = 95 + 30 * Math.sin(r / 9) * Math.cos(angle * 14);
      if (r < 60) s = 150; // skin and fat
      if (inEllipse(x, y, apexX + 60, 240, 50, 28)) s = 8; // gallbladder
      if (Math.abs(r - 330) < 6) s = 220; // diaphragm
      const attenuation = 1 - r / (rows * 1.6);
      pixels[y * columns + x] = Math.max(
        0,
        Math.min(255, Math.round(s * attenuation * (0.55 + noise()))),
      );
    }
  return { rows, columns, bitsAllocated: 8, bitsStored: 8, pixelRepresentation: 0, pixels };
}

/** The pixels of image `slice` (0-based) of `count` of a recipe. */
export function syntheticFrame(
  recipe: SyntheticRecipe,
  slice: number,
  count: number,
  rows: number,
  columns: number,
): SyntheticFrame {
  switch (recipe) {
    case 'ct-abdomen':
      return ctAbdomen(slice, count, rows, columns);
    case 'mr-knee':
      return mrKnee(slice, count, rows, columns);
    case 'dx-chest':
      return dxChest(rows, columns);
    case 'us-abdomen':
      return usAbdomen(rows, columns);
  }
}
