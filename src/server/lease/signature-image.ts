import { deflateSync, crc32 } from 'node:zlib';

/** A signature pad's PNG; a tablet-sized canvas of strokes stays far below this. */
export const maxSignatureBytes = 512 * 1024;
const maxSide = 4096;
const pngMagic = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

export type SignatureImageCheck = { ok: true; png: Buffer; width: number; height: number } | { ok: false; error: string };

/** Accepts only `data:image/png;base64,…` holding a PNG of sane size. */
export function readSignatureDataUrl(dataUrl: string): SignatureImageCheck {
  const m = /^data:image\/png;base64,([A-Za-z0-9+/]+={0,2})$/.exec(dataUrl);
  if (!m?.[1]) return { ok: false, error: 'The signature must be a PNG image (data:image/png;base64,…)' };
  if ((m[1].length * 3) / 4 > maxSignatureBytes + 3) {
    return { ok: false, error: `The signature image is too large (at most ${maxSignatureBytes / 1024} KB)` };
  }
  const png = Buffer.from(m[1], 'base64');
  if (png.length < 33 || !png.subarray(0, 8).equals(pngMagic) || png.toString('latin1', 12, 16) !== 'IHDR') {
    return { ok: false, error: 'The signature is not a valid PNG image' };
  }
  const width = png.readUInt32BE(16);
  const height = png.readUInt32BE(20);
  if (width < 1 || height < 1 || width > maxSide || height > maxSide) {
    return { ok: false, error: 'The signature image has unusable dimensions' };
  }
  return { ok: true, png, width, height };
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
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
  const rows = Buffer.alloc(height * (width * 4 + 1));
  for (let y = 0; y < height; y++) rgba.copy(rows, y * (width * 4 + 1) + 1, y * width * 4, (y + 1) * width * 4);
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 6, 0, 0, 0], 8);
  const png = Buffer.concat([pngMagic, chunk('IHDR', header), chunk('IDAT', deflateSync(rows)), chunk('IEND', Buffer.alloc(0))]);
  return `data:image/png;base64,${png.toString('base64')}`;
}

/** A handwritten-looking squiggle, for demo data and tests. */
export function sampleSignature(): string {
  const wave: [number, number][] = [];
  for (let x = 20; x <= 280; x += 4) wave.push([x, 60 + Math.sin(x / 14) * 22 * Math.cos(x / 60)]);
  return drawSignaturePng(300, 120, [wave, [[40, 95], [260, 98]]]);
}
