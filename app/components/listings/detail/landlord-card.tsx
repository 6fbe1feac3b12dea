// The landlord as renters see them: name, picture, membership and how many homes they list.
import { Avatar } from '#app/components/avatar.tsx'
import { formatDate } from '#app/utils/format.ts'
import type { LandlordCard as Card } from '#common/listings/types.ts'

export function LandlordCard({ landlord }: { landlord: Card }) {
  return (
    <section aria-labelledby="landlord-title" className="rounded-xl border border-gray-200 bg-white p-5 shadow-sm">
      <h2 id="landlord-title" className="text-sm font-semibold tracking-wide text-ink-soft uppercase">
        Listed by
      </h2>
      <div className="mt-3 flex items-center gap-3">
        <Avatar src={landlord.avatar} name={landlord.name} label={landlord.name} size="size-12" />
        <div className="min-w-0">
          <p className="truncate font-semibold text-ink">{landlord.name}</p>
          <p className="text-sm text-ink-soft">Member since {formatDate(landlord.memberSince)}</p>
        </div>
      </div>
      <p className="mt-3 text-sm text-ink">
        {landlord.publishedListings === 1 ? '1 published listing' : `${landlord.publishedListings} published listings`}
      </p>
    </section>
  )
}
