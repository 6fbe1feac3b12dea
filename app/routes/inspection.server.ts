// The page controller of /leases/:id/inspections and /leases/:id/inspections/:kind: a lease's two
// inspections for its landlord and tenants (anyone else: 404), and each form's intent — start, rooms and
// items, an item's condition, notes, photos and comments, sending for signature, reopening, consent and
// signature. Every form works without JavaScript; a refusal answers on the page and changes nothing.
import { data } from 'react-router'
import type { InspectionKind } from '#common/inspections/vocabulary.ts'
import { INSPECTION_KIND_LABELS, kindOfSlug } from '#common/inspections/vocabulary.ts'
import { parsePositiveId } from '#common/ids.ts'
import { clientAddress, requireUser, type CurrentSession } from '#server/accounts/index.server.ts'
import { AppError, isAppError } from '#server/errors.server.ts'
import { redirectWithToast } from '#server/http/flash.server.ts'
import { refusalOf, UNKNOWN_FORM } from '#server/http/route-errors.server.ts'
import {
  addItem,
  addItemPhoto,
  addRoom,
  commentOnItem,
  consentToSignInspection,
  deleteItem,
  deleteItemPhoto,
  deleteRoom,
  findInspection,
  findInspections,
  inspectionPath,
  reopenInspection,
  saveItem,
  sendForSignature,
  signInspection,
  startInspection,
  withdrawInspectionConsent,
  type InspectionSigner,
} from '#server/inspections/index.server.ts'
import { readFormDataWithLimit, UPLOAD_REQUEST_LIMITS } from '#server/media/index.server.ts'
import type { Services } from '#server/services.server.ts'

const noSuchPage = () => data('There is no such page.', { status: 404 })
const viewerOf = (current: CurrentSession) => ({ userId: current.userId, email: current.user.email })

/** A read for a page: a third person, a lease not signed yet, a malformed address: the site's 404. */
async function read<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work()
  } catch (error) {
    if (isAppError(error) && error.code === 'not-found') throw noSuchPage()
    throw error
  }
}

function addressOf(leaseParam: string | undefined, kindParam?: string) {
  const leaseId = parsePositiveId(leaseParam)
  const kind = kindParam === undefined ? 'move_in' : kindOfSlug(kindParam)
  if (leaseId === null || kind === null) throw noSuchPage()
  return { leaseId, kind }
}

export async function inspectionsPage(services: Services, request: Request, leaseParam: string | undefined) {
  const current = await requireUser(services, request)
  const { leaseId } = addressOf(leaseParam)
  return { overview: await read(() => findInspections(services.database.db, { leaseId, viewer: viewerOf(current) })) }
}

export async function inspectionPage(services: Services, request: Request, params: { id?: string; kind?: string }) {
  const current = await requireUser(services, request)
  const { leaseId, kind } = addressOf(params.id, params.kind)
  const viewer = viewerOf(current)
  const { db } = services.database
  const overview = await read(() => findInspections(db, { leaseId, viewer }))
  const inspection = await read(() => findInspection(db, { leaseId, kind, viewer }))
  return { overview, kind, inspection }
}

export const INSPECTION_INTENTS = [
  'start',
  'add_room',
  'remove_room',
  'add_item',
  'remove_item',
  'save_item',
  'comment',
  'add_photo',
  'remove_photo',
  'ready',
  'reopen',
  'consent',
  'withdraw_consent',
  'sign',
] as const
type Intent = (typeof INSPECTION_INTENTS)[number]

const DONE: Record<Intent, string> = {
  start: 'Started: fill in each room, add photos, and comment on anything you see differently.',
  add_room: 'Room added.',
  remove_room: 'Room removed.',
  add_item: 'Item added.',
  remove_item: 'Item removed.',
  save_item: 'Saved.',
  comment: 'Comment posted: the other side is told.',
  add_photo: 'Photo added.',
  remove_photo: 'Photo removed.',
  ready: 'Sent for signature: the other side is told by e-mail.',
  reopen: 'Reopened: the checklist can be changed again.',
  consent: 'Thank you: you can now sign the inspection.',
  withdraw_consent: 'Consent withdrawn: you cannot sign this inspection until you agree again. The other side is told.',
  sign: 'Signed: the other side is told.',
}

