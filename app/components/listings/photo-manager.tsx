/* eslint-disable max-lines -- each control's plain form and its JavaScript path sit together, so the two stay in step */
// The landlord's photo manager, the listing form's photos step: upload several photos (file picker
// or drag and drop) with progress, describe each one, reorder by drag or with Move earlier/later,
// delete, and watch pending photos until they are processed. Every control is a plain form posting
// to /api/properties/:id/photos…, so it all works without JavaScript; with it, choosing or dropping
// files starts their upload at once, the same requests go through fetch and the list updates in
// place, with results read out in a live region.
import { useEffect, useRef, useState, type DragEvent, type FormEvent } from 'react'
import type { OwnerPhoto } from '#common/listings/photos.ts'
import { ListingPhoto } from './listing-photo.tsx'
import {
  addedSince,
  awaitedPhotos,
  createSequence,
  hasPending,
  mergePolled,
  movePhoto,
  photoLabel,
  problemMessage,
  processingNews,
  withUploaded,
  type AwaitedPhoto,
} from './photo-manager-state.ts'

const POLL_MS = 1500
const MAX_PHOTOS = 30

type Upload = { key: number; name: string; percent: number }

const buttonClass =
  'inline-flex items-center justify-center rounded-lg border border-gray-400 bg-white px-3 py-1.5 text-sm font-semibold text-ink hover:bg-gray-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 disabled:cursor-not-allowed disabled:opacity-60'

