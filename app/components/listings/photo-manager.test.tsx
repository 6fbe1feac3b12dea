import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import type { OwnerPhoto } from '#common/listings/photos.ts'
import { PhotoManager } from './photo-manager.tsx'
import {
  addedSince,
  awaitedPhotos,
  createSequence,
  hasPending,
  mergePolled,
  movePhoto,
  photoLabel,
  problemMessage,
  processingNews,
  withUploaded,
} from './photo-manager-state.ts'

const ready: OwnerPhoto = {
  id: 11,
  altText: 'Front porch',
  status: 'ready',
  error: null,
  view: {
    id: 11,
    alt: 'Front porch',
    width: 1600,
    height: 1067,
    placeholder: null,
    colour: null,
    src: '/media/listings/k/800.webp',
    srcSet: '/media/listings/k/400.webp 400w, /media/listings/k/800.webp 800w',
  },
}
const pending: OwnerPhoto = { id: 12, altText: '', status: 'pending', error: null, view: null }
const failed: OwnerPhoto = { id: 13, altText: 'Kitchen', status: 'failed', error: 'This photo could not be processed.', view: null }

describe('PhotoManager', () => {
  const html = renderToStaticMarkup(<PhotoManager listingId={7} photos={[ready, pending, failed]} redirectTo="/properties/home-7/edit" />)

  it('renders an upload form that works without JavaScript', () => {
    expect(html).toContain('action="/api/properties/7/photos" encType="multipart/form-data"')
    const fileInput = html.match(/<input id="photo-files-7"[^>]*>/)?.[0]
    for (const attribute of ['type="file"', 'name="photo"', 'multiple=""', 'accept="image/*"']) expect(fileInput).toContain(attribute)
    expect(html).toContain('<label for="photo-files-7"')
    expect(html).toContain('name="redirectTo" value="/properties/home-7/edit"')
    expect(html).toContain('Room for 27 more photos.')
    // With JavaScript choosing files uploads them; without it, this button sends the form.
    expect(html).toMatch(/<button type="submit"[^>]*>Upload photos<\/button>/)
  })

  it('shows each photo by status: the image, "Processing…", or the reason it failed', () => {
    expect(html).toContain('alt="Front porch"')
    expect(html).toContain('Processing…')
    expect(html).toContain('This photo could not be processed.')
    expect(html).toContain('Cover photo (1 of 3)')
  })

  it('gives every photo a labelled description field and named move and delete buttons', () => {
    expect(html).toContain('<label for="photo-alt-12"')
    expect(html).toMatch(/<input id="photo-alt-11"[^>]*name="altText" value="Front porch"/)
    expect(html).toContain('aria-label="Move earlier: Photo 2 of 3"')
    expect(html).toContain('aria-label="Move later: Photo 3 of 3: Kitchen"')
    expect(html).toContain('aria-label="Delete Photo 1 of 3: Front porch"')
    expect(html).toContain('action="/api/properties/7/photos/13"')
    // The first photo cannot move earlier nor the last later.
    expect(html.match(/disabled=""[^>]*aria-label="Move (earlier|later)/g)).toHaveLength(2)
  })

  it('has a live region for results and an alert for errors', () => {
    expect(html).toContain('role="status" aria-live="polite"')
    expect(html).toContain('role="alert"')
  })
})

describe('photo manager state', () => {
  it('moves a photo within the list and ignores moves off its ends', () => {
    expect(movePhoto([1, 2, 3], 0, 1)).toEqual([2, 1, 3])
    expect(movePhoto([1, 2, 3], 2, 0)).toEqual([3, 1, 2])
    const list = [1, 2, 3]
    expect(movePhoto(list, 0, -1)).toBe(list)
    expect(movePhoto(list, 2, 5)).toBe(list)
  })

  it('knows when to keep asking and what to announce', () => {
    expect(hasPending([ready, pending])).toBe(true)
    expect(hasPending([ready, failed])).toBe(false)
    const done = { ...pending, status: 'ready' as const }
    // Photos pending when the page loaded have no file name here.
    expect(processingNews(awaitedPhotos([pending]), [done])).toEqual({ news: 'A photo is ready.', finished: [12] })
    const awaiting = new Map([
      [12, { name: 'porch.jpg', addedAt: 1 }],
      [14, { name: 'attic.jpg', addedAt: 1 }],
    ])
    expect(processingNews(awaiting, [ready, done, { ...failed, id: 14 }]).news).toBe(
      'porch.jpg is ready. attic.jpg could not be processed. 2 of 3 photos are ready.',
    )
    expect(processingNews(awaiting, [{ ...done, id: 14 }, done]).news).toBe('2 photos are ready.')
    expect(processingNews(awaiting, [ready, pending]).news).toBe('')
    expect(processingNews(new Map(), [ready]).news).toBe('')
  })

  it('counts every finished photo when uploads and polls cross, keeping each in the list until it is processed', () => {
    // porch.jpg is uploaded, and a poll is sent at 10; kitchen.jpg's upload finishes at 11, before the poll answers.
    const porch: OwnerPhoto = { ...pending, id: 21 }
    const kitchen: OwnerPhoto = { ...pending, id: 22 }
    const awaiting = new Map([
      [21, { name: 'porch.jpg', addedAt: 5 }],
      [22, { name: 'kitchen.jpg', addedAt: 11 }],
    ])
    let photos = withUploaded(withUploaded([], [porch]), [kitchen])

    // The answer knows only porch.jpg, ready now: kitchen.jpg stays in view, still pending.
    const first = processingNews(awaiting, [{ ...porch, status: 'ready' }])
    expect(first.news).toBe('porch.jpg is ready.')
    for (const id of first.finished) awaiting.delete(id)
    photos = mergePolled(photos, [{ ...porch, status: 'ready' }], addedSince(awaiting, 10))
    expect(photos.map((p) => [p.id, p.status])).toEqual([
      [21, 'ready'],
      [22, 'pending'],
    ])
    expect(hasPending(photos)).toBe(true)

    // The next poll brings both; only kitchen.jpg is news, and the count says two are ready.
    const both = [
      { ...porch, status: 'ready' as const },
      { ...kitchen, status: 'ready' as const },
    ]
    const second = processingNews(awaiting, both)
    expect(second.news).toBe('kitchen.jpg is ready. 2 of 2 photos are ready.')
    for (const id of second.finished) awaiting.delete(id)
    photos = mergePolled(photos, both, addedSince(awaiting, 20))
    expect(photos).toEqual(both)
    expect(hasPending(photos)).toBe(false)
    // A poll that already brought in an upload does not get it twice.
    expect(withUploaded(both, [kitchen])).toEqual(both)
  })

  it('words refusals and labels', () => {
    expect(problemMessage({ status: 400, detail: 'A listing can have at most 30 photos.' }, 'x')).toBe(
      'A listing can have at most 30 photos.',
    )
    expect(problemMessage('<html>', 'Try again.')).toBe('Try again.')
    expect(photoLabel(ready, 0, 4)).toBe('Photo 1 of 4: Front porch')
  })
})

describe('createSequence', () => {
  it('runs uploads one at a time in the order chosen, however long each takes, across two choices', async () => {
    const inTurn = createSequence()
    const events: string[] = []
    const upload = (name: string, ms: number) => () =>
      new Promise<string>((resolve) => {
        events.push(`start ${name}`)
        setTimeout(() => {
          events.push(`end ${name}`)
          resolve(name)
        }, ms)
      })
    const first = ['living-room', 'kitchen', 'bedroom'].map((name, i) => inTurn(upload(name, [30, 1, 10][i]!)))
    const second = inTurn(upload('garden', 1))
    expect(await Promise.all([...first, second])).toEqual(['living-room', 'kitchen', 'bedroom', 'garden'])
    expect(events).toEqual([
      'start living-room',
      'end living-room',
      'start kitchen',
      'end kitchen',
      'start bedroom',
      'end bedroom',
      'start garden',
      'end garden',
    ])
  })

  it('goes on with the next upload when one fails', async () => {
    const inTurn = createSequence()
    const failed = inTurn(() => Promise.reject(new Error('connection lost')))
    const next = inTurn(() => Promise.resolve('kitchen'))
    await expect(failed).rejects.toThrow('connection lost')
    expect(await next).toBe('kitchen')
  })
})
