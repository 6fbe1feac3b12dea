import { describe, expect, it } from 'vitest'
import { rgbaToThumbHash } from 'thumbhash'
import { averageColour, photoView } from '#common/listings/photos.ts'

const row = {
  id: 3,
  altText: 'Living room with a bay window',
  storageKey: 'ab12',
  width: 2400,
  height: 1600,
  placeholder: 'XYZ',
  variantWidths: [1600, 400, 1200, 800],
}

describe('photo views', () => {
  it('offers every stored width in a srcset, smallest first, and a middle width as src', () => {
    const view = photoView(row)
    expect(view).toEqual({
      id: 3,
      alt: 'Living room with a bay window',
      width: 2400,
      height: 1600,
      placeholder: 'XYZ',
      colour: null,
      src: '/media/listings/ab12/800.webp',
      srcSet:
        '/media/listings/ab12/400.webp 400w, /media/listings/ab12/800.webp 800w, /media/listings/ab12/1200.webp 1200w, /media/listings/ab12/1600.webp 1600w',
    })
  })

  it('uses the only width of a small photo', () => {
    expect(photoView({ ...row, width: 300, height: 200, variantWidths: [300] })?.src).toBe('/media/listings/ab12/300.webp')
  })

  it('shows nothing for a photo still being processed', () => {
    expect(photoView({ ...row, variantWidths: [] })).toBeNull()
    expect(photoView({ ...row, width: null })).toBeNull()
  })

  it("carries the average colour of the photo's thumbhash, for cards to show while it loads", () => {
    // A 4×4 solid orange image as a thumbhash, in base64 as the database keeps it.
    const orange = new Uint8Array(4 * 4 * 4).map((_, i) => [230, 120, 30, 255][i % 4]!)
    const hash = btoa(String.fromCharCode(...rgbaToThumbHash(4, 4, orange)))
    const [r, g, b] = photoView({ ...row, placeholder: hash })!
      .colour!.match(/^rgb\((\d+) (\d+) (\d+)\)$/)!
      .slice(1)
      .map(Number)
    expect(Math.abs(r! - 230)).toBeLessThan(25)
    expect(Math.abs(g! - 120)).toBeLessThan(25)
    expect(Math.abs(b! - 30)).toBeLessThan(25)
  })

  it('has no colour without a readable thumbhash', () => {
    expect(averageColour(null)).toBeNull()
    expect(averageColour('%%%not base64')).toBeNull()
    expect(averageColour('XYZ')).toBeNull()
  })
})
