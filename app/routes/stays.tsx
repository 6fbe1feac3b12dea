// /stays: a person's stays on both sides: the trips they booked as a guest and the stays booked in
// their homes as a host (requests waiting for an answer first among the upcoming), upcoming and past
// (a declined, expired or cancelled booking is past whatever its dates).
import type { Route } from './+types/stays'
import { appContext } from '#server/http/app-context.server.ts'
import { requireUser } from '#server/accounts/index.server.ts'
import { listStayBookings } from '#server/stays/index.server.ts'
import { PageHeader } from '#app/components/page-header.tsx'
import { useRevalidateOn } from '#app/realtime/provider.tsx'
import { StayList } from '#app/components/stays/stay-list.tsx'
import { pageMeta } from '#app/utils/meta.ts'

export function meta() {
  return [...pageMeta('Stays', 'Your trips and the stays booked in your homes.'), { name: 'robots', content: 'noindex' }]
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { services } = context.get(appContext)
  const current = await requireUser(services, request)
  const { db } = services.database
  const viewerId = current.userId
  const [trips, pastTrips, hosting, pastHosting] = await Promise.all([
    listStayBookings(db, { viewerId, role: 'guest', when: 'upcoming' }),
    listStayBookings(db, { viewerId, role: 'guest', when: 'past', limit: 50 }),
    listStayBookings(db, { viewerId, role: 'host', when: 'upcoming' }),
    listStayBookings(db, { viewerId, role: 'host', when: 'past', limit: 50 }),
  ])
  const waiting = hosting.filter((stay) => stay.state === 'requested')
  return { trips, pastTrips, waiting, hosting: hosting.filter((stay) => stay.state !== 'requested'), pastHosting }
}

export default function StaysPage({ loaderData }: Route.ComponentProps) {
  const { trips, pastTrips, waiting, hosting, pastHosting } = loaderData
  useRevalidateOn((event) => event.type === 'stay')
  const hosts = waiting.length + hosting.length + pastHosting.length > 0
  return (
    <div className="space-y-8">
      <PageHeader kicker="Stays" title="Stays">
        <p>Your trips, and the stays booked in your homes. Dates are each home’s own.</p>
      </PageHeader>
      {hosts ? (
        <section aria-labelledby="waiting-title" className="space-y-3">
          <h2 id="waiting-title" className="text-xl font-semibold text-ink">
            Requests to answer
          </h2>
          <StayList stays={waiting} empty="No requests waiting for your answer." />
        </section>
      ) : null}
      <section aria-labelledby="trips-title" className="space-y-3">
        <h2 id="trips-title" className="text-xl font-semibold text-ink">
          Upcoming trips
        </h2>
        <StayList stays={trips} empty="No upcoming trips. Book a stay from a short-term home’s page." />
      </section>
      {hosts ? (
        <section aria-labelledby="hosting-title" className="space-y-3">
          <h2 id="hosting-title" className="text-xl font-semibold text-ink">
            Upcoming guests
          </h2>
          <StayList stays={hosting} empty="No confirmed stays in your homes yet." />
        </section>
      ) : null}
      <section aria-labelledby="past-trips-title" className="space-y-3">
        <h2 id="past-trips-title" className="text-xl font-semibold text-ink">
          Past and ended trips
        </h2>
        <StayList stays={pastTrips} empty="No past or ended trips yet." />
      </section>
      {hosts ? (
        <section aria-labelledby="past-hosting-title" className="space-y-3">
          <h2 id="past-hosting-title" className="text-xl font-semibold text-ink">
            Past and ended guests
          </h2>
          <StayList stays={pastHosting} empty="No past or ended stays in your homes yet." />
        </section>
      ) : null}
    </div>
  )
}
