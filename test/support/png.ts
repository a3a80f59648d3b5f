// Enough of PNG to read a browser screenshot (8-bit RGB or RGBA, not interlaced), and a check that a region of it
// shows something: a blank or unstyled page fails it, small rendering differences do not.
import { inflateSync } from 'node:zlib'

export interface Image {
  readonly width: number
  readonly height: number
  /** RGBA, row by row. */
  readonly pixels: Uint8Array
}

export function decodePng(png: Buffer): Image {
  if (png.readUInt32BE(0) !== 0x89504e47) throw new Error('not a PNG')
  let offset = 8
  let width = 0
  let height = 0
  let channels = 0
  const data: Buffer[] = []
  while (offset < png.length) {
    const length = png.readUInt32BE(offset)
    const type = png.toString('latin1', offset + 4, offset + 8)
    const body = png.subarray(offset + 8, offset + 8 + length)
    if (type === 'IHDR') {
      width = body.readUInt32BE(0)
      height = body.readUInt32BE(4)
      const [depth, color, , , interlace] = [body[8], body[9], body[10], body[11], body[12]]
      if (depth !== 8 || (color !== 2 && color !== 6) || interlace !== 0) throw new Error('unsupported PNG format')
      channels = color === 6 ? 4 : 3
    } else if (type === 'IDAT') data.push(body)
    else if (type === 'IEND') break
    offset += 12 + length
  }
  const raw = inflateSync(Buffer.concat(data))
  const stride = width * channels
  const rows = new Uint8Array(height * stride)
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)]
    const line = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1))
    for (let x = 0; x < stride; x++) {
      const left = x >= channels ? (rows[y * stride + x - channels] ?? 0) : 0
      const up = y > 0 ? (rows[(y - 1) * stride + x] ?? 0) : 0
      const upLeft = y > 0 && x >= channels ? (rows[(y - 1) * stride + x - channels] ?? 0) : 0
      const value = line[x] ?? 0
      const predicted =
        filter === 0
          ? 0
          : filter === 1
            ? left
            : filter === 2
              ? up
              : filter === 3
                ? (left + up) >> 1
                : paeth(left, up, upLeft)
      rows[y * stride + x] = (value + predicted) & 0xff
    }
  }
  const pixels = new Uint8Array(width * height * 4)
  for (let i = 0; i < width * height; i++) {
    for (let c = 0; c < 3; c++) pixels[i * 4 + c] = rows[i * channels + c] ?? 0
    pixels[i * 4 + 3] = channels === 4 ? (rows[i * channels + 3] ?? 255) : 255
  }
  return { width, height, pixels }
}

function paeth(a: number, b: number, c: number): number {
  const p = a + b - c
  const pa = Math.abs(p - a)
  const pb = Math.abs(p - b)
  const pc = Math.abs(p - c)
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c
}

export interface Region {
  readonly x: number
  readonly y: number
  readonly width: number
  readonly height: number
}

/** How a region looks: its most common colour, and the share of pixels clearly different from it (the drawing). */
export function regionInk(image: Image, region: Region): { background: [number, number, number]; ink: number } {
  const counts = new Map<number, number>()
  const x0 = Math.max(0, Math.floor(region.x))
  const y0 = Math.max(0, Math.floor(region.y))
  const x1 = Math.min(image.width, Math.ceil(region.x + region.width))
  const y1 = Math.min(image.height, Math.ceil(region.y + region.height))
  const at = (x: number, y: number) => (y * image.width + x) * 4
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) {
      const i = at(x, y)
      const key = ((image.pixels[i] ?? 0) << 16) | ((image.pixels[i + 1] ?? 0) << 8) | (image.pixels[i + 2] ?? 0)
      counts.set(key, (counts.get(key) ?? 0) + 1)
    }
  }
  let key = 0
  let best = -1
  for (const [k, n] of counts) {
    if (n > best) [key, best] = [k, n]
  }
  const background: [number, number, number] = [(key >> 16) & 0xff, (key >> 8) & 0xff, key & 0xff]
  let different = 0
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) {
      const i = at(x, y)
      const d = background.reduce((sum, v, c) => sum + Math.abs(v - (image.pixels[i + c] ?? 0)), 0)
      if (d > 60) different++
    }
  }
  const area = Math.max(1, (x1 - x0) * (y1 - y0))
  return { background, ink: different / area }
}
