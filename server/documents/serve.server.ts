// A document opened through its link, for the HTTP route that sends it.
import fs from 'node:fs/promises'
import { Readable } from 'node:stream'
import { and, eq, isNull } from 'drizzle-orm'
import { privateDocument } from '#server/db/schema.ts'
import type { DocumentContentType } from './content.ts'
import { documentFilePath } from './files.server.ts'
import { readLink } from './links.server.ts'
import type { DocumentServices } from './store.server.ts'

export type LinkedDocument =
  | { status: 'found'; fileName: string; contentType: DocumentContentType; byteSize: number; body: ReadableStream<Uint8Array> }
  | { status: 'expired' }
  | { status: 'none' }

/**
 * The document behind a link, streamed, when the link was minted for `readerId`, is still valid and
 * the document is neither deleted nor missing its file. Anything else is 'none', told apart from a
 * missing document by nobody; 'expired' only for the reader's own link once its time is up.
 */
export async function openLinkedDocument(
  services: DocumentServices,
  { token, readerId, now }: { token: string; readerId: string | null; now?: Date },
): Promise<LinkedDocument> {
  if (readerId === null) return { status: 'none' }
  const link = readLink('document', token, readerId, now)
  if (link.status !== 'valid') return link.status === 'expired' ? { status: 'expired' } : { status: 'none' }
  const [row] = await services.database.db
    .select({ id: privateDocument.id, fileName: privateDocument.fileName, contentType: privateDocument.contentType })
    .from(privateDocument)
    .where(and(eq(privateDocument.id, link.fileId), isNull(privateDocument.deletedAt)))
  if (!row) return { status: 'none' }
  let file: fs.FileHandle
  try {
    file = await fs.open(documentFilePath(services.config.DATA_DIR, row.id), 'r')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { status: 'none' }
    throw error
  }
  let size: number
  try {
    size = (await file.stat()).size
  } catch (error) {
    await file.close()
    throw error
  }
  // The stream closes the file when it ends, fails or the client goes away.
  const body = Readable.toWeb(file.createReadStream()) as ReadableStream<Uint8Array>
  return { status: 'found', fileName: row.fileName, contentType: row.contentType as DocumentContentType, byteSize: size, body }
}
