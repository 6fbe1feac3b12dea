import { renderToStaticMarkup } from 'react-dom/server'
import { rgbaToThumbHash } from 'thumbhash'
import { describe, expect, it } from 'vitest'
import { BlurredListingPhoto, blurredPreview } from './blurred-listing-photo.tsx'
import { ListingPhoto } from './listing-photo.tsx'

// A 4×4 solid orange image as a thumbhash, in base64 as the database keeps it.
const orange = new Uint8Array(4 * 4 * 4).map((_, i) => [230, 120, 30, 255][i % 4]!)
const hash = btoa(String.fromCharCode(...rgbaToThumbHash(4, 4, orange)))

const photo = {
  id: 1,
  alt: 'Front of the house',
  width: 1600,
  height: 1067,
  placeholder: hash,
  colour: 'rgb(228 122 33)',
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

  it("shows the photo's average colour behind it while loading", () => {
    expect(renderToStaticMarkup(<ListingPhoto photo={photo} sizes="100vw" />)).toContain('style="background:rgb(228 122 33)"')
  })

  it('shows a blurred preview behind the hero photo while loading', () => {
    expect(blurredPreview(hash)).toMatch(/^center \/ cover no-repeat url\(data:image\/png;base64,/)
    const html = renderToStaticMarkup(<BlurredListingPhoto photo={photo} sizes="100vw" priority />)
    expect(html).toContain('style="background:center / cover no-repeat url(data:image/png;base64,')
    expect(html).toContain('loading="eager"')
  })

  it('draws no placeholder from a missing or broken hash', () => {
    expect(blurredPreview(null)).toBeUndefined()
    expect(blurredPreview('%%%not base64')).toBeUndefined()
    const bare = { ...photo, placeholder: null, colour: null }
    expect(renderToStaticMarkup(<ListingPhoto photo={bare} sizes="100vw" />)).not.toContain('style=')
    expect(renderToStaticMarkup(<BlurredListingPhoto photo={bare} sizes="100vw" />)).not.toContain('style=')
  })
})
