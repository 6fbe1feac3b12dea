// The photo gallery of a listing page: one large photo, previous/next by buttons, arrow keys and
// swipes, thumbnails, and a full-screen view in a modal <dialog> (Escape closes it and focus goes
// back to the button that opened it). With no photos it says so in a line, not a screenful, and
// tells the owner where photos are added.
import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react'
import { BlurredListingPhoto } from '#app/components/listings/blurred-listing-photo.tsx'
import { ListingPhoto } from '#app/components/listings/listing-photo.tsx'
import type { PhotoView } from '#common/listings/photos.ts'

const SWIPE_PX = 40

const buttonClass =
  'inline-flex items-center justify-center rounded-full bg-white/95 p-2.5 text-ink shadow-md ring-1 ring-gray-300 hover:bg-white focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:opacity-50'

function Chevron({ direction }: { direction: 'left' | 'right' }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" className="size-5" fill="none" stroke="currentColor" strokeWidth="2.2">
      <path d={direction === 'left' ? 'M12.5 4.5 7 10l5.5 5.5' : 'M7.5 4.5 13 10l-5.5 5.5'} strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  )
}

/** Previous/next by arrow keys and horizontal swipes, shared by the page and the full-screen view. */
function useStepper(count: number) {
  const [index, setIndex] = useState(0)
  const swipeStart = useRef<number | null>(null)
  const step = (delta: number) => setIndex((current) => (current + delta + count) % count)
  return {
    index,
    setIndex,
    step,
    onKeyDown(event: KeyboardEvent) {
      if (event.key === 'ArrowLeft') step(-1)
      else if (event.key === 'ArrowRight') step(1)
      else return
      event.preventDefault()
    },
    swipe: {
      onPointerDown(event: PointerEvent) {
        if (event.pointerType !== 'mouse') swipeStart.current = event.clientX
      },
      onPointerUp(event: PointerEvent) {
        if (swipeStart.current === null) return
        const distance = event.clientX - swipeStart.current
        swipeStart.current = null
        if (Math.abs(distance) >= SWIPE_PX) step(distance < 0 ? 1 : -1)
      },
      onPointerCancel() {
        swipeStart.current = null
      },
    },
  }
}

export function Gallery({ photos, title, addPhotosHref }: { photos: PhotoView[]; title: string; addPhotosHref?: string }) {
  if (photos.length === 0) return <NoPhotos addPhotosHref={addPhotosHref} />
  return <PhotoGallery photos={photos} title={title} />
}

