// An inspection item cited as evidence of a deduction: its condition, notes and photos, and for a move-out
// item the same item at move-in beside it. Photos are links minted for the reader (they expire).
import type { EvidenceItem, EvidencePhoto } from '#common/deposits/types.ts'
import { CONDITION_LABELS, INSPECTION_KIND_LABELS } from '#common/inspections/vocabulary.ts'

const conditionOf = (condition: EvidenceItem['condition']) => (condition ? CONDITION_LABELS[condition] : 'Not recorded')

function Photos({ photos, what }: { photos: EvidencePhoto[]; what: string }) {
  if (photos.length === 0) return <p className="text-sm text-ink-soft">No photos.</p>
  return (
    <ul className="flex flex-wrap gap-2">
      {photos.map((photo, index) =>
        photo.url ? (
          <li key={photo.id}>
            <a href={photo.url} className="block rounded focus-visible:outline-2 focus-visible:outline-brand-700">
              <img
                src={photo.url}
                alt={`${what}, ${index + 1} of ${photos.length}`}
                className="size-24 rounded object-cover"
                loading="lazy"
              />
            </a>
          </li>
        ) : (
          <li key={photo.id} className="text-sm text-ink-soft">
            Photo {index + 1} (not available)
          </li>
        ),
      )}
    </ul>
  )
}

function State({
  title,
  condition,
  notes,
  photos,
  what,
}: {
  title: string
  condition: EvidenceItem['condition']
  notes: string
  photos: EvidencePhoto[]
  what: string
}) {
  return (
    <div className="min-w-0 flex-1 space-y-1 rounded-lg bg-gray-50 p-3">
      <p className="text-sm font-semibold text-ink">{title}</p>
      <p className="text-sm text-ink">
        Condition: <strong>{conditionOf(condition)}</strong>
      </p>
      {notes ? <p className="text-sm break-words text-ink">“{notes}”</p> : null}
      <Photos photos={photos} what={what} />
    </div>
  )
}

export function EvidenceCard({ item }: { item: EvidenceItem }) {
  const what = `${item.room}: ${item.item}`
  return (
    <div className="space-y-2">
      <p className="text-sm font-semibold text-ink">{what}</p>
      <div className="flex flex-col gap-2 sm:flex-row">
        {item.kind === 'move_out' ? (
          item.moveIn ? (
            <State title="At move-in" {...item.moveIn} what={`${what} at move-in`} />
          ) : (
            <p className="flex-1 rounded-lg bg-gray-50 p-3 text-sm text-ink-soft">Not in the move-in inspection.</p>
          )
        ) : null}
        <State
          title={INSPECTION_KIND_LABELS[item.kind]}
          condition={item.condition}
          notes={item.notes}
          photos={item.photos}
          what={`${what}, ${INSPECTION_KIND_LABELS[item.kind].toLowerCase()}`}
        />
      </div>
    </div>
  )
}
