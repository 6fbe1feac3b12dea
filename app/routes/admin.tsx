// /admin: the operator console's home, for administrators only (anyone else: 404). Its sections, with
// the work waiting in each where it is cheap to count.
import { Link } from 'react-router'
import type { Route } from './+types/admin'
import { ConsoleHeader, ConsoleNav } from '#app/components/admin/console-nav.tsx'
import { siteConfig } from '#common/site-config.ts'
import { appContext } from '#server/http/app-context.server.ts'
import { loadConsoleHome } from './admin-console.server.ts'

export function meta() {
  return [{ title: `Console · Admin · ${siteConfig.name}` }, { name: 'robots', content: 'noindex' }]
}

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadConsoleHome(context.get(appContext).services, request)
}

const CARDS = [
  {
    to: '/admin/people',
    title: 'People',
    text: 'Find a person by e-mail or name; ban, unban, end their sessions, resend their confirmation e-mail.',
  },
  { to: '/admin/listings', title: 'Listings', text: 'The held and reported listings first: approve, unpublish or remove.' },
  { to: '/admin/reports', title: 'Reports', text: 'One queue of reported messages, listings and reviews, oldest first.' },
  {
    to: '/admin/audit',
    title: 'Audit log',
    text: 'Every administrator action: who, what, whom, why, when, from where. Filter and download as CSV.',
  },
  { to: '/admin/content', title: 'Content', text: 'The knowledge base, the FAQ, the terms and the lease template.' },
  { to: '/admin/cooper', title: 'Cooper Index', text: 'The index’s recent runs, and a recompute.' },
]

export default function ConsoleHome({ loaderData }: Route.ComponentProps) {
  const { openReports, heldListings, bannedPeople } = loaderData
  return (
    <div className="space-y-6">
      <ConsoleNav current="home" counts={{ reports: openReports, listings: heldListings }} />
      <ConsoleHeader title="Operator console">
        <p>
          {openReports === 0 ? (
            'No report is waiting.'
          ) : (
            <>
              {openReports} {openReports === 1 ? 'report is' : 'reports are'} waiting (
              <Link to="/admin/reports" className="font-semibold text-brand-800 underline underline-offset-2">
                reports
              </Link>
              ).
            </>
          )}{' '}
          {heldListings === 0 ? (
            'No listing is held for review.'
          ) : (
            <>
              {heldListings} {heldListings === 1 ? 'listing is' : 'listings are'} held for review (
              <Link to="/admin/listings" className="font-semibold text-brand-800 underline underline-offset-2">
                listings
              </Link>
              ).
            </>
          )}{' '}
          {bannedPeople === 0 ? 'Nobody is banned.' : `${bannedPeople} ${bannedPeople === 1 ? 'person is' : 'people are'} banned.`}
        </p>
      </ConsoleHeader>
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {CARDS.map((card) => (
          <li key={card.to} className="rounded-2xl border border-gray-200 bg-white p-4 shadow-sm">
            <h2 className="text-lg font-bold text-ink">
              <Link to={card.to} className="text-brand-800 underline-offset-2 hover:underline">
                {card.title}
              </Link>
            </h2>
            <p className="mt-1 text-sm text-ink-soft">{card.text}</p>
          </li>
        ))}
      </ul>
    </div>
  )
}
