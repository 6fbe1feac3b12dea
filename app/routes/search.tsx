// /searches/:id: one saved search of the renter: its name, how often they hear, its Cooper Index
// condition with what it compares with, pause and delete; a search that no longer reads says why.
// Anyone else's saved search is not found.
import { Form, Link } from 'react-router'
import type { Route } from './+types/search'
import { appContext } from '#server/http/app-context.server.ts'
import { PageHeader } from '#app/components/page-header.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { FormAlert } from '#app/components/ui/form-alert.tsx'
import { RadioGroup } from '#app/components/ui/radio-group.tsx'
import { TextField } from '#app/components/ui/text-field.tsx'
import { FREQUENCY_OPTIONS } from '#app/components/alerts/save-search-form.tsx'
import { IndexCoverageNote } from '#app/components/alerts/index-coverage.tsx'
import {
  DeleteSearch,
  SearchButton,
  SearchCounts,
  SearchProblems,
  SearchSettingsLine,
  SearchWords,
} from '#app/components/alerts/saved-search-parts.tsx'
import { pageMeta } from '#app/utils/meta.ts'
import { firstError, formErrorBesideFields, refusalText, type FormAnswer } from '#common/forms.ts'
import { INSTANT_FREQUENCY_HINT, MAX_SAVED_SEARCH_NAME } from '#common/alerts/limits.ts'
import { BELOW_INDEX_PERCENT } from '#common/alerts/vocabulary.ts'
import { loadSearchPage, searchesAction } from './searches.server.ts'

export function meta({ loaderData }: Route.MetaArgs) {
  return [
    ...pageMeta(loaderData ? `“${loaderData.search.name}” · Saved searches` : 'Saved search', 'One of your saved searches.'),
    { name: 'robots', content: 'noindex' },
  ]
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  return loadSearchPage(context.get(appContext).services, request, params.id)
}

export async function action({ request, context, params }: Route.ActionArgs) {
  return searchesAction(context.get(appContext).services, request, params.id)
}

type Answer = FormAnswer & { intent?: string; values?: Record<string, string> }

export default function SearchPage({ loaderData, actionData }: Route.ComponentProps) {
  const { search, coverage } = loaderData
  const answer = actionData as Answer | undefined
  const settingsAnswer = answer?.intent === 'settings' ? answer : undefined
  const errors = settingsAnswer?.fieldErrors ?? {}
  const values = settingsAnswer?.values
  return (
    <div className="max-w-3xl space-y-6">
      <PageHeader kicker="Saved search" title={search.name}>
        <p>
          <Link to="/searches" className="text-brand-700 underline">
            All your saved searches
          </Link>
        </p>
      </PageHeader>

      {answer && !settingsAnswer ? <FormAlert message={refusalText(answer)} /> : null}

      <section aria-labelledby="the-search" className="space-y-3 rounded-lg border border-gray-300 bg-white p-4">
        <h2 id="the-search" className="text-lg font-semibold">
          The search
        </h2>
        <SearchWords words={search.words} label="Its filters" />
        <SearchSettingsLine search={search} />
        <SearchCounts search={search} />
        <SearchProblems problems={search.problems} />
        <div className="flex flex-wrap items-start gap-2">
          <SearchButton id={search.id} intent="open" from="search" variant="primary">
            Open on Properties
          </SearchButton>
          <SearchButton id={search.id} intent={search.isPaused ? 'resume' : 'pause'} from="search">
            {search.isPaused ? 'Resume' : 'Pause'}
          </SearchButton>
          <DeleteSearch search={search} from="search" />
        </div>
        <p className="text-sm text-ink-soft">
          To change the filters, open it, change the search, then choose “Update” under Save this search.
        </p>
      </section>

      <section aria-labelledby="its-settings" className="space-y-4 rounded-lg border border-gray-300 bg-white p-4">
        <h2 id="its-settings" className="text-lg font-semibold">
          Name and alerts
        </h2>
        <FormAlert message={formErrorBesideFields(settingsAnswer)} />
        <Form method="post" className="space-y-4">
          <input type="hidden" name="intent" value="settings" />
          <TextField
            label="Name"
            name="name"
            required
            maxLength={MAX_SAVED_SEARCH_NAME}
            defaultValue={values?.name ?? search.name}
            error={firstError(errors, 'name')}
            takesFocus={Boolean(errors.name)}
          />
          <RadioGroup
            legend="How often to hear of new homes"
            name="frequency"
            options={FREQUENCY_OPTIONS}
            defaultValue={values?.frequency ?? search.frequency}
            hint={INSTANT_FREQUENCY_HINT}
            error={firstError(errors, 'frequency')}
            optionsClassName="mt-2 flex flex-wrap gap-x-5 gap-y-2"
          />
          <TextField
            label="Only homes at least this % below the Cooper Index typical rent (optional)"
            name="belowIndexPercent"
            type="number"
            inputMode="numeric"
            min={BELOW_INDEX_PERCENT.min}
            max={BELOW_INDEX_PERCENT.max}
            defaultValue={values?.belowIndexPercent ?? (search.belowIndexPercent === null ? '' : String(search.belowIndexPercent))}
            hint={`${BELOW_INDEX_PERCENT.min} to ${BELOW_INDEX_PERCENT.max}; empty for every home the search finds.`}
            error={firstError(errors, 'belowIndexPercent')}
          />
          <IndexCoverageNote coverage={coverage} percent={search.belowIndexPercent} />
          <Button>Save changes</Button>
        </Form>
      </section>
    </div>
  )
}
