// /searches: the renter's saved searches, each with the search in words, how often they hear, whether
// it is paused, what it finds now and what is new since they last looked; Open, Edit, Pause or
// Resume, Delete. Their alert settings below. Every form posts without JavaScript.
import { Link } from 'react-router'
import type { Route } from './+types/searches'
import { appContext } from '#server/http/app-context.server.ts'
import { PageHeader } from '#app/components/page-header.tsx'
import { AlertSettingsForm } from '#app/components/alerts/alert-settings-form.tsx'
import {
  DeleteSearch,
  SearchButton,
  SearchCounts,
  SearchProblems,
  SearchSettingsLine,
  SearchWords,
} from '#app/components/alerts/saved-search-parts.tsx'
import { FormAlert } from '#app/components/ui/form-alert.tsx'
import { pageMeta } from '#app/utils/meta.ts'
import { formErrorBesideFields, refusalText, type FormAnswer } from '#common/forms.ts'
import { MAX_SAVED_SEARCHES } from '#common/alerts/vocabulary.ts'
import { loadSearchesPage, searchesAction } from './searches.server.ts'

export function meta() {
  return [
    ...pageMeta('Saved searches', 'Your saved searches on Cooper Home and how often you hear of new homes.'),
    { name: 'robots', content: 'noindex' },
  ]
}

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadSearchesPage(context.get(appContext).services, request)
}

export async function action({ request, context }: Route.ActionArgs) {
  return searchesAction(context.get(appContext).services, request)
}

export default function SearchesPage({ loaderData, actionData }: Route.ComponentProps) {
  const { searches, settings } = loaderData
  const answer = actionData as (FormAnswer & { intent?: string }) | undefined
  const isSettingsAnswer = answer?.intent === 'alert-settings'
  return (
    <div className="space-y-8">
      <PageHeader kicker="Alerts" title="Saved searches">
        <p>
          Hear of new homes that match a search, instantly or in a digest. {searches.length} of {MAX_SAVED_SEARCHES} saved.{' '}
          <Link to="/notifications" className="text-brand-700 underline">
            Notifications
          </Link>
        </p>
      </PageHeader>

      {answer && !isSettingsAnswer ? <FormAlert message={refusalText(answer)} /> : null}

      {searches.length === 0 ? (
        <section className="max-w-2xl rounded-lg border border-dashed border-gray-400 bg-white p-6">
          <h2 className="text-lg font-semibold">No saved searches yet</h2>
          <p className="mt-2">
            Search for homes on the{' '}
            <Link to="/properties" className="font-semibold text-brand-700 underline">
              Properties
            </Link>{' '}
            page, then choose “Save this search” above the results. Name it, choose how often to hear of new homes, and, if you like, ask
            only for homes listed well below the Cooper Index typical rent.
          </p>
        </section>
      ) : (
        <ul className="grid gap-4" aria-label="Your saved searches">
          {searches.map((search) => (
            <li key={search.id} className="space-y-3 rounded-lg border border-gray-300 bg-white p-4 shadow-xs">
              <h2 className="text-lg font-semibold">
                <Link to={`/searches/${search.id}`} className="text-brand-800 hover:underline">
                  {search.name}
                </Link>
              </h2>
              <SearchWords words={search.words} label={`The search “${search.name}”`} />
              <SearchSettingsLine search={search} />
              <SearchCounts search={search} />
              <SearchProblems problems={search.problems} />
              <div className="flex flex-wrap items-start gap-2">
                <SearchButton id={search.id} intent="open" variant="primary" label={`Open “${search.name}”`}>
                  Open
                </SearchButton>
                <Link
                  to={`/searches/${search.id}`}
                  aria-label={`Edit “${search.name}”`}
                  className="inline-flex items-center rounded-lg border border-gray-400 bg-white px-4 py-2 text-sm font-semibold text-ink hover:bg-gray-50"
                >
                  Edit
                </Link>
                <SearchButton
                  id={search.id}
                  intent={search.isPaused ? 'resume' : 'pause'}
                  label={`${search.isPaused ? 'Resume' : 'Pause'} “${search.name}”`}
                >
                  {search.isPaused ? 'Resume' : 'Pause'}
                </SearchButton>
                <DeleteSearch search={search} />
              </div>
            </li>
          ))}
        </ul>
      )}

      <section aria-labelledby="alert-settings-title" className="max-w-3xl space-y-3">
        <h2 id="alert-settings-title" className="text-xl font-semibold">
          Alert settings
        </h2>
        {isSettingsAnswer ? <FormAlert message={formErrorBesideFields(answer)} /> : null}
        <AlertSettingsForm settings={settings} errors={isSettingsAnswer ? answer.fieldErrors : {}} />
      </section>
    </div>
  )
}
