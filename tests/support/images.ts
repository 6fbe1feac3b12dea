// Images made on the spot for upload tests: real photos with metadata, and hostile files.
import zlib from 'node:zlib'
import sharp from 'sharp'

export function solidImage(width: number, height: number, colour = { r: 31, g: 111, b: 92 }) {
  return sharp({ create: { width, height, channels: 3, background: colour } })
}

/** A JPEG carrying a camera make and the GPS position of where it was "taken". */
export function jpegWithGps(width: number, height: number): Promise<Buffer> {
  return solidImage(width, height)
    .jpeg()
    .withExif({
      IFD0: { Make: 'Cooper Camera', Copyright: 'Someone private' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '39/1 44/1 2/1', GPSLongitudeRef: 'W', GPSLongitude: '75/1 32/1 46/1' },
    })
    .toBuffer()
}

/** A valid PNG header claiming `width`×`height` one-bit pixels, all zero: a few KB that decode to hundreds of MB. */
export function decompressionBombPng(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4)
    length.writeUInt32BE(data.length)
    const typed = Buffer.concat([Buffer.from(type, 'ascii'), data])
    const crc = Buffer.alloc(4)
    crc.writeUInt32BE(zlib.crc32(typed))
    return Buffer.concat([length, typed, crc])
  }
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header[8] = 1 // bit depth
  header[9] = 0 // greyscale
  const rowBytes = 1 + Math.ceil(width / 8)
  const pixels = zlib.deflateSync(Buffer.alloc(rowBytes * height), { level: 9 })
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', pixels),
    chunk('IEND', Buffer.alloc(0)),
  ])
}
