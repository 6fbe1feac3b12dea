// The bytes of private documents: DATA_DIR/private/documents/<id>, outside everything the HTTP app
// serves as static files (DATA_DIR/media), so the only way out is the link-checked route.
import crypto from 'node:crypto'
import fs from 'node:fs/promises'
import path from 'node:path'

export function documentsDir(dataDir: string): string {
  return path.join(path.resolve(dataDir), 'private', 'documents')
}

export function documentFilePath(dataDir: string, documentId: number): string {
  if (!Number.isSafeInteger(documentId) || documentId < 1) throw new Error(`Not a document id: ${documentId}`)
  return path.join(documentsDir(dataDir), String(documentId))
}

/** Writes the bytes under a temporary name in the documents folder (made if missing) and returns it. */
export async function writeTemporaryFile(dataDir: string, bytes: Uint8Array): Promise<string> {
  const dir = documentsDir(dataDir)
  await fs.mkdir(dir, { recursive: true, mode: 0o700 })
  const temporary = path.join(dir, `.${crypto.randomBytes(16).toString('hex')}.tmp`)
  await fs.writeFile(temporary, bytes, { flag: 'wx', mode: 0o600 })
  return temporary
}

/** Gives a written temporary file its document's name: a reader never sees a half-written file. */
export async function moveIntoPlace(temporary: string, dataDir: string, documentId: number): Promise<void> {
  await fs.rename(temporary, documentFilePath(dataDir, documentId))
}

/** Removes the files of these documents; a file already gone is fine. */
export async function removeDocumentFiles(dataDir: string, ids: readonly number[]): Promise<void> {
  await Promise.all(ids.map((id) => fs.rm(documentFilePath(dataDir, id), { force: true })))
}

export async function removeFile(file: string): Promise<void> {
  await fs.rm(file, { force: true })
}
