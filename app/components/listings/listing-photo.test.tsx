import { renderToStaticMarkup } from 'react-dom/server'
import { rgbaToThumbHash } from 'thumbhash'
import { describe, expect, it } from 'vitest'
import { ListingPhoto, placeholderBackground } from './listing-photo.tsx'

// A 4×4 solid orange image as a thumbhash, in base64 as the database keeps it.
const orange = new Uint8Array(4 * 4 * 4).map((_, i) => [230, 120, 30, 255][i % 4]!)
const hash = btoa(String.fromCharCode(...rgbaToThumbHash(4, 4, orange)))

const photo = {
  id: 1,
  alt: 'Front of the house',
  width: 1600,
  height: 1067,
  placeholder: hash,
  src: '/media/listings/k/800.webp',
  srcSet: '/media/listings/k/400.webp 400w, /media/listings/k/800.webp 800w',
}

describe('listing photos', () => {
  it('renders a responsive, lazily loaded image with its alt text and size', () => {
    const html = renderToStaticMarkup(<ListingPhoto photo={photo} sizes="(min-width: 768px) 33vw, 100vw" />)
    expect(html).toContain('alt="Front of the house"')
    expect(html).toContain('srcSet="/media/listings/k/400.webp 400w, /media/listings/k/800.webp 800w"')
    expect(html).toContain('sizes="(min-width: 768px) 33vw, 100vw"')
    expect(html).toContain('loading="lazy"')
    expect(html).toContain('width="1600"')
  })

  it('shows the average colour of the thumbhash while loading', () => {
    const background = placeholderBackground(hash, 'color')
    const [r, g, b] = background!.match(/\d+/g)!.map(Number)
    expect(Math.abs(r! - 230)).toBeLessThan(25)
    expect(Math.abs(g! - 120)).toBeLessThan(25)
    expect(Math.abs(b! - 30)).toBeLessThan(25)
    expect(placeholderBackground(hash, 'blur')).toMatch(/^center \/ cover no-repeat url\(data:image\/png;base64,/)
  })

  it('draws no placeholder from a missing or broken hash', () => {
    expect(placeholderBackground(null, 'color')).toBeUndefined()
    expect(placeholderBackground('%%%not base64', 'blur')).toBeUndefined()
  })
})
