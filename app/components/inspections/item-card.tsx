// One item of an inspection's checklist: its condition and notes (a form while the inspection is open),
// its photos, on a move-out what the move-in recorded beside it, and its thread of comments. Plain form
// posts, so every form works without scripts.
import { Form } from 'react-router'
import { Button } from '#app/components/ui/button.tsx'
import type { InspectionItemView, InspectionPhoto } from '#common/inspections/types.ts'
import { CONDITIONS, CONDITION_LABELS, MAX_PHOTOS_PER_ITEM, type Condition } from '#common/inspections/vocabulary.ts'

const conditionOf = (condition: Condition | null) => (condition ? CONDITION_LABELS[condition] : 'Not recorded yet')

function Photos({ photos, label }: { photos: InspectionPhoto[]; label: string }) {
  if (photos.length === 0) return null
  return (
    <ul className="flex flex-wrap gap-2">
      {photos.map((photo, index) =>
        photo.url ? (
          <li key={photo.id}>
            <a href={photo.url} className="block">
              <img
                src={photo.url}
                alt={`${label}, ${index + 1} of ${photos.length}`}
                className="h-20 w-28 rounded-md object-cover"
                loading="lazy"
              />
            </a>
          </li>
        ) : null,
      )}
    </ul>
  )
}

const Hidden = ({ intent, itemId }: { intent: string; itemId: number }) => (
  <>
    <input type="hidden" name="intent" value={intent} />
    <input type="hidden" name="itemId" value={itemId} />
  </>
)

export function ItemCard({ item, room, isOpen, error }: { item: InspectionItemView; room: string; isOpen: boolean; error: string | null }) {
  const label = `${item.name}, ${room}`
  const fieldId = `item-${item.id}`
  return (
    <li id={fieldId} className="space-y-3 rounded-xl border border-gray-200 bg-white p-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="text-lg font-semibold text-ink">{item.name}</h3>
        <p className="text-sm text-ink">
          Now: <span className="font-semibold">{conditionOf(item.condition)}</span>
        </p>
      </div>
      {error ? (
        <p role="alert" className="rounded-md bg-red-50 p-2 text-sm font-medium text-red-800">
          {error}
        </p>
      ) : null}
      {item.moveIn ? (
        <div className="rounded-lg bg-gray-50 p-3 text-sm">
          <p className="text-ink">
            At move-in: <span className="font-semibold">{conditionOf(item.moveIn.condition)}</span>
            {item.moveIn.notes ? ` · ${item.moveIn.notes}` : ''}
          </p>
          <Photos photos={item.moveIn.photos} label={`${label} at move-in`} />
        </div>
      ) : null}
      {isOpen ? (
        <Form method="post" className="grid gap-3 sm:grid-cols-[12rem_1fr_auto] sm:items-end">
          <Hidden intent="save_item" itemId={item.id} />
          <label className="block text-sm font-medium text-ink">
            Condition
            <select
              name="condition"
              defaultValue={item.condition ?? ''}
              className="mt-1 block w-full rounded-lg border border-gray-400 bg-white px-3 py-2 text-base"
            >
              <option value="">Choose…</option>
              {CONDITIONS.map((condition) => (
                <option key={condition} value={condition}>
                  {CONDITION_LABELS[condition]}
                </option>
              ))}
            </select>
          </label>
          <label className="block text-sm font-medium text-ink">
            Notes
            <textarea
              name="notes"
              rows={1}
              maxLength={1000}
              defaultValue={item.notes}
              className="mt-1 block w-full rounded-lg border border-gray-400 px-3 py-2 text-base"
            />
          </label>
          <Button>
            Save<span className="sr-only"> {label}</span>
          </Button>
        </Form>
      ) : item.notes ? (
        <p className="text-sm text-ink">Notes: {item.notes}</p>
      ) : null}
      <Photos photos={item.photos} label={label} />
      {isOpen ? (
        <div className="flex flex-wrap items-end gap-3">
          {item.photos.length < MAX_PHOTOS_PER_ITEM ? (
            <Form method="post" encType="multipart/form-data" className="flex flex-wrap items-end gap-2">
              <Hidden intent="add_photo" itemId={item.id} />
              <label className="block text-sm font-medium text-ink">
                Photo of {item.name.toLowerCase()}
                <input type="file" name="photo" accept="image/*" required className="mt-1 block max-w-64 text-sm" />
              </label>
              <Button variant="secondary">
                Add photo<span className="sr-only"> of {label}</span>
              </Button>
            </Form>
          ) : null}
          {item.photos.map((photo, index) => (
            <Form method="post" key={photo.id}>
              <Hidden intent="remove_photo" itemId={item.id} />
              <input type="hidden" name="photoId" value={photo.id} />
              <Button variant="secondary">
                Remove photo {index + 1}
                <span className="sr-only"> of {label}</span>
              </Button>
            </Form>
          ))}
          <Form method="post">
            <Hidden intent="remove_item" itemId={item.id} />
            <Button variant="secondary">
              Remove item<span className="sr-only"> {label}</span>
            </Button>
          </Form>
        </div>
      ) : null}
      <div className="space-y-2">
        {item.comments.length > 0 ? (
          <ul className="space-y-1 text-sm">
            {item.comments.map((comment, index) => (
              <li key={index} className="rounded-md bg-sky-50 px-3 py-2 text-ink">
                <span className="font-semibold">{comment.isYou ? 'You' : comment.author}:</span> {comment.body}
              </li>
            ))}
          </ul>
        ) : null}
        {isOpen ? (
          <Form method="post" className="flex flex-wrap items-end gap-2">
            <Hidden intent="comment" itemId={item.id} />
            <label className="block min-w-0 grow text-sm font-medium text-ink">
              Comment on {item.name.toLowerCase()}
              <input
                type="text"
                name="body"
                maxLength={500}
                required
                className="mt-1 block w-full rounded-lg border border-gray-400 px-3 py-2 text-base"
              />
            </label>
            <Button variant="secondary">
              Post<span className="sr-only"> comment on {label}</span>
            </Button>
          </Form>
        ) : null}
      </div>
    </li>
  )
}
