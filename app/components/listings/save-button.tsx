// Save / Remove from saved for one listing. A plain POST form to /properties/:slug/save that works
// without JavaScript (the server redirects back with a toast, or sends a visitor to log in); with
// JavaScript a fetcher submits it, the button flips at once and the server answers { saved }. The form
// is a plain one that hands itself to the fetcher: a page of cards renders twenty of them, and a
// router form's own work (resolving its action against the route) is not needed for a fixed address.
// Two looks: a labelled button (listing page, saved list) and a round heart on a result card.
import { useFetcher } from 'react-router'
import { listingPath } from '#common/listings/listing-url.ts'

type Props = {
  listing: { id: number; title: string }
  saved: boolean
  /** Where a form submitted without JavaScript comes back to. */
  redirectTo: string
  variant?: 'labelled' | 'icon'
  className?: string
}

function Heart({ isFilled, className }: { isFilled: boolean; className: string }) {
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      viewBox="0 0 20 20"
      className={className}
      fill={isFilled ? 'currentColor' : 'none'}
      stroke="currentColor"
      strokeWidth="1.8"
    >
      <path d="M10 17s-6.5-4.1-6.5-8.6A3.6 3.6 0 0 1 10 6a3.6 3.6 0 0 1 6.5 2.4C16.5 12.9 10 17 10 17Z" strokeLinejoin="round" />
    </svg>
  )
}

export function SaveButton({ listing, saved, redirectTo, variant = 'labelled', className = '' }: Props) {
  const fetcher = useFetcher<{ saved: boolean }>()
  const pending = fetcher.formData?.get('intent')
  const isSaved = pending ? pending === 'save' : (fetcher.data?.saved ?? saved)
  return (
    <form
      method="post"
      action={`${listingPath(listing)}/save`}
      className={className}
      onSubmit={(event) => {
        event.preventDefault()
        void fetcher.submit(event.currentTarget)
      }}
    >
      <input type="hidden" name="intent" value={isSaved ? 'unsave' : 'save'} />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      {variant === 'icon' ? (
        <button
          type="submit"
          aria-pressed={isSaved}
          aria-label={isSaved ? `Remove ${listing.title} from saved` : `Save ${listing.title}`}
          title={isSaved ? 'Saved to your list' : 'Save to your list'}
          className={`inline-flex size-10 items-center justify-center rounded-full bg-white/95 shadow-md ring-1 ring-gray-300 hover:bg-white ${
            isSaved ? 'text-red-700' : 'text-ink'
          }`}
        >
          <Heart isFilled={isSaved} className="size-5" />
        </button>
      ) : (
        <button
          type="submit"
          aria-pressed={isSaved}
          aria-label={isSaved ? `Remove ${listing.title} from saved` : `Save ${listing.title}`}
          className="inline-flex items-center gap-2 rounded-lg border border-gray-300 bg-white px-3 py-2 text-sm font-semibold text-ink hover:bg-gray-50 aria-pressed:border-brand-600 aria-pressed:bg-brand-50 aria-pressed:text-brand-800"
        >
          <Heart isFilled={isSaved} className="size-5" />
          {isSaved ? 'Saved' : 'Save'}
        </button>
      )}
    </form>
  )
}
