import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { AVATAR_MAX_BYTES, ImageRejectedError, processAvatar, sniffImageFormat } from './avatar-image.server.ts'
import { decompressionBombPng, jpegWithGps, solidImage } from '#tests/support/images.ts'

const solid = solidImage

async function rejection(promise: Promise<unknown>): Promise<ImageRejectedError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(ImageRejectedError)
  return error as ImageRejectedError
}

describe('processAvatar', () => {
  it('recognises a PNG by its content whatever it is called and re-encodes it to a 256×256 WebP', async () => {
    const png = await solid(640, 480).png().toBuffer()
    // The name a browser would send ("photo.jpg") plays no part: only the bytes are passed in.
    const file = new File([png], 'photo.jpg', { type: 'image/jpeg' })
    const result = await processAvatar(new Uint8Array(await file.arrayBuffer()))
    expect(result.sourceFormat).toBe('png')
    const output = await sharp(result.data).metadata()
    expect(output).toMatchObject({ format: 'webp', width: 256, height: 256 })
  })

  it('accepts JPEG and WebP too', async () => {
    for (const input of [await solid(300, 300).jpeg().toBuffer(), await solid(300, 300).webp().toBuffer()]) {
      const result = await processAvatar(input)
      expect((await sharp(result.data).metadata()).format).toBe('webp')
    }
  })

  it('refuses a text file named .jpg', async () => {
    const text = new TextEncoder().encode('Hello, this is not a photo at all.\n')
    const error = await rejection(processAvatar(text))
    expect(error.reason).toBe('not-an-image')
    expect(error.message).toBe('This file is not a JPEG, PNG or WebP image.')
  })

  it('refuses GIF and SVG images', async () => {
    const gif = await solid(20, 20).gif().toBuffer()
    expect((await rejection(processAvatar(gif))).message).toBe('This file is not a JPEG, PNG or WebP image.')
    const svg = new TextEncoder().encode(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>',
    )
    expect((await rejection(processAvatar(svg))).reason).toBe('not-an-image')
  })

  it('refuses a file that starts like a JPEG but is not one', async () => {
    const fake = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('not really a jpeg')])
    expect((await rejection(processAvatar(fake))).reason).toBe('unreadable')
  })

  it('refuses more than 5 MB before looking at the content', async () => {
    // Six megabytes of zeros: not an image either, so only a size check made first says "too large".
    const big = new Uint8Array(6 * 1024 * 1024)
    const error = await rejection(processAvatar(big))
    expect(error.reason).toBe('too-large')
    expect(error.message).toBe('The photo must be 5 MB or smaller.')
    expect(big.byteLength).toBeGreaterThan(AVATAR_MAX_BYTES)
  })

  it('refuses a decompression bomb: a small PNG that declares 20000×20000 pixels', async () => {
    const bomb = decompressionBombPng(20_000, 20_000)
    expect(bomb.byteLength).toBeLessThan(AVATAR_MAX_BYTES)
    const error = await rejection(processAvatar(bomb))
    expect(error.reason).toBe('too-many-pixels')
  })

  it('keeps no EXIF or GPS data from a JPEG', async () => {
    const jpeg = await jpegWithGps(400, 300)
    const input = await sharp(jpeg).metadata()
    expect(input.exif?.toString('latin1')).toContain('Cooper Camera')
    const result = await processAvatar(jpeg)
    const output = await sharp(result.data).metadata()
    expect(output.exif).toBeUndefined()
    expect(output.xmp).toBeUndefined()
    expect(result.data.toString('latin1')).not.toContain('Cooper Camera')
  })

  it('turns the photo upright according to its EXIF orientation', async () => {
    // Stored sideways: red on the left, blue on the right. Orientation 6 means "rotate 90° clockwise
    // to view", so the upright photo has red on top and blue at the bottom.
    const sideways = await sharp({ create: { width: 200, height: 100, channels: 3, background: '#0000ff' } })
      .composite([{ input: { create: { width: 100, height: 100, channels: 3, background: '#ff0000' } }, left: 0, top: 0 }])
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer()
    const result = await processAvatar(sideways)
    const { data, info } = await sharp(result.data).raw().toBuffer({ resolveWithObject: true })
    const pixel = (x: number, y: number) => {
      const i = (y * info.width + x) * info.channels
      return [data[i]!, data[i + 1]!, data[i + 2]!]
    }
    const [topRed, , topBlue] = pixel(128, 20)
    const [bottomRed, , bottomBlue] = pixel(128, 235)
    expect(topRed).toBeGreaterThan(200)
    expect(topBlue).toBeLessThan(60)
    expect(bottomBlue).toBeGreaterThan(200)
    expect(bottomRed).toBeLessThan(60)
  })
})

describe('sniffImageFormat', () => {
  it('tells JPEG, PNG and WebP by their signatures and nothing else', async () => {
    expect(sniffImageFormat(await solid(4, 4).jpeg().toBuffer())).toBe('jpeg')
    expect(sniffImageFormat(await solid(4, 4).png().toBuffer())).toBe('png')
    expect(sniffImageFormat(await solid(4, 4).webp().toBuffer())).toBe('webp')
    expect(sniffImageFormat(await solid(4, 4).gif().toBuffer())).toBeNull()
    expect(sniffImageFormat(new Uint8Array([0x52, 0x49, 0x46, 0x46, 0, 0, 0, 0, 0x41, 0x56, 0x49, 0x20]))).toBeNull()
    expect(sniffImageFormat(new Uint8Array())).toBeNull()
  })
})
