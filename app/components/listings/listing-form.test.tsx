import { renderToStaticMarkup } from 'react-dom/server'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { describe, expect, it } from 'vitest'
import { LEAD_PAINT_NOTE } from '#common/leasing/lead-paint.ts'
import { newListingValues } from '#common/listings/listing-form.ts'
import type { OwnerPhoto } from '#common/listings/photos.ts'
import { ListingForm } from './listing-form.tsx'
import { publishNote, type PhotosOfListing } from './listing-form/photos-step.tsx'

const tiles = { url: 'https://tile.example/{z}/{x}/{y}.png', attribution: 'Tiles' }
const pending: OwnerPhoto = { id: 12, altText: '', status: 'pending', error: null, view: null }
const failed: OwnerPhoto = { id: 13, altText: '', status: 'failed', error: 'This photo could not be processed.', view: null }
const ready: OwnerPhoto = { ...pending, id: 11, status: 'ready' }

/** The form as the server sends it, before any script runs. */
function render(photos?: PhotosOfListing, values = newListingValues('2026-05-01')) {
  const element = <ListingForm values={values} errors={{}} tiles={tiles} status="draft" photos={photos} />
  const router = createMemoryRouter([{ path: '/', element }])
  return renderToStaticMarkup(<RouterProvider router={router} />)
}

/** The listing's <form> element and everything after it. */
function split(html: string) {
  const start = html.indexOf('<form id="listing-form"')
  const end = html.indexOf('</form>', start) + '</form>'.length
  return { form: html.slice(start, end), after: html.slice(end) }
}

describe('ListingForm', () => {
  it('ends with the photos step, outside the listing form, and buttons that send that form', () => {
    const { form, after } = split(render({ listingId: 7, path: '/properties/home-7', photos: [pending] }))
    expect(form).toContain('data-step="details"')
    expect(form).not.toContain('data-step="photos"')
    // The photo manager's own forms are not nested in the listing form.
    expect(form.match(/<form/g)).toHaveLength(1)
    expect(after).toMatch(/<section id="photos" data-step="photos"[^>]*>[\s\S]*<h2 id="photos-step-heading"[^>]*>Photos<\/h2>/)
    expect(after).toContain('action="/api/properties/7/photos"')
    expect(after).toContain('name="redirectTo" value="/properties/home-7/edit?step=photos#photos"')
    for (const intent of ['save', 'preview', 'publish']) {
      expect(after, intent).toMatch(new RegExp(`<button type="submit"[^>]*form="listing-form" value="${intent}"[^>]*name="intent"`))
    }
    // The buttons come after the photos step, in the order they are seen.
    expect(after.indexOf('value="publish"')).toBeGreaterThan(after.indexOf('data-step="photos"'))
  })

  it('says what publishing waits for beside the Publish button', () => {
    const html = render({ listingId: 7, path: '/properties/home-7', photos: [pending] })
    expect(html).toMatch(/aria-describedby="publish-note"[^>]*>Publish<\/button>/)
    expect(html).toContain('<p id="publish-note"')
    expect(html).toContain('Publishing needs a ready photo: yours is still being processed.')
    expect(render({ listingId: 7, path: '/properties/home-7', photos: [pending, ready] })).not.toContain('publish-note')
  })

  it('tells a new listing that photos come once the draft is saved, and offers no Publish that could only be refused', () => {
    const html = render()
    const { after } = split(html)
    expect(after).toContain('Photos are added to a saved listing. Save your draft: this step then opens with the photo uploader.')
    expect(after).toContain('A listing needs at least one photo before it can be published.')
    expect(after).not.toContain('type="file"')
    expect(after).toMatch(/form="listing-form" value="save" name="intent">Save draft<\/button>/)
    expect(html).not.toContain('value="publish"')
  })

  it('words the publishing note by the photos there are', () => {
    const onStep = { isOnPhotosStep: true }
    expect(publishNote([ready, pending], onStep)).toBe('')
    expect(publishNote([pending, { ...pending, id: 14 }], onStep)).toBe(
      'Publishing needs a ready photo: your 2 photos are still being processed.',
    )
    expect(publishNote([failed], onStep)).toBe('Publishing needs a ready photo: none of yours could be processed, so add another.')
    expect(publishNote([], onStep)).toBe('Publishing needs at least one photo: add one above.')
    expect(publishNote([], { isOnPhotosStep: false })).toBe('Publishing needs at least one photo: add one in step 5, Photos.')
  })

  it('notes the federal lead-paint disclosure for a home built before 1978, and only then', () => {
    const withYear = (yearBuilt: string) => render(undefined, { ...newListingValues('2026-05-01'), yearBuilt })
    const old = withYear('1962')
    expect(old).toMatch(/<input[^>]*name="yearBuilt"[^>]*value="1962"/)
    expect(old).toContain(LEAD_PAINT_NOTE.replace(/&/g, '&amp;'))
    expect(old).toContain('42 U.S.C. § 4852d')
    expect(old).toContain('This is not legal advice.')
    // The live region is there without the note, so the note is announced when a year before 1978 is typed.
    for (const year of ['1978', '', 'old']) {
      const html = withYear(year)
      expect(html, year).toContain('<div id="lead-paint-note" aria-live="polite"></div>')
      expect(html, year).not.toContain('4852d')
    }
  })
})
