// Private documents an applicant uploads once and attaches to applications: stored checked by their
// content, listed for their owner, deleted with their files. Who else may read one is decided by the
// area that mints links to it (links.server.ts), never here.
import crypto from 'node:crypto'
import { and, count, desc, eq, inArray, isNull } from 'drizzle-orm'
import { DOCUMENT_KINDS, MAX_DOCUMENT_BYTES, MAX_DOCUMENTS_PER_APPLICANT, type DocumentKind } from '#common/applications/vocabulary.ts'
import type { Db } from '#server/db/client.server.ts'
import { privateDocument, user } from '#server/db/schema.ts'
import { AppError } from '#server/errors.server.ts'
import type { Services } from '#server/services.server.ts'
import { cleanFileName, sniffDocumentType, type DocumentContentType } from './content.ts'
import { moveIntoPlace, removeDocumentFiles, removeFile, writeTemporaryFile } from './files.server.ts'

export type DocumentServices = Pick<Services, 'database' | 'config'>

/** A document as its owner sees it. */
export type StoredDocument = {
  id: number
  kind: DocumentKind
  fileName: string
  contentType: DocumentContentType
  byteSize: number
  createdAt: string
}

/** A document's whole record, deleted or not, for the areas that decide who may read it. */
export type DocumentRecord = StoredDocument & { ownerId: string; sha256: string; deletedAt: string | null }

const MAX_MEGABYTES = MAX_DOCUMENT_BYTES / 1024 / 1024

function toRecord(row: typeof privateDocument.$inferSelect): DocumentRecord {
  return {
    id: row.id,
    ownerId: row.ownerId,
    kind: row.kind as DocumentKind,
    fileName: row.fileName,
    contentType: row.contentType as DocumentContentType,
    byteSize: row.byteSize,
    sha256: row.sha256,
    createdAt: row.createdAt.toISOString(),
    deletedAt: row.deletedAt?.toISOString() ?? null,
  }
}

function toStored({ id, kind, fileName, contentType, byteSize, createdAt }: DocumentRecord): StoredDocument {
  return { id, kind, fileName, contentType, byteSize, createdAt }
}

/** The type of acceptable bytes, or an 'invalid' AppError saying what is wrong with them. */
function checkedType(kind: string, bytes: Uint8Array): DocumentContentType {
  if (!(DOCUMENT_KINDS as readonly string[]).includes(kind)) throw new AppError('invalid', 'Choose what kind of document this is.')
  if (bytes.byteLength === 0) throw new AppError('invalid', 'The file is empty. Choose the document again.')
  if (bytes.byteLength > MAX_DOCUMENT_BYTES) {
    throw new AppError('invalid', `The file is larger than ${MAX_MEGABYTES} MB. Upload a smaller scan or a PDF of fewer pages.`)
  }
  const type = sniffDocumentType(bytes)
  if (!type) throw new AppError('invalid', 'Upload a PDF, JPEG or PNG file. This file is none of these, whatever its name says.')
  return type
}

/**
 * Stores a document for its owner. The bytes are checked before anything is written: a refusal
 * leaves no row and no file. The owner's row is locked while their documents are counted, so two
 * uploads at once cannot both take the last place.
 */
export async function storeDocument(
  services: DocumentServices,
  input: { ownerId: string; kind: string; fileName: string; bytes: Uint8Array },
): Promise<StoredDocument> {
  const contentType = checkedType(input.kind, input.bytes)
  const fileName = cleanFileName(input.fileName, contentType)
  const sha256 = crypto.createHash('sha256').update(input.bytes).digest('hex')
  const dataDir = services.config.DATA_DIR
  const temporary = await writeTemporaryFile(dataDir, input.bytes)
  let storedId: number | null = null
  try {
    const row = await services.database.db.transaction(async (tx) => {
      const [owner] = await tx.select({ id: user.id }).from(user).where(eq(user.id, input.ownerId)).for('no key update')
      if (!owner) throw new AppError('not-found', 'No such account.')
      const [live] = await tx
        .select({ n: count() })
        .from(privateDocument)
        .where(and(eq(privateDocument.ownerId, input.ownerId), isNull(privateDocument.deletedAt)))
      if ((live?.n ?? 0) >= MAX_DOCUMENTS_PER_APPLICANT) {
        throw new AppError('invalid', `You already keep ${MAX_DOCUMENTS_PER_APPLICANT} documents. Delete one you no longer need first.`)
      }
      const [inserted] = await tx
        .insert(privateDocument)
        .values({ ownerId: input.ownerId, kind: input.kind, fileName, contentType, byteSize: input.bytes.byteLength, sha256 })
        .returning()
      await moveIntoPlace(temporary, dataDir, inserted!.id)
      storedId = inserted!.id
      return inserted!
    })
    return toStored(toRecord(row))
  } catch (error) {
    await removeFile(temporary)
    // Moved into place, but the row did not commit: the file goes with it.
    if (storedId !== null) await removeDocumentFiles(dataDir, [storedId])
    throw error
  }
}

/** The owner's documents not deleted, newest first. */
export async function listOwnerDocuments(db: Db, ownerId: string): Promise<StoredDocument[]> {
  const rows = await db
    .select()
    .from(privateDocument)
    .where(and(eq(privateDocument.ownerId, ownerId), isNull(privateDocument.deletedAt)))
    .orderBy(desc(privateDocument.createdAt), desc(privateDocument.id))
  return rows.map((row) => toStored(toRecord(row)))
}

/** The records of these documents, deleted ones included, in no particular order; unknown ids are left out. */
export async function findDocuments(db: Db, ids: readonly number[]): Promise<DocumentRecord[]> {
  const wanted = [...new Set(ids)].filter((id) => Number.isSafeInteger(id) && id > 0)
  if (wanted.length === 0) return []
  const rows = await db.select().from(privateDocument).where(inArray(privateDocument.id, wanted))
  return rows.map(toRecord)
}

/** Marks these documents deleted and removes their files. Deleting again, or an unknown id, does nothing more. */
export async function deleteDocuments(services: DocumentServices, { ids }: { ids: readonly number[] }): Promise<void> {
  const wanted = [...new Set(ids)].filter((id) => Number.isSafeInteger(id) && id > 0)
  if (wanted.length === 0) return
  await services.database.db
    .update(privateDocument)
    .set({ deletedAt: new Date() })
    .where(and(inArray(privateDocument.id, wanted), isNull(privateDocument.deletedAt)))
  await removeDocumentFiles(services.config.DATA_DIR, wanted)
}

/** The owner deletes one of their documents; anyone else's, or one already deleted, is not found. */
export async function deleteOwnerDocument(services: DocumentServices, input: { ownerId: string; documentId: number }): Promise<void> {
  const [row] = Number.isSafeInteger(input.documentId)
    ? await services.database.db
        .select({ id: privateDocument.id })
        .from(privateDocument)
        .where(and(eq(privateDocument.id, input.documentId), eq(privateDocument.ownerId, input.ownerId), isNull(privateDocument.deletedAt)))
    : []
  if (!row) throw new AppError('not-found', 'No such document.')
  await deleteDocuments(services, { ids: [row.id] })
}

/** The ids of every document an account holds, deleted or not: read before the account goes, so its files can follow. */
export async function listOwnerDocumentIds(db: Db, ownerId: string): Promise<number[]> {
  const rows = await db.select({ id: privateDocument.id }).from(privateDocument).where(eq(privateDocument.ownerId, ownerId))
  return rows.map((row) => row.id)
}
