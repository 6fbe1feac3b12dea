// "Message the landlord" on a listing page: opens (or reuses) the conversation about the listing.
// A visitor is sent to log in and comes back to the listing.
import { Form } from 'react-router'

export function MessageLandlord({ listingId, landlordName }: { listingId: number; landlordName: string }) {
  return (
    <Form method="post" action="/chat">
      <input type="hidden" name="intent" value="message-landlord" />
      <input type="hidden" name="listingId" value={listingId} />
      <button
        type="submit"
        className="inline-flex w-full items-center justify-center rounded-lg bg-brand-700 px-4 py-2.5 text-sm font-semibold text-white shadow-sm hover:bg-brand-800"
      >
        Message the landlord<span className="sr-only">, {landlordName}</span>
      </button>
    </Form>
  )
}
