// What /admin/content/:kind/:id/revisions loads and does: an item's revisions (who, when, which
// version), one compared with the current version (?compare=<version>), and restoring one, which
// saves its snapshot as a new version (checked against the version the page showed, like any save).
import { clientAddress } from '#server/accounts/index.server.ts'
import { data } from 'react-router'
import { adminEditPath, kindOfSegment, KIND_NOUNS, type FieldComparison } from '#common/content/admin-types.ts'
import { parsePositiveId } from '#common/ids.ts'
import {
  compareSnapshots,
  findEditableItem,
  findRevisionSnapshot,
  listRevisions,
  restoreRevision,
  SNAPSHOT_FIELDS,
} from '#server/content/index.server.ts'
import { AppError, isAppError } from '#server/errors.server.ts'
import { redirectWithToast } from '#server/http/flash.server.ts'
import { UNKNOWN_FORM, refusalOf, withPageErrors } from '#server/http/route-errors.server.ts'
import type { Services } from '#server/services.server.ts'
import { requireContentEditor } from './admin-guard.server.ts'

function addressOf(params: { kind?: string; id?: string }) {
  const kind = kindOfSegment(params.kind)
  const itemId = parsePositiveId(params.id)
  if (!kind || itemId === null) throw data('There is no such page.', { status: 404 })
  return { kind, itemId }
}

export async function loadRevisions(services: Services, request: Request, params: { kind?: string; id?: string }) {
  const current = await requireContentEditor(services, request)
  const { kind, itemId } = addressOf(params)
  const { db } = services.database
  const viewerId = current.userId
  return withPageErrors(async () => {
    const item = await findEditableItem(db, { viewerId, kind, itemId })
    const revisions = await listRevisions(db, { viewerId, kind, itemId })
    const compareParam = new URL(request.url).searchParams.get('compare')
    const compareVersion = compareParam === null ? null : parsePositiveId(compareParam)
    if (compareParam !== null && compareVersion === null) throw data('There is no such version.', { status: 404 })
    let comparison: { version: number; fields: FieldComparison[] } | null = null
    if (compareVersion !== null) {
      const snapshot = await findRevisionSnapshot(db, { viewerId, kind, itemId, version: compareVersion })
      comparison = { version: compareVersion, fields: compareSnapshots(SNAPSHOT_FIELDS[kind], snapshot, item.snapshot) }
    }
    const title = String(item.snapshot.title ?? item.snapshot.question ?? item.snapshot.label ?? '')
    return { kind, itemId, title, version: item.version, revisions, comparison }
  })
}

export async function revisionsAction(services: Services, request: Request, params: { kind?: string; id?: string }) {
  const current = await requireContentEditor(services, request)
  const { kind, itemId } = addressOf(params)
  const { db } = services.database
  const formData = await request.formData().catch(() => new FormData())
  const field = (name: string) => {
    const value = formData.get(name)
    return typeof value === 'string' ? value : ''
  }
  const revision = parsePositiveId(field('revision'))
  const expectedVersion = parsePositiveId(field('version'))
  if (field('intent') !== 'restore' || revision === null || expectedVersion === null) {
    return refusalOf(new AppError('invalid', UNKNOWN_FORM))
  }
  try {
    const snapshot = await findRevisionSnapshot(db, { viewerId: current.userId, kind, itemId, version: revision })
    const saved = await restoreRevision(db, {
      kind,
      editorId: current.userId,
      itemId,
      expectedVersion,
      snapshot,
      ip: clientAddress(request.headers),
    })
    return redirectWithToast(adminEditPath(kind, itemId), {
      type: 'success',
      message: `Version ${revision} of this ${KIND_NOUNS[kind]} is restored as version ${saved.version}.`,
    })
  } catch (error) {
    if (!isAppError(error)) throw error
    if (error.code === 'not-found') throw data(error.message, { status: 404 })
    // A slug taken meanwhile by another item, or a newer version saved since the page loaded.
    return refusalOf(error)
  }
}
