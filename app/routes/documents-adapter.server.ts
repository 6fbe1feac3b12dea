// The one place the application pages reach the private documents area (server/documents/): storing an
// applicant's file, listing and deleting their files, removing deleted files' bytes, and the short-lived
// link to read one. Until that area is part of this tree, the list is empty and storing or deleting says
// it is not possible yet.
import type { DocumentView } from '#common/applications/types.ts'
import type { DocumentKind } from '#common/applications/vocabulary.ts'
import type { Db } from '#server/db/client.server.ts'
import { AppError } from '#server/errors.server.ts'
import type { Services } from '#server/services.server.ts'

const NOT_YET = 'Documents cannot be stored yet. Your application can be sent without them; add them later.'

export async function storeDocument(
  _services: Services,
  _input: { ownerId: string; kind: DocumentKind; fileName: string; bytes: Uint8Array },
): Promise<{ id: number }> {
  return Promise.reject(new AppError('conflict', NOT_YET))
}

export async function listOwnerDocuments(_db: Db, _ownerId: string): Promise<DocumentView[]> {
  return Promise.resolve([])
}

export async function deleteOwnerDocument(_services: Services, _input: { ownerId: string; documentId: number }): Promise<void> {
  return Promise.reject(new AppError('not-found', 'No such document.'))
}

/** Removes the bytes of documents already marked deleted (what deleting "My application" passes on as `removeFiles`). */
export function documentFileRemover(_services: Services): (ids: number[]) => Promise<void> {
  return () => Promise.resolve()
}

export function documentLink({ documentId }: { documentId: number; readerId: string }): string {
  return `/documents/${documentId}`
}
