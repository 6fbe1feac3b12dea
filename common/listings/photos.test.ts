import { describe, expect, it } from 'vitest'
import { photoView } from '#common/listings/photos.ts'

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
})
