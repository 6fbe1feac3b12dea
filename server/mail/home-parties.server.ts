// What the notices of a process between a renter and a landlord about one home (a tour, an application)
// read beside their own row: the home's title and address and both parties' names and addresses.
import { eq } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import { listing, user } from '#server/db/schema.ts'
import type { MailSweepContext } from './mail-sweep.server.ts'

/** What a notice job needs: the database, the mailer and the site's public address for links. */
export type NoticeContext = Omit<MailSweepContext, 'logger'>

const renter = alias(user, 'renter')
const landlord = alias(user, 'landlord')

export type HomeParties = NonNullable<Awaited<ReturnType<typeof readHomeParties>>>

/** The home and the two parties of a process's row; undefined once the home or an account is gone. */
export async function readHomeParties(
  db: NoticeContext['db'],
  { listingId, renterId, landlordId }: { listingId: number; renterId: string; landlordId: string },
) {
  const [found] = await db
    .select({
      title: listing.title,
      street: listing.street,
      unit: listing.unit,
      city: listing.city,
      state: listing.state,
      zip: listing.zip,
      renter: { name: renter.name, email: renter.email },
      landlord: { name: landlord.name, email: landlord.email },
    })
    .from(listing)
    .innerJoin(renter, eq(renter.id, renterId))
    .innerJoin(landlord, eq(landlord.id, landlordId))
    .where(eq(listing.id, listingId))
  return found
}

/** The home's address on one line: `12 Elm Street, Apt 2, Wilmington, DE 19801`. */
export const homeAddressOf = (home: Pick<HomeParties, 'street' | 'unit' | 'city' | 'state' | 'zip'>) =>
  `${home.street}${home.unit ? `, ${home.unit}` : ''}, ${home.city}, ${home.state} ${home.zip}`
