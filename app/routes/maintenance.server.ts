// The page controllers of the maintenance pages: filing a request (with its photos, read through a cap),
// and each step of a request's page, the photos added to it and its thread opened in the chat. A third
// person (and a request that does not exist) is the site's 404; a refusal answers beside its form.
import { data } from 'react-router'
import { fileRequestFromForm } from '#common/maintenance/schemas.ts'
import { MAX_MAINTENANCE_PHOTOS, STATE_LABELS, type MaintenanceStep } from '#common/maintenance/vocabulary.ts'
import { parsePositiveId } from '#common/ids.ts'
import { requireUser, type CurrentSession } from '#server/accounts/index.server.ts'
import { AppError, isAppError } from '#server/errors.server.ts'
import { redirectWithToast } from '#server/http/flash.server.ts'
import { refusalOf, UNKNOWN_FORM } from '#server/http/route-errors.server.ts'
import {
  acknowledgeRequest,
  addRequestPhotos,
  cancelRequest,
  closeRequest,
  completeRequest,
  fileRequest,
  findRequest,
  listTenantHomes,
  openRequestThread,
  reopenRequest,
  scheduleRequest,
  startRequestWork,
  type MaintenanceActor,
} from '#server/maintenance/index.server.ts'
import { readFormDataWithLimit, UPLOAD_REQUEST_LIMITS } from '#server/media/index.server.ts'
import type { Services } from '#server/services.server.ts'

/** Photos sent with one form: more are added on the request's page, up to the request's cap. */
export const PHOTOS_PER_UPLOAD = 4
const UPLOAD_LIMIT = UPLOAD_REQUEST_LIMITS.maintenancePhotos
const TOO_LARGE = `Send at most ${PHOTOS_PER_UPLOAD} photos of up to 15 MB each at a time.`

const NO_PAGE = () => data('There is no such page.', { status: 404 })
const viewerOf = (current: CurrentSession) => ({ userId: current.userId, email: current.user.email })
const actorOf = (current: CurrentSession): MaintenanceActor => ({
  ...viewerOf(current),
  name: current.user.displayName || current.user.email,
})
const text = (form: FormData, name: string) => String(form.get(name) ?? '')

function idOf(param: string | undefined): number {
  const id = parsePositiveId(param)
  if (id === null) throw NO_PAGE()
  return id
}

async function readUpload(request: Request): Promise<FormData> {
  return readFormDataWithLimit(request, UPLOAD_LIMIT, { message: TOO_LARGE, fieldErrors: { photos: [TOO_LARGE] } })
}

async function photosOf(form: FormData): Promise<Uint8Array[]> {
  const files = form.getAll('photos').filter((value): value is File => typeof value !== 'string' && value.size > 0)
  if (files.length > PHOTOS_PER_UPLOAD) throw new AppError('invalid', TOO_LARGE, { photos: [TOO_LARGE] })
  return Promise.all(files.map(async (file) => new Uint8Array(await file.arrayBuffer())))
}

export async function newRequestPage(services: Services, request: Request) {
  const current = await requireUser(services, request)
  const homes = await listTenantHomes(services.database.db, viewerOf(current))
  const asked = new URL(request.url).searchParams.get('lease')
  if (asked !== null && !homes.some((home) => String(home.leaseId) === asked)) throw NO_PAGE()
  return {
    homes,
    leaseId: asked === null ? (homes[0]?.leaseId ?? null) : Number(asked),
    maxPhotos: Math.min(PHOTOS_PER_UPLOAD, MAX_MAINTENANCE_PHOTOS),
  }
}

export async function newRequestAction(services: Services, request: Request) {
  const current = await requireUser(services, request)
  let form: FormData
  try {
    form = await readUpload(request)
  } catch (error) {
    if (isAppError(error)) return refusalOf(error, { values: {} })
    return refusalOf(new AppError('invalid', 'The form could not be read. Reload the page and try again.'), { values: {} })
  }
  const input = fileRequestFromForm(form)
  let photos: Uint8Array[]
  try {
    photos = await photosOf(form)
  } catch (error) {
    if (isAppError(error)) return refusalOf(error, { values: input })
    throw error
  }
  let requestId: number
  try {
    requestId = (await fileRequest(services, { actor: actorOf(current), input })).id
  } catch (error) {
    if (!isAppError(error)) throw error
    if (error.code === 'not-found') throw NO_PAGE()
    return refusalOf(error, { values: input })
  }
  try {
    await addRequestPhotos(services, { requestId, viewer: viewerOf(current), files: photos })
  } catch (error) {
    if (!isAppError(error)) throw error
    return redirectWithToast(`/maintenance/${requestId}`, {
      type: 'error',
      message: `Your request is filed and the landlord told, but a photo was not kept: ${error.message} Add it again below.`,
    })
  }
  return redirectWithToast(`/maintenance/${requestId}`, { type: 'success', message: 'Request filed: the landlord is told by e-mail.' })
}

export async function requestPage(services: Services, request: Request, param: string | undefined) {
  const current = await requireUser(services, request)
  try {
    return { request: await findRequest(services.database.db, { requestId: idOf(param), viewer: viewerOf(current) }) }
  } catch (error) {
    if (isAppError(error) && error.code === 'not-found') throw NO_PAGE()
    throw error
  }
}

const STEPS = {
  acknowledged: acknowledgeRequest,
  scheduled: scheduleRequest,
  started: startRequestWork,
  completed: completeRequest,
  closed: closeRequest,
  reopened: reopenRequest,
  cancelled: cancelRequest,
} satisfies Record<MaintenanceStep, unknown>
const isStep = (intent: string): intent is MaintenanceStep => Object.hasOwn(STEPS, intent)

export async function requestAction(services: Services, request: Request, param: string | undefined) {
  const current = await requireUser(services, request)
  const requestId = idOf(param)
  // Whoever may not read the request learns nothing from a post either: 404 before the form is read.
  const { request: view } = await requestPage(services, request, param)
  const path = `/maintenance/${requestId}`
  let form: FormData
  try {
    form = await readUpload(request)
  } catch (error) {
    if (isAppError(error)) return refusalOf(error, { intent: 'photos' })
    return refusalOf(new AppError('invalid', 'The form could not be read. Reload the page and try again.'), { intent: '' })
  }
  const intent = text(form, 'intent')
  try {
    if (intent === 'photos') {
      const added = await addRequestPhotos(services, { requestId, viewer: viewerOf(current), files: await photosOf(form) })
      if (added === 0) throw new AppError('invalid', 'Choose a photo to add.', { photos: ['Choose a photo to add.'] })
      return redirectWithToast(path, { type: 'success', message: added === 1 ? 'Photo added.' : `${added} photos added.` })
    }
    if (intent === 'thread') {
      const conversationId = await openRequestThread(services.database.db, { requestId, viewer: viewerOf(current) })
      return redirectWithToast(`/chat/${conversationId}`, { type: 'success', message: `Messages about “${view.title}”.` })
    }
    if (!isStep(intent)) return refusalOf(new AppError('invalid', UNKNOWN_FORM), { intent })
    const input = { date: text(form, 'date'), time: text(form, 'time'), note: text(form, 'note') }
    const row = await STEPS[intent](services, { requestId, actor: actorOf(current), input })
    return redirectWithToast(path, {
      type: 'success',
      message: `The request is now ${STATE_LABELS[row.state as keyof typeof STATE_LABELS].toLowerCase()}: the other side is told.`,
    })
  } catch (error) {
    if (!isAppError(error)) throw error
    if (error.code === 'not-found') throw NO_PAGE()
    return refusalOf(error, { intent })
  }
}
