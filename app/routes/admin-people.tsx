// /admin/people: the people search of the operator console (e-mail or name, case-insensitive: the
// start of either for one or two characters, anywhere in either from three), a page at a time.
// Administrators only (anyone else: 404).
import { Form, Link } from 'react-router'
import type { Route } from './+types/admin-people'
import { ConsoleHeader, ConsoleNav } from '#app/components/admin/console-nav.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { inputClass } from '#app/components/ui/field-parts.tsx'
import { PEOPLE_QUERY_MAX_LENGTH } from '#common/console/schemas.ts'
import { ROLE_LABELS } from '#common/console/types.ts'
import { siteConfig } from '#common/site-config.ts'
import { appContext } from '#server/http/app-context.server.ts'
import { loadPeoplePage } from './admin-console.server.ts'

export function meta() {
  return [{ title: `People · Admin · ${siteConfig.name}` }, { name: 'robots', content: 'noindex' }]
}

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadPeoplePage(context.get(appContext).services, request)
}

export default function AdminPeople({ loaderData }: Route.ComponentProps) {
  const { people, nextCursor, query, cursor, isTruncated } = loaderData
  const nextQuery = new URLSearchParams({ ...(query ? { q: query } : {}), ...(nextCursor ? { after: nextCursor } : {}) })
  return (
    <div className="space-y-6">
      <ConsoleNav current="people" />
      <ConsoleHeader title="People">
        <p>
          Search by e-mail or name. One or two characters find names and addresses that start with them; three or more find them anywhere.
        </p>
      </ConsoleHeader>
      <Form method="get" role="search" className="flex flex-wrap items-end gap-3">
        <div className="min-w-0 grow sm:max-w-md">
          <label htmlFor="people-q" className="block text-sm font-semibold text-ink">
            E-mail or name
          </label>
          <input
            id="people-q"
            name="q"
            type="search"
            defaultValue={query}
            maxLength={PEOPLE_QUERY_MAX_LENGTH}
            autoComplete="off"
            className={`mt-1 ${inputClass}`}
          />
        </div>
        <Button>Search</Button>
      </Form>
      <section aria-labelledby="people-results">
        <h2 id="people-results" className="text-xl font-bold [overflow-wrap:anywhere] text-ink">
          {query ? `People matching “${query}”` : 'Everyone'}
          {cursor ? ' (continued)' : ''}
        </h2>
        {isTruncated ? (
          <p className="mt-2 text-ink">
            Over 1,000 people match: these are 1,000 of them, by name. Type more of the name or e-mail to narrow the search.
          </p>
        ) : null}
        {people.length === 0 ? (
          <p className="mt-2 text-ink-soft">Nobody matches this search.</p>
        ) : (
          <ul className="mt-3 divide-y divide-gray-200 rounded-2xl border border-gray-200 bg-white">
            {people.map((person) => (
              <li key={person.id} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 px-4 py-3">
                <div className="min-w-0">
                  <Link
                    to={`/admin/people/${encodeURIComponent(person.id)}`}
                    className="font-semibold text-brand-800 underline underline-offset-2"
                  >
                    {person.name}
                  </Link>
                  <p className="text-sm break-all text-ink-soft">{person.email}</p>
                </div>
                <p className="flex gap-2 text-sm">
                  <span className="rounded bg-gray-100 px-1.5 py-0.5 text-ink">{ROLE_LABELS[person.role]}</span>
                  {person.isBanned ? <span className="rounded bg-red-100 px-1.5 py-0.5 font-semibold text-red-900">Banned</span> : null}
                </p>
              </li>
            ))}
          </ul>
        )}
        <p className="mt-4 flex gap-4">
          {cursor ? (
            <Link
              to={query ? `?${new URLSearchParams({ q: query })}` : '?'}
              className="font-semibold text-brand-800 underline underline-offset-2"
            >
              First page
            </Link>
          ) : null}
          {nextCursor ? (
            <Link to={`?${nextQuery}`} className="font-semibold text-brand-800 underline underline-offset-2">
              Next page
            </Link>
          ) : null}
        </p>
      </section>
    </div>
  )
}