export function PhotoManager({
  listingId,
  photos: initialPhotos,
  redirectTo,
  describedBy,
  onChange,
}: {
  listingId: number
  /** Every photo of the listing in order, pending and failed ones included (listPhotosForOwner). */
  photos: OwnerPhoto[]
  /** Where the forms return to when JavaScript is off: the page that shows this manager. */
  redirectTo: string
  /** The id of a message about the photos (say, why publishing waits for one), read with the file picker. */
  describedBy?: string
  /** Told the list whenever it changes, so the page can say what publishing still needs. */
  onChange?: (photos: OwnerPhoto[]) => void
}) {
  const [photos, setPhotos] = useState(initialPhotos)
  const [uploads, setUploads] = useState<Upload[]>([])
  const [announcement, setAnnouncement] = useState('')
  const [error, setError] = useState('')
  const [isDragOver, setIsDragOver] = useState(false)
  const [isEnhanced, setIsEnhanced] = useState(false)
  const dragged = useRef<number | null>(null)
  const fileInput = useRef<HTMLInputElement>(null)
  const uploadKey = useRef(0)
  const [inTurn] = useState(() => createSequence())
  // The photos being processed that this page waits on; only event handlers change it, never a render.
  const awaiting = useRef<Map<number, AwaitedPhoto>>(awaitedPhotos(initialPhotos))
  const base = `/api/properties/${listingId}/photos`

  useEffect(() => setIsEnhanced(true), [])
  useEffect(() => onChange?.(photos), [photos, onChange])

  function announce(message: string) {
    setError('')
    setAnnouncement(message)
  }
  function fail(message: string) {
    setAnnouncement('')
    setError(message)
  }

  // While any photo is being processed, ask for the list again every second and a half. The news is
  // worked out here, outside the state update, which React may run twice.
  const isWaiting = hasPending(photos)
  useEffect(() => {
    if (!isWaiting) return
    let lastSentAt = -1
    const timer = window.setInterval(async () => {
      const sentAt = performance.now()
      const res = await fetch(base, { headers: { Accept: 'application/json' } }).catch(() => null)
      if (!res?.ok) return
      const { photos: fresh } = (await res.json()) as { photos: OwnerPhoto[] }
      // A slow answer overtaken by a newer one is old news.
      if (sentAt < lastSentAt) return
      lastSentAt = sentAt
      const waitingFor = awaiting.current
      const { news, finished } = processingNews(waitingFor, fresh)
      for (const id of finished) waitingFor.delete(id)
      const later = addedSince(waitingFor, sentAt)
      setPhotos((current) => mergePolled(current, fresh, later))
      if (news) announce(news)
    }, POLL_MS)
    return () => window.clearInterval(timer)
  }, [isWaiting, base])

  function uploadOne(file: File, key: number): Promise<void> {
    const body = new FormData()
    body.append('photo', file)
    body.append('altText', '')
    return new Promise((resolve) => {
      // XMLHttpRequest, not fetch: only it reports upload progress.
      const request = new XMLHttpRequest()
      request.open('POST', base)
      request.setRequestHeader('Accept', 'application/json')
      request.upload.onprogress = (event) => {
        if (!event.lengthComputable) return
        const percent = Math.round((event.loaded / event.total) * 100)
        setUploads((list) => list.map((u) => (u.key === key ? { ...u, percent } : u)))
      }
      const finish = () => {
        setUploads((list) => list.filter((u) => u.key !== key))
        resolve()
      }
      request.onload = () => {
        let answer: unknown = null
        try {
          answer = JSON.parse(request.responseText)
        } catch {
          // Not JSON: the general message below.
        }
        if (request.status === 201) {
          const added = (answer as { photos: OwnerPhoto[] }).photos
          for (const photo of added) awaiting.current.set(photo.id, { name: file.name, addedAt: performance.now() })
          setPhotos((list) => withUploaded(list, added))
          announce(`${file.name} uploaded. It is being processed.`)
        } else {
          fail(problemMessage(answer, `${file.name} could not be uploaded. Try again.`))
        }
        finish()
      }
      request.onerror = () => {
        fail(`${file.name} could not be uploaded: the connection failed. Try again.`)
        finish()
      }
      request.send(body)
    })
  }

  async function uploadFiles(files: File[]) {
    // One request per file, each with its own progress and its own answer, one at a time so the
    // photos keep the order they were chosen in; all of them show in the list at once, waiting their turn.
    const queued = files.map((file) => ({ file, key: (uploadKey.current += 1) }))
    setUploads((list) => [...list, ...queued.map(({ file, key }) => ({ key, name: file.name, percent: 0 }))])
    await Promise.all(queued.map(({ file, key }) => inTurn(() => uploadOne(file, key))))
  }

  /** Uploads what the file picker holds, and empties it for the next choice. */
  function uploadChosen() {
    const files = [...(fileInput.current?.files ?? [])]
    if (fileInput.current) fileInput.current.value = ''
    void uploadFiles(files)
  }

  function onUploadSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    uploadChosen()
  }

  function onDrop(event: DragEvent<HTMLElement>) {
    event.preventDefault()
    setIsDragOver(false)
    if (dragged.current !== null) return
    void uploadFiles([...event.dataTransfer.files].filter((file) => file.type.startsWith('image/') || file.type === ''))
  }

  async function saveChanges(next: OwnerPhoto[], message: string, altFor?: { id: number; altText: string }) {
    const before = photos
    setPhotos(next)
    const body = { photos: next.map((p) => (altFor && p.id === altFor.id ? { id: p.id, altText: altFor.altText } : { id: p.id })) }
    const res = await fetch(base, {
      method: 'PATCH',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(body),
    }).catch(() => null)
    const answer: unknown = await res?.json().catch(() => null)
    if (res?.ok) {
      setPhotos((answer as { photos: OwnerPhoto[] }).photos)
      announce(message)
    } else {
      setPhotos(before)
      fail(problemMessage(answer, 'The change could not be saved. Try again.'))
    }
  }

  function move(index: number, to: number) {
    const next = movePhoto(photos, index, to)
    if (next === photos) return
    const position = next.indexOf(photos[index]!) + 1
    void saveChanges(next, `Photo moved to position ${position} of ${next.length}.`)
  }

  async function remove(photo: OwnerPhoto, label: string) {
    const res = await fetch(`${base}/${photo.id}`, { method: 'DELETE', headers: { Accept: 'application/json' } }).catch(() => null)
    if (res?.ok) {
      awaiting.current.delete(photo.id)
      setPhotos((list) => list.filter((p) => p.id !== photo.id))
      announce(`${label} deleted.`)
    } else {
      fail(problemMessage(await res?.json().catch(() => null), 'The photo could not be deleted. Try again.'))
    }
  }

  const room = MAX_PHOTOS - photos.length

  return (
    <div className="space-y-5">
      <p className="text-sm text-ink-soft">
        Up to {MAX_PHOTOS} photos of at most 15 MB each (JPEG, PNG or WebP). The first photo is the cover. Location data and other metadata
        are removed from every photo.
      </p>

      <form
        method="post"
        action={base}
        encType="multipart/form-data"
        onSubmit={onUploadSubmit}
        onDragOver={(event) => {
          event.preventDefault()
          if (dragged.current === null) setIsDragOver(true)
        }}
        onDragLeave={() => setIsDragOver(false)}
        onDrop={onDrop}
        className={`space-y-3 rounded-xl border-2 border-dashed p-5 ${isDragOver ? 'border-brand-700 bg-brand-50' : 'border-gray-400 bg-white'}`}
      >
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <label htmlFor={`photo-files-${listingId}`} className="block text-sm font-semibold text-ink">
          Add photos <span className="font-normal text-ink-soft">(or drag them here)</span>
        </label>
        <input
          ref={fileInput}
          id={`photo-files-${listingId}`}
          type="file"
          name="photo"
          multiple
          accept="image/*"
          aria-describedby={[`photo-room-${listingId}`, describedBy].filter(Boolean).join(' ')}
          disabled={room <= 0}
          onChange={uploadChosen}
          className="block w-full text-sm text-ink file:mr-3 file:rounded-lg file:border file:border-gray-400 file:bg-white file:px-3 file:py-1.5 file:font-semibold"
        />
        <p id={`photo-room-${listingId}`} className="text-sm text-ink-soft">
          {room > 0 ? `Room for ${room} more ${room === 1 ? 'photo' : 'photos'}.` : 'This listing has the most photos it can have.'}
        </p>
        {/* With JavaScript, choosing or dropping files starts their upload: no second button to find. */}
        {isEnhanced ? null : (
          <button type="submit" className={buttonClass} disabled={room <= 0}>
            Upload photos
          </button>
        )}
        {uploads.length > 0 && (
          <ul className="space-y-2" aria-label="Uploads in progress">
            {uploads.map((u) => (
              <li key={u.key} className="flex items-center gap-3 text-sm text-ink">
                <span id={`upload-${u.key}`} className="min-w-0 flex-1 truncate">
                  {u.name}
                </span>
                <progress
                  max={100}
                  value={u.percent}
                  aria-labelledby={`upload-${u.key}`}
                  className="h-2 w-32 shrink-0 overflow-hidden rounded-full bg-gray-200 [&::-moz-progress-bar]:bg-brand-700 [&::-webkit-progress-bar]:bg-gray-200 [&::-webkit-progress-value]:bg-brand-700"
                >
                  {u.percent}%
                </progress>
                {/* The bar's value is read out with it; the figure is for the eye. */}
                <span aria-hidden="true" className="w-10 shrink-0 text-right text-ink-soft tabular-nums">
                  {u.percent}%
                </span>
              </li>
            ))}
          </ul>
        )}
      </form>

      <p role="status" aria-live="polite" className="text-sm text-ink">
        {announcement}
      </p>
      <p role="alert" className="text-sm font-semibold text-red-800">
        {error}
      </p>

      {photos.length === 0 ? (
        <p className="text-sm text-ink-soft">No photos yet. The first one you add becomes the cover.</p>
      ) : (
        <ol className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="Photos of this listing, in order">
          {photos.map((photo, index) => {
            const label = photoLabel(photo, index, photos.length)
            const action = `${base}/${photo.id}`
            const altId = `photo-alt-${photo.id}`
            return (
              <li
                key={photo.id}
                draggable
                onDragStart={(event) => {
                  dragged.current = index
                  event.dataTransfer.effectAllowed = 'move'
                }}
                onDragEnd={() => {
                  dragged.current = null
                }}
                onDragOver={(event) => event.preventDefault()}
                onDrop={(event) => {
                  event.preventDefault()
                  event.stopPropagation()
                  if (dragged.current !== null) move(dragged.current, index)
                  dragged.current = null
                }}
                className="space-y-3 rounded-xl border border-gray-300 bg-white p-3 shadow-sm"
              >
                <div className="aspect-[3/2] overflow-hidden rounded-lg bg-gray-100">
                  {photo.status === 'ready' && photo.view ? (
                    <ListingPhoto
                      photo={photo.view}
                      sizes="(min-width: 1024px) 20rem, (min-width: 640px) 45vw, 90vw"
                      className="h-full w-full object-cover"
                    />
                  ) : photo.status === 'failed' ? (
                    <p className="p-3 text-sm text-red-800">
                      <strong>Could not be processed.</strong> {photo.error}
                    </p>
                  ) : (
                    <p className="flex h-full items-center justify-center text-sm text-ink-soft">Processing…</p>
                  )}
                </div>
                <p className="text-sm font-semibold text-ink">
                  {index === 0 ? `Cover photo (1 of ${photos.length})` : `Photo ${index + 1} of ${photos.length}`}
                </p>

                <form
                  method="post"
                  action={action}
                  className="space-y-2"
                  onSubmit={(event) => {
                    event.preventDefault()
                    const altText = String(new FormData(event.currentTarget).get('altText') ?? '')
                    void saveChanges(photos, `Description of photo ${index + 1} saved.`, { id: photo.id, altText })
                  }}
                >
                  <input type="hidden" name="intent" value="describe" />
                  <input type="hidden" name="redirectTo" value={redirectTo} />
                  <label htmlFor={altId} className="block text-sm text-ink">
                    Description for people who cannot see the photo
                  </label>
                  <input
                    id={altId}
                    name="altText"
                    defaultValue={photo.altText}
                    maxLength={300}
                    className="block w-full rounded-lg border border-gray-400 px-3 py-1.5 text-sm text-ink"
                  />
                  <button type="submit" className={buttonClass} aria-label={`Save description of photo ${index + 1}`}>
                    Save description
                  </button>
                </form>

                <div className="flex flex-wrap gap-2">
                  {(['earlier', 'later'] as const).map((intent) => {
                    const to = intent === 'earlier' ? index - 1 : index + 1
                    const isDisabled = to < 0 || to >= photos.length
                    return (
                      <form
                        key={intent}
                        method="post"
                        action={action}
                        onSubmit={(event) => {
                          event.preventDefault()
                          move(index, to)
                        }}
                      >
                        <input type="hidden" name="intent" value={intent} />
                        <input type="hidden" name="redirectTo" value={redirectTo} />
                        <button
                          type="submit"
                          className={buttonClass}
                          disabled={isDisabled}
                          aria-label={`${intent === 'earlier' ? 'Move earlier' : 'Move later'}: ${label}`}
                        >
                          {intent === 'earlier' ? 'Move earlier' : 'Move later'}
                        </button>
                      </form>
                    )
                  })}
                  <form
                    method="post"
                    action={action}
                    onSubmit={(event) => {
                      event.preventDefault()
                      void remove(photo, label)
                    }}
                  >
                    <input type="hidden" name="intent" value="delete" />
                    <input type="hidden" name="redirectTo" value={redirectTo} />
                    <button type="submit" className={`${buttonClass} text-red-800 hover:bg-red-50`} aria-label={`Delete ${label}`}>
                      Delete
                    </button>
                  </form>
                </div>
              </li>
            )
          })}
        </ol>
      )}
    </div>
  )
}
