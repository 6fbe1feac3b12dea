// The public surface of server/media/: everything outside this folder uses the area through these names.
export { AVATAR_MAX_BYTES, imageRejectionMessages, processAvatar } from './avatar-image.server.ts'
export {
  addListingPhotos,
  checkMayChangePhotos,
  deleteListingPhoto,
  listPhotosForOwner,
  PHOTO_LIMITS,
  updateListingPhotos,
  type Upload,
} from './listing-photos.server.ts'
export { PROCESS_PHOTO_JOB, processListingPhoto, SWEEP_PHOTOS_CRON, SWEEP_PHOTOS_JOB, sweepPendingPhotos } from './photo-jobs.server.ts'
export { deleteAvatarFile, saveAvatarFile } from './media-store.server.ts'
export { processPrivatePhoto } from './private-photo.server.ts'
export { listingMediaDir, type PhotoVariants, variantWidthsFor, writePhotoVariants } from './photo-variants.server.ts'
export { declaredLength, readBodyWithLimit, readFormDataWithLimit, UPLOAD_REQUEST_LIMITS } from './upload-body.server.ts'
