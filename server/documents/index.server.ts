// The public surface of server/documents/: everything outside this folder uses the area through these names.
export { configureDocumentLinks, documentLink } from './links.server.ts'
export { openLinkedPhoto, storeTenancyPhoto, tenancyPhotoLinks } from './photos.server.ts'
export { openLinkedDocument } from './serve.server.ts'
export {
  deleteDocuments,
  deleteOwnerDocument,
  findDocuments,
  listOwnerDocumentIds,
  listOwnerDocuments,
  storeDocument,
} from './store.server.ts'
