/** Shapes in unit coordinates (0..1); each returns true when the point is inside. */
export type Rgba = [number, number, number, number];
export interface Layer {
  inside: (x: number, y: number) => boolean;
  colour: (x: number, y: number) => Rgba;
}

export function roundedRect(x0: number, y0: number, x1: number, y1: number, r: number) {
  return (x: number, y: number) => {
    if (x < x0 || x > x1 || y < y0 || y > y1) return false;
    const cx = Math.min(Math.max(x, x0 + r), x1 - r);
    const cy = Math.min(Math.max(y, y0 + r), y1 - r);
    return (x - cx) ** 2 + (y - cy) ** 2 <= r * r;
  };
}

function trapezoid(yTop: number, yBottom: number, topL: number, topR: number, botL: number, botR: number) {
  return (x: number, y: number) => {
    if (y < yTop || y > yBottom) return false;
    const t = (y - yTop) / (yBottom - yTop);
    return x >= topL + (botL - topL) * t && x <= topR + (botR - topR) * t;
  };
}

function wave(y0: number, amplitude: number, wavelength: number, width: number, x0: number, x1: number) {
  return (x: number, y: number) =>
    x >= x0 && x <= x1 && Math.abs(y - (y0 + amplitude * Math.sin((2 * Math.PI * (x - x0)) / wavelength))) <= width / 2;
}

const white: Rgba = [255, 255, 255, 255];
const foam: Rgba = [191, 219, 254, 255];
const windowBlue: Rgba = [29, 78, 216, 255];

/** Background gradient: blue-600 (top left) to indigo-900 (bottom right). */
export function gradient(x: number, y: number): Rgba {
  const t = Math.min(1, Math.max(0, (x + y) / 2));
  const a = [37, 99, 235];
  const b = [30, 27, 110];
  return [0, 1, 2].map((i) => Math.round(a[i]! + (b[i]! - a[i]!) * t)).concat(255) as Rgba;
}

/** The ferry: hull, two-deck cabin with windows, funnel, and two waves. */
export function ferryLayers(): Layer[] {
  const solid = (c: Rgba) => () => c;
  const windows = [0.405, 0.475, 0.545].map((x) => roundedRect(x, 0.47, x + 0.05, 0.52, 0.008));
  return [
    { inside: roundedRect(0.57, 0.27, 0.63, 0.38, 0.01), colour: solid(white) },
    { inside: roundedRect(0.42, 0.35, 0.66, 0.45, 0.02), colour: solid(white) },
    { inside: roundedRect(0.34, 0.44, 0.7, 0.57, 0.025), colour: solid(white) },
    { inside: (x, y) => windows.some((w) => w(x, y)), colour: solid(windowBlue) },
    { inside: trapezoid(0.56, 0.68, 0.2, 0.82, 0.29, 0.74), colour: solid(white) },
    { inside: wave(0.755, 0.018, 0.2, 0.036, 0.16, 0.84), colour: solid(foam) },
    { inside: wave(0.835, 0.018, 0.2, 0.036, 0.24, 0.76), colour: solid([147, 197, 253, 255]) },
  ];
}

/** A key (tokens shortcut). */
export function keyLayers(): Layer[] {
  const ring = (x: number, y: number) => {
    const d = Math.hypot(x - 0.36, y - 0.5);
    return d <= 0.17 && d >= 0.085;
  };
  const shaft = roundedRect(0.48, 0.46, 0.8, 0.54, 0.02);
  const teeth = (x: number, y: number) => roundedRect(0.66, 0.5, 0.71, 0.64, 0.01)(x, y) || roundedRect(0.74, 0.5, 0.79, 0.6, 0.01)(x, y);
  return [{ inside: (x, y) => ring(x, y) || shaft(x, y) || teeth(x, y), colour: () => white }];
}

/** A list (logs shortcut). */
export function listLayers(): Layer[] {
  const rows = [0.32, 0.47, 0.62].flatMap((y) => [roundedRect(0.24, y, 0.33, y + 0.08, 0.02), roundedRect(0.39, y, 0.78, y + 0.08, 0.02)]);
  return [{ inside: (x, y) => rows.some((r) => r(x, y)), colour: () => white }];
}