function PhotoGallery({ photos, title }: { photos: PhotoView[]; title: string }) {
  const { index, setIndex, step, onKeyDown, swipe } = useStepper(photos.length)
  const dialogRef = useRef<HTMLDialogElement>(null)
  const openerRef = useRef<HTMLButtonElement>(null)
  const [isOpen, setIsOpen] = useState(false)
  const photo = photos[index]!
  const hasMany = photos.length > 1

  useEffect(() => {
    const dialog = dialogRef.current
    if (!dialog) return
    if (isOpen && !dialog.open) dialog.showModal()
    if (!isOpen && dialog.open) dialog.close()
  }, [isOpen])

  const counter = `Photo ${index + 1} of ${photos.length}`

  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- the arrow keys page the carousel while focus is on one of its controls
    <section aria-label={`Photos of ${title}`} aria-roledescription="carousel" onKeyDown={onKeyDown}>
      <div className="relative overflow-hidden rounded-2xl bg-gray-100" {...swipe} style={{ touchAction: 'pan-y' }}>
        <BlurredListingPhoto photo={photo} sizes="(min-width: 1024px) 60vw, 100vw" priority={index === 0} className="aspect-[3/2] w-full" />
        {hasMany ? <StepButtons step={step} /> : null}
        <div className="absolute right-3 bottom-3 flex items-center gap-2">
          <p className="rounded-full bg-ink/80 px-3 py-1 text-sm font-medium text-white" aria-live="polite">
            {counter}
          </p>
          <button
            ref={openerRef}
            type="button"
            className="rounded-full bg-white/95 px-3 py-1.5 text-sm font-semibold text-ink shadow-md ring-1 ring-gray-300 hover:bg-white focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
            onClick={() => setIsOpen(true)}
          >
            Full screen
          </button>
        </div>
      </div>

      {hasMany ? (
        <ul className="mt-3 flex gap-2 overflow-x-auto pb-1" aria-label="All photos">
          {photos.map((thumb, i) => (
            <li key={thumb.id} className="shrink-0">
              <button
                type="button"
                aria-label={`Show photo ${i + 1}: ${thumb.alt}`}
                aria-current={i === index ? 'true' : undefined}
                onClick={() => setIndex(i)}
                className="block overflow-hidden rounded-lg ring-offset-2 aria-[current=true]:ring-3 aria-[current=true]:ring-brand-600 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
              >
                <ListingPhoto photo={thumb} sizes="6rem" className="h-16 w-24" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}

      <dialog
        ref={dialogRef}
        aria-label={`${title}: full-screen photos`}
        className="m-0 h-dvh max-h-none w-dvw max-w-none bg-black p-0 text-white backdrop:bg-black"
        onClose={() => {
          setIsOpen(false)
          openerRef.current?.focus()
        }}
        onKeyDown={(event) => {
          event.stopPropagation()
          onKeyDown(event)
        }}
      >
        {isOpen ? (
          <div className="flex h-full flex-col" {...swipe} style={{ touchAction: 'pan-y' }}>
            <div className="flex items-center justify-between gap-3 p-3">
              <p className="text-sm font-medium" aria-live="polite">
                {counter}
              </p>
              <button
                type="button"
                className="rounded-full bg-white px-4 py-2 text-sm font-semibold text-ink focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-white"
                onClick={() => setIsOpen(false)}
              >
                Close
              </button>
            </div>
            <div className="relative flex min-h-0 flex-1 items-center justify-center">
              <BlurredListingPhoto photo={photo} sizes="100vw" className="max-h-full max-w-full object-contain" />
              {hasMany ? <StepButtons step={step} /> : null}
            </div>
            <p className="p-3 text-center text-sm">{photo.alt}</p>
          </div>
        ) : null}
      </dialog>
    </section>
  )
}

/** No ready photo: a line that says so, with the way to add them for the owner (a draft's preview). */
function NoPhotos({ addPhotosHref }: { addPhotosHref?: string }) {
  return (
    <div className="flex items-center gap-4 rounded-2xl border border-dashed border-gray-400 bg-gray-50 px-4 py-3">
      <svg
        aria-hidden="true"
        viewBox="0 0 120 90"
        className="w-12 shrink-0 text-ink-soft"
        fill="none"
        stroke="currentColor"
        strokeWidth="5"
      >
        <path d="M15 45 60 10l45 35" strokeLinecap="round" strokeLinejoin="round" />
        <path d="M25 38v42h70V38" strokeLinejoin="round" />
        <rect x="50" y="55" width="20" height="25" />
      </svg>
      <div className="text-sm">
        <p className="font-semibold text-ink">No photos yet</p>
        {addPhotosHref ? (
          <p className="text-ink-soft">
            A listing needs at least one photo to be published.{' '}
            <a href={addPhotosHref} className="font-semibold text-brand-800 underline underline-offset-2">
              Add photos
            </a>
          </p>
        ) : null}
      </div>
    </div>
  )
}

/** Previous and next, over either side of the photo. */
function StepButtons({ step }: { step: (by: number) => void }) {
  return (
    <>
      <div className="absolute inset-y-0 left-3 flex items-center">
        <button type="button" className={buttonClass} aria-label="Previous photo" onClick={() => step(-1)}>
          <Chevron direction="left" />
        </button>
      </div>
      <div className="absolute inset-y-0 right-3 flex items-center">
        <button type="button" className={buttonClass} aria-label="Next photo" onClick={() => step(1)}>
          <Chevron direction="right" />
        </button>
      </div>
    </>
  )
}
