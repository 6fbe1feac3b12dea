// The way to act on a listing page. On a wide screen, a card beside the photos with the all-in price,
// the key facts in a line, "Message the landlord", Save and Share, staying in view as the page scrolls;
// on a phone, a bar at the bottom with the price and "Message", out of the way once the card itself
// or the footer is on screen.
import { useEffect, useRef, useState, type ReactNode } from 'react'
import { Form } from 'react-router'
import { formatBathrooms, formatBedrooms, formatCents } from '#app/utils/format.ts'
import type { ListingDetail } from '#common/listings/types.ts'
import { availableWhen } from './listing-facts.tsx'

const sqft = new Intl.NumberFormat('en-US')

export const CONTACT_ID = 'contact'

/** "2 beds · 1 bath · 900 sq ft · Available now". */
export function factsLine(listing: Pick<ListingDetail, 'bedrooms' | 'bathrooms' | 'interiorSqft' | 'availableFrom'>, today: string) {
  const when = availableWhen(listing.availableFrom, today)
  return [
    formatBedrooms(listing.bedrooms),
    formatBathrooms(listing.bathrooms),
    `${sqft.format(listing.interiorSqft)} sq ft`,
    `Available ${when}`,
  ].join(' · ')
}

/**
 * Opens (or reuses) the conversation about the listing; a visitor is sent to log in and lands in
 * the conversation once signed in (/chat/start).
 */
export function MessageForm({ listingId, className, children }: { listingId: number; className: string; children: ReactNode }) {
  return (
    <Form method="post" action="/chat">
      <input type="hidden" name="intent" value="message-landlord" />
      <input type="hidden" name="listingId" value={listingId} />
      <button type="submit" className={className}>
        {children}
      </button>
    </Form>
  )
}

export function ContactCard({
  listing,
  landlordName,
  save,
  share,
}: {
  listing: Pick<ListingDetail, 'id' | 'allInMonthlyCents'>
  /** The landlord to message; null when there is none to message (the owner's own listing). */
  landlordName: string | null
  save: ReactNode
  share: ReactNode
}) {
  return (
    <section id={CONTACT_ID} aria-labelledby="contact-title" className="rounded-xl border border-gray-200 bg-white p-5 shadow-sm">
      <h2 id="contact-title" className="sr-only">
        Price and contact
      </h2>
      <p className="text-3xl font-bold text-ink">
        {formatCents(listing.allInMonthlyCents)}
        <span className="text-base font-normal text-ink-soft">/month all-in</span>
      </p>
      <div className="mt-4 space-y-3">
        {landlordName ? (
          <MessageForm
            listingId={listing.id}
            className="inline-flex w-full items-center justify-center rounded-lg bg-brand-700 px-4 py-2.5 font-semibold text-white shadow-sm hover:bg-brand-800"
          >
            Message the landlord<span className="sr-only">, {landlordName}</span>
          </MessageForm>
        ) : null}
        {save}
        {share}
      </div>
    </section>
  )
}

/** Whether any of the elements is on screen (false until the browser can tell). */
function useAnyOnScreen(find: () => (Element | null)[]) {
  const [isOnScreen, setIsOnScreen] = useState(false)
  const findRef = useRef(find)
  useEffect(() => {
    const elements = findRef.current().filter((element) => element !== null)
    if (elements.length === 0 || typeof IntersectionObserver === 'undefined') return
    const visible = new Set<Element>()
    const observer = new IntersectionObserver((entries) => {
      for (const entry of entries) {
        if (entry.isIntersecting) visible.add(entry.target)
        else visible.delete(entry.target)
      }
      setIsOnScreen(visible.size > 0)
    })
    for (const element of elements) observer.observe(element)
    return () => observer.disconnect()
  }, [])
  return isOnScreen
}

export function PhoneActionBar({
  listingId,
  allInMonthlyCents,
  landlordName,
}: {
  listingId: number
  allInMonthlyCents: number
  landlordName: string
}) {
  const isCovered = useAnyOnScreen(() => [document.getElementById(CONTACT_ID), document.querySelector('footer')])
  // While the bar shows, the scroll-to-top button rises above it (scroll-to-top.tsx reads this).
  useEffect(() => {
    const root = document.documentElement
    if (isCovered) delete root.dataset.bottomBar
    else root.dataset.bottomBar = ''
    return () => {
      delete root.dataset.bottomBar
    }
  }, [isCovered])
  return (
    <section
      aria-label="Price and message"
      className={`fixed inset-x-0 bottom-0 z-40 border-t border-gray-200 bg-white px-4 py-3 shadow-[0_-2px_8px_rgba(0,0,0,0.08)] lg:hidden ${isCovered ? 'hidden' : ''}`}
    >
      <div className="mx-auto flex max-w-xl items-center justify-between gap-4">
        <p className="text-xl font-bold text-ink">
          {formatCents(allInMonthlyCents)}
          <span className="text-sm font-normal text-ink-soft">/month all-in</span>
        </p>
        <MessageForm
          listingId={listingId}
          className="rounded-lg bg-brand-700 px-5 py-2.5 font-semibold text-white shadow-sm hover:bg-brand-800"
        >
          Message<span className="sr-only"> the landlord, {landlordName}</span>
        </MessageForm>
      </div>
    </section>
  )
}