const text = (form: FormData, name: string) => (typeof form.get(name) === 'string' ? String(form.get(name)) : '')
const ticked = (form: FormData, name: string) => (form.get(name) === null ? undefined : true)
const idIn = (form: FormData, name: string) => {
  const id = parsePositiveId(text(form, name))
  if (id === null) throw new AppError('invalid', 'This form is missing what it is about. Reload the page and try again.')
  return id
}

async function run(
  services: Services,
  form: FormData,
  edit: { leaseId: number; kind: InspectionKind; actor: InspectionSigner },
  intent: Intent,
) {
  switch (intent) {
    case 'start':
      return startInspection(services, edit)
    case 'add_room':
      return addRoom(services, { ...edit, input: { name: text(form, 'name') } })
    case 'remove_room':
      return deleteRoom(services, { ...edit, roomId: idIn(form, 'roomId') })
    case 'add_item':
      return addItem(services, { ...edit, roomId: idIn(form, 'roomId'), input: { name: text(form, 'name') } })
    case 'remove_item':
      return deleteItem(services, { ...edit, itemId: idIn(form, 'itemId') })
    case 'save_item':
      return saveItem(services, {
        ...edit,
        itemId: idIn(form, 'itemId'),
        input: { condition: text(form, 'condition') || undefined, notes: text(form, 'notes') },
      })
    case 'comment':
      return commentOnItem(services, { ...edit, itemId: idIn(form, 'itemId'), input: { body: text(form, 'body') } })
    case 'add_photo': {
      const file = form.get('photo')
      if (!file || typeof file === 'string' || file.size === 0) throw new AppError('invalid', 'Choose a photo to add.')
      return addItemPhoto(services, { ...edit, itemId: idIn(form, 'itemId'), bytes: new Uint8Array(await file.arrayBuffer()) })
    }
    case 'remove_photo':
      return deleteItemPhoto(services, { ...edit, itemId: idIn(form, 'itemId'), photoId: idIn(form, 'photoId') })
    case 'ready':
      return sendForSignature(services, edit)
    case 'reopen':
      return reopenInspection(services, edit)
    case 'consent':
      return consentToSignInspection(services, { ...edit, input: { agree: ticked(form, 'agree') } })
    case 'withdraw_consent':
      return withdrawInspectionConsent(services, edit)
    case 'sign':
      return signInspection(services, {
        ...edit,
        input: { typedName: text(form, 'typedName'), confirm: ticked(form, 'confirm'), documentSha256: text(form, 'documentSha256') },
      })
  }
}

export async function inspectionAction(services: Services, request: Request, params: { id?: string; kind?: string }) {
  const current = await requireUser(services, request)
  const { leaseId, kind } = addressOf(params.id, params.kind)
  // Whoever may not read the lease's inspections learns nothing from a post: 404 before the form is read.
  await read(() => findInspections(services.database.db, { leaseId, viewer: viewerOf(current) }))
  const form = await readFormDataWithLimit(request, UPLOAD_REQUEST_LIMITS.inspectionPhoto, { message: 'A photo can be at most 15 MB.' })
  const intent = text(form, 'intent')
  const itemId = text(form, 'itemId')
  if (!(INSPECTION_INTENTS as readonly string[]).includes(intent))
    return refusalOf(new AppError('invalid', UNKNOWN_FORM), { intent, itemId })
  const actor: InspectionSigner = {
    userId: current.userId,
    email: current.user.email,
    name: current.user.displayName || current.user.email,
    ipAddress: clientAddress(request.headers),
    userAgent: request.headers.get('user-agent')?.slice(0, 500) ?? null,
    signInMethod: current.signInMethod,
  }
  try {
    await run(services, form, { leaseId, kind, actor }, intent as Intent)
  } catch (error) {
    if (!isAppError(error)) throw error
    if (error.code === 'not-found' && error.message === 'No such inspection.') throw noSuchPage()
    return refusalOf(error, { intent, itemId })
  }
  const back = `${inspectionPath(leaseId, kind)}${itemId ? `#item-${itemId}` : ''}`
  return redirectWithToast(back, {
    type: 'success',
    message: intent === 'start' ? `${INSPECTION_KIND_LABELS[kind]}: ${DONE.start}` : DONE[intent as Intent],
  })
}
