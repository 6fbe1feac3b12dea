// The photo endpoints of a listing under /api/properties/:id/photos: list (with pending and failed
// photos), upload (multipart, several files with alt texts), reorder and alt texts, delete. Owner or
// administrator only; the domain functions check it in their queries. A plain HTML form (no
// JavaScript) posts with a `redirectTo` field and is sent back there with a toast instead of JSON.
import { Hono, type Context } from 'hono'
import { parsePositiveId } from '#common/ids.ts'
import { requireApiUser, safeRedirectTo } from '#server/accounts/index.server.ts'
import { AppError, isAppError } from '#server/errors.server.ts'
import {
  PROCESS_PHOTO_JOB,
  addListingPhotos,
  checkMayChangePhotos,
  deleteListingPhoto,
  listPhotosForOwner,
  updateListingPhotos,
  type Upload,
  UPLOAD_REQUEST_LIMITS,
  readFormDataWithLimit,
} from '#server/media/index.server.ts'
import type { Services } from '#server/services.server.ts'
import { redirectWithToast } from './flash.server.ts'
import { bodyLimitFor, tooLargeMessage } from './request-limits.server.ts'

function idParam(value: string | undefined): number {
  const id = parsePositiveId(value)
  if (id === null) throw new AppError('not-found', 'No such listing.')
  return id
}

function photoIdParam(value: string | undefined): number {
  const id = parsePositiveId(value)
  if (id === null) throw new AppError('not-found', 'No such photo.')
  return id
}

/** Where a plain form asked to be sent back to (a path on this site), or null for API clients. */
function backTo(form: FormData): string | null {
  const value = form.get('redirectTo')
  return typeof value === 'string' && value ? safeRedirectTo(value) : null
}

function uploadedMessage(count: number) {
  return `${count === 1 ? 'Photo' : `${count} photos`} uploaded. ${count === 1 ? 'It shows' : 'They show'} on the listing once processed.`
}

export function photoRoutes(services: Services) {
  const api = new Hono()
  const { db } = services.database
  const dataDir = services.config.DATA_DIR

  async function viewerOf(c: Context): Promise<string> {
    const { userId } = await requireApiUser(services, c.req.raw, 'Log in to manage the photos of a listing.')
    return userId
  }

  api.get('/:id/photos', async (c) => {
    const viewerId = await viewerOf(c)
    const photos = await listPhotosForOwner(db, { viewerId, listingId: idParam(c.req.param('id')) })
    c.header('Cache-Control', 'private, no-store')
    return c.json({ photos })
  })

  api.post('/:id/photos', async (c) => {
    const viewerId = await viewerOf(c)
    const listingId = idParam(c.req.param('id'))
    // A stranger's upload is refused before a byte of it is read.
    await checkMayChangePhotos(db, { viewerId, listingId })
    let form: FormData
    try {
      // Past the cap (a chunked body; a declared one was refused before reading), like every body too large.
      const limit = bodyLimitFor('POST', c.req.path, c.req.header('content-type') ?? '')
      form = await readFormDataWithLimit(c.req.raw, UPLOAD_REQUEST_LIMITS.listingPhotos, { message: tooLargeMessage(limit) })
    } catch (error) {
      if (isAppError(error)) throw error
      throw new AppError('invalid', 'Send the photos as a multipart form.', { photos: ['Send the photos as a multipart form.'] })
    }
    const files = form.getAll('photo').filter((entry): entry is File => typeof entry !== 'string')
    const altTexts = form.getAll('altText').map((entry) => (typeof entry === 'string' ? entry : ''))
    const uploads: Upload[] = await Promise.all(
      files.map(async (file, i) => ({
        name: file.name || `Photo ${i + 1}`,
        bytes: new Uint8Array(await file.arrayBuffer()),
        altText: altTexts[i] ?? '',
      })),
    )
    const back = backTo(form)
    try {
      const photos = await addListingPhotos({ db, dataDir }, { viewerId, listingId, uploads })
      for (const photo of photos) await services.jobs.send(PROCESS_PHOTO_JOB, { photoId: photo.id })
      if (back) return redirectWithToast(back, { type: 'success', message: uploadedMessage(photos.length) })
      return c.json({ photos }, 201)
    } catch (error) {
      if (back && isAppError(error)) return redirectWithToast(back, { type: 'error', message: error.message.slice(0, 300) })
      throw error
    }
  })

  // The buttons of the photo manager when JavaScript is off: one form per photo and action.
  api.post('/:id/photos/:photoId', async (c) => {
    const viewerId = await viewerOf(c)
    const listingId = idParam(c.req.param('id'))
    const photoId = photoIdParam(c.req.param('photoId'))
    const form = await c.req.formData().catch(() => new FormData())
    const back = backTo(form) ?? '/userprofile'
    const intent = form.get('intent')
    try {
      if (intent === 'delete') {
        await deleteListingPhoto({ db, dataDir }, { viewerId, listingId, photoId })
        return redirectWithToast(back, { type: 'success', message: 'Photo deleted.' })
      }
      const photos = await listPhotosForOwner(db, { viewerId, listingId })
      const index = photos.findIndex((p) => p.id === photoId)
      if (index < 0) throw new AppError('not-found', 'No such photo.')
      if (intent === 'describe') {
        const named = photos.map((p) => (p.id === photoId ? { id: p.id, altText: form.get('altText') } : { id: p.id }))
        await updateListingPhotos(db, { viewerId, listingId, input: { photos: named } })
        return redirectWithToast(back, { type: 'success', message: 'Photo description saved.' })
      }
      if (intent === 'earlier' || intent === 'later') {
        const order = photos.map((p) => ({ id: p.id }))
        const target = intent === 'earlier' ? index - 1 : index + 1
        if (target >= 0 && target < order.length) [order[index], order[target]] = [order[target]!, order[index]!]
        await updateListingPhotos(db, { viewerId, listingId, input: { photos: order } })
        return redirectWithToast(back, { type: 'success', message: intent === 'earlier' ? 'Photo moved earlier.' : 'Photo moved later.' })
      }
      throw new AppError('invalid', 'Choose what to do with the photo.')
    } catch (error) {
      if (isAppError(error) && error.code !== 'unauthenticated') {
        const message = Object.values(error.fieldErrors ?? {}).flat()[0] ?? error.message
        return redirectWithToast(back, { type: 'error', message })
      }
      throw error
    }
  })

  api.patch('/:id/photos', async (c) => {
    const viewerId = await viewerOf(c)
    const listingId = idParam(c.req.param('id'))
    const input: unknown = await c.req.json().catch(() => {
      throw new AppError('invalid', 'Send the changes as JSON.')
    })
    const photos = await updateListingPhotos(db, { viewerId, listingId, input })
    return c.json({ photos })
  })

  api.delete('/:id/photos/:photoId', async (c) => {
    const viewerId = await viewerOf(c)
    const listingId = idParam(c.req.param('id'))
    const photoId = photoIdParam(c.req.param('photoId'))
    await deleteListingPhoto({ db, dataDir }, { viewerId, listingId, photoId })
    return c.body(null, 204)
  })

  return api
}
