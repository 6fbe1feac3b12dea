// /tours: a person's tours on both sides, upcoming and past, each with the home and its address; for
// a landlord also the day view across all their listings (?date=YYYY-MM-DD), and the way to their
// tour availability.
import { data, Link } from 'react-router'
import type { Route } from './+types/tours'
import { appContext } from '#server/http/app-context.server.ts'
import { requireUser } from '#server/accounts/index.server.ts'
import { listLandlordDay, listTours } from '#server/tours/index.server.ts'
import { PageHeader } from '#app/components/page-header.tsx'
import { TourList } from '#app/components/tours/tour-list.tsx'
import { useRevalidateOn } from '#app/realtime/provider.tsx'
import { pageMeta } from '#app/utils/meta.ts'
import { listsHomes } from '#common/accounts/roles.ts'
import { formatDay } from '#common/tours/format.ts'

export function meta() {
  return [...pageMeta('Tours', 'Your tours of homes: upcoming and past.'), { name: 'robots', content: 'noindex' }]
}

const DATE = /^\d{4}-\d{2}-\d{2}$/

const shiftDay = (date: string, days: number) => new Date(Date.parse(`${date}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10)

export async function loader({ request, context }: Route.LoaderArgs) {
  const { services } = context.get(appContext)
  const current = await requireUser(services, request)
  const { db } = services.database
  const asked = new URL(request.url).searchParams.get('date')
  if (asked !== null && (!DATE.test(asked) || Number.isNaN(Date.parse(asked)))) throw data('Give the day as YYYY-MM-DD.', { status: 400 })
  const isLandlord = listsHomes(current.user.role) || current.user.isAdmin
  const date = asked ?? new Date().toISOString().slice(0, 10)
  const [upcoming, past, day] = await Promise.all([
    listTours(db, { viewerId: current.userId, when: 'upcoming' }),
    listTours(db, { viewerId: current.userId, when: 'past', limit: 50 }),
    isLandlord ? listLandlordDay(db, { viewerId: current.userId, date }) : null,
  ])
  return { upcoming, past, day, date, previous: shiftDay(date, -1), next: shiftDay(date, 1) }
}

export default function ToursPage({ loaderData }: Route.ComponentProps) {
  const { upcoming, past, day, date, previous, next } = loaderData
  // A tour requested, answered or moved by the other side shows at once.
  useRevalidateOn((event) => event.type === 'tour')
  return (
    <div className="space-y-8">
      <PageHeader kicker="Tours" title="Tours">
        <p>The homes you are seeing, and who is seeing yours. Each time is the home’s own local time.</p>
        <p className="mt-2 text-base">
          <Link to="/stays" className="text-brand-700 underline">
            Your stays
          </Link>
        </p>
      </PageHeader>
      {day ? (
        <section aria-labelledby="day-title" className="space-y-3">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <h2 id="day-title" className="text-xl font-semibold text-ink">
              Your day: {formatDay(date)}
            </h2>
            <nav aria-label="Days" className="flex gap-3 text-sm">
              <Link to={`/tours?date=${previous}`} className="text-brand-700 underline">
                Previous day
              </Link>
              <Link to={`/tours?date=${next}`} className="text-brand-700 underline">
                Next day
              </Link>
              <Link to="/tours/availability" className="text-brand-700 underline">
                Tour availability
              </Link>
            </nav>
          </div>
          <TourList tours={day} empty="No tours of your homes on this day." />
        </section>
      ) : null}
      <section aria-labelledby="upcoming-title" className="space-y-3">
        <h2 id="upcoming-title" className="text-xl font-semibold text-ink">
          Upcoming
        </h2>
        <TourList tours={upcoming} empty="No upcoming tours. Book one from a home’s page." />
      </section>
      <section aria-labelledby="past-title" className="space-y-3">
        <h2 id="past-title" className="text-xl font-semibold text-ink">
          Past
        </h2>
        <TourList tours={past} empty="No past tours yet." />
      </section>
    </div>
  )
}
