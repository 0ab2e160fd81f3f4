import { inflateSync } from 'node:zlib';
import { PNG } from 'pngjs';

/** A signature pad's PNG as sent; a tablet-sized canvas of strokes stays far below this. */
export const maxSignatureBytes = 512 * 1024;
/** What a pad of any screen can produce: a wide tablet at three device pixels per CSS pixel. */
const maxSide = 4096;
const maxPixels = 4096 * 2048;
/** What the server keeps: larger drawings are scaled down to fit, which a signature survives. */
export const storedSignatureBox = { width: 1600, height: 800 } as const;
const pngMagic = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

interface Rgba {
  width: number;
  height: number;
  data: Buffer;
}

/**
 * Whether the image data (its IDAT chunks) is one whole zlib stream, inflated by Node's own zlib
 * within what the header's size allows. pngjs's synchronous inflate reports some broken streams
 * only later, asynchronously (seen under load: a PNG whose data is not zlib at all decoded to a
 * blank image, and its error surfaced afterwards); Node's inflateSync always throws at once.
 */
function hasWholeImageData(png: Buffer, width: number, height: number): boolean {
  const parts: Buffer[] = [];
  for (let at = 8; at + 12 <= png.length; ) {
    const length = png.readUInt32BE(at);
    const type = png.toString('latin1', at + 4, at + 8);
    if (at + 12 + length > png.length) return false;
    if (type === 'IDAT') parts.push(png.subarray(at + 8, at + 8 + length));
    if (type === 'IEND') break;
    at += 12 + length;
  }
  if (parts.length === 0) return false;
  try {
    // At most 8 bytes a pixel (16-bit RGBA) and a filter byte a row.
    inflateSync(Buffer.concat(parts), { maxOutputLength: height * (1 + width * 8) });
    return true;
  } catch {
    return false;
  }
}

/**
 * The whole image decoded (pngjs), or null for anything that is not a whole, sane PNG. The
 * header is read first, so a small file that claims a huge image (or an interlaced one, which
 * the decoder inflates without a bound) is refused before any pixel is allocated.
 */
function decodePng(png: Buffer): Rgba | null {
  if (png.length < 33 || !png.subarray(0, 8).equals(pngMagic) || png.toString('latin1', 12, 16) !== 'IHDR') return null;
  const width = png.readUInt32BE(16);
  const height = png.readUInt32BE(20);
  const interlaced = png[28] !== 0;
  if (width < 1 || height < 1 || width > maxSide || height > maxSide || width * height > maxPixels || interlaced) return null;
  if (!hasWholeImageData(png, width, height)) return null;
  try {
    const image = PNG.sync.read(png);
    if (image.width !== width || image.height !== height || image.data.length !== width * height * 4) return null;
    return { width, height, data: image.data };
  } catch {
    return null;
  }
}

/** Scales down by a whole factor, each pixel the average of its block weighted by coverage. */
function fitInside(image: Rgba, box: { width: number; height: number }): Rgba {
  const factor = Math.ceil(Math.max(image.width / box.width, image.height / box.height, 1));
  if (factor === 1) return image;
  const width = Math.ceil(image.width / factor);
  const height = Math.ceil(image.height / factor);
  const data = Buffer.alloc(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let r = 0, g = 0, b = 0, a = 0, n = 0;
      for (let sy = y * factor; sy < Math.min(image.height, (y + 1) * factor); sy++) {
        for (let sx = x * factor; sx < Math.min(image.width, (x + 1) * factor); sx++) {
          const i = (sy * image.width + sx) * 4;
          const alpha = image.data[i + 3]!;
          r += image.data[i]! * alpha;
          g += image.data[i + 1]! * alpha;
          b += image.data[i + 2]! * alpha;
          a += alpha;
          n++;
        }
      }
      const o = (y * width + x) * 4;
      if (a > 0) {
        data[o] = Math.round(r / a);
        data[o + 1] = Math.round(g / a);
        data[o + 2] = Math.round(b / a);
      }
      data[o + 3] = Math.round(a / n);
    }
  }
  return { width, height, data };
}

/** 8-bit RGBA, written by pngjs: the only kind of image the server stores or draws. */
function encodePng(image: Rgba): Buffer {
  const png = new PNG({ width: image.width, height: image.height, colorType: 6, bitDepth: 8, inputHasAlpha: true });
  image.data.copy(png.data);
  return PNG.sync.write(png, { colorType: 6, bitDepth: 8, inputHasAlpha: true });
}

/** A PNG the server decoded whole and encoded again itself, or null. */
function reencodeSignature(png: Buffer): Buffer | null {
  const image = decodePng(png);
  return image ? encodePng(fitInside(image, storedSignatureBox)) : null;
}

/** The PNG a `data:image/png;base64,…` URL holds, re-encoded by the server; null for anything else. */
function reencodedDataUrlPng(dataUrl: string): Buffer | null {
  const m = /^data:image\/png;base64,([A-Za-z0-9+/]+={0,2})$/.exec(dataUrl);
  if (!m?.[1] || (m[1].length * 3) / 4 > maxSignatureBytes + 3) return null;
  return reencodeSignature(Buffer.from(m[1], 'base64'));
}

/** A signing's signature, decoded whole and encoded again by the server, as the data URL to store; null for anything else. */
export function readSignatureDataUrl(dataUrl: string): string | null {
  const png = reencodedDataUrlPng(dataUrl);
  return png ? `data:image/png;base64,${png.toString('base64')}` : null;
}

/**
 * The stored signature, ready to draw: decoded and re-encoded again, so the PDF renderer only
 * ever receives an image this server wrote, even for agreements stored before signatures were
 * checked. Null when it does not decode.
 */
export function signatureImageForPdf(stored: string): Buffer | null {
  return reencodedDataUrlPng(stored);
}

/**
 * Draws strokes (polylines in pixel coordinates) in dark ink on a transparent canvas and
 * encodes it as a PNG data URL, the form a signature pad gives. Used for the demo offers.
 */
export function drawSignaturePng(width: number, height: number, strokes: readonly (readonly [number, number])[][]): string {
  const rgba = Buffer.alloc(width * height * 4);
  const dot = (x: number, y: number) => {
    for (let dy = -1; dy <= 1; dy++) {
      for (let dx = -1; dx <= 1; dx++) {
        const px = Math.round(x) + dx;
        const py = Math.round(y) + dy;
        if (px < 0 || py < 0 || px >= width || py >= height) continue;
        const i = (py * width + px) * 4;
        rgba[i] = 20;
        rgba[i + 1] = 30;
        rgba[i + 2] = 80;
        rgba[i + 3] = 255;
      }
    }
  };
  for (const stroke of strokes) {
    for (let s = 1; s < stroke.length; s++) {
      const [x0, y0] = stroke[s - 1]!;
      const [x1, y1] = stroke[s]!;
      const steps = Math.max(1, Math.ceil(Math.hypot(x1 - x0, y1 - y0)));
      for (let k = 0; k <= steps; k++) dot(x0 + ((x1 - x0) * k) / steps, y0 + ((y1 - y0) * k) / steps);
    }
  }
  return `data:image/png;base64,${encodePng({ width, height, data: rgba }).toString('base64')}`;
}

/** A handwritten-looking squiggle, for demo data and tests. */
export function sampleSignature(): string {
  const wave: [number, number][] = [];
  for (let x = 20; x <= 280; x += 4) wave.push([x, 60 + Math.sin(x / 14) * 22 * Math.cos(x / 60)]);
  return drawSignaturePng(300, 120, [wave, [[40, 95], [260, 98]]]);
}
