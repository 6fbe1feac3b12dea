// /properties/:slug/stays: the host's side of a short-term listing. Its booking rules (a form that works
// without scripts), the coming months of its calendar with the host's blocks, and its calendar sync:
// the private export address (copied, or replaced, which revokes the old one) and the calendars of
// other platforms imported into it, each with its last fetch and result in words.
import { Form, Link } from 'react-router'
import type { Route } from './+types/property-stays'
import { appContext } from '#server/http/app-context.server.ts'
import { hostStaysAction, hostStaysPage, type HostIntent } from './property-stays.server.ts'
import { PageHeader } from '#app/components/page-header.tsx'
import { StayCalendarGrid } from '#app/components/stays/stay-calendar.tsx'
import { StayRulesForm } from '#app/components/stays/host-rules-form.tsx'
import { CalendarSyncSection } from '#app/components/stays/host-sync.tsx'
import { ZoneNote } from '#app/components/tours/tour-slots-box.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { ErrorSummary, problemsOf } from '#app/components/ui/error-summary.tsx'
import { FormAlert } from '#app/components/ui/form-alert.tsx'
import { TextField } from '#app/components/ui/text-field.tsx'
import { useRevalidateOn } from '#app/realtime/provider.tsx'
import { pageMeta } from '#app/utils/meta.ts'
import { formErrorBesideFields, refusalText, type FieldErrors } from '#common/forms.ts'
import { daysBetween } from '#common/stays/dates.ts'
import { MAX_BLOCK_NOTE } from '#common/stays/schemas.ts'
import { formatDay } from '#common/tours/format.ts'

export function meta() {
  return [
    ...pageMeta('Short stays: rules and calendar', 'The booking rules and calendar of your home.'),
    { name: 'robots', content: 'noindex' },
  ]
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  return hostStaysPage(context.get(appContext).services, request, params.slug)
}

export async function action({ request, params, context }: Route.ActionArgs) {
  return hostStaysAction(context.get(appContext).services, request, params.slug)
}

type Answer = { intent: HostIntent | null; fieldErrors: FieldErrors; formError?: string; values?: Record<string, string> }

const nightsWord = (n: number) => `${n} ${n === 1 ? 'night' : 'nights'}`

export default function PropertyStays({ loaderData, actionData }: Route.ComponentProps) {
  const { title, path, calendar } = loaderData
  useRevalidateOn((event) => event.type === 'stay')
  const answer = actionData as Answer | undefined
  const refusalFor = (intent: HostIntent) => (answer?.intent === intent ? answer : undefined)
  return (
    <div className="space-y-10">
      <PageHeader kicker="Short stays" title={title}>
        <p>How guests book this home, its calendar, and its sync with other platforms.</p>
        <p className="mt-2 text-base">
          <Link to={path} className="text-brand-700 underline">
            See the home
          </Link>{' '}
          ·{' '}
          <Link to="/stays" className="text-brand-700 underline">
            Stays booked
          </Link>
        </p>
      </PageHeader>
      {answer?.intent === null ? <FormAlert id="host-stays-refusal" message={answer.formError} /> : null}
      <StayRulesForm
        path={path}
        nightlyCents={loaderData.rules.nightlyCents}
        minNights={loaderData.rules.minNights}
        currency={calendar.rules.currency}
        isListingOwn={loaderData.rules.isListingOwn}
        savedValues={loaderData.values}
        refusal={refusalFor('rules')}
      />
      <CalendarSection loaderData={loaderData} refusal={refusalFor('block') ?? refusalFor('unblock')} />
      <CalendarSyncSection
        sync={loaderData.sync}
        refusal={refusalFor('new-export') ?? refusalFor('add-feed') ?? refusalFor('remove-feed') ?? refusalFor('fetch-feed')}
      />
      <p className="text-xs text-ink-soft">
        Times are on the home’s clock ({calendar.timeZone}). Prices and refunds are recorded here, not moved: guests and hosts settle
        payments between them. Nothing here is legal advice: permits, taxes and local limits on short stays are yours to check.
      </p>
    </div>
  )
}

type Data = Route.ComponentProps['loaderData']
function CalendarSection({ loaderData, refusal }: { loaderData: Data; refusal: Answer | undefined }) {
  const { calendar, path, chosen } = loaderData
  const blocks = calendar.blocks ?? []
  const values = refusal?.intent === 'block' ? (refusal.values ?? {}) : { start: chosen.start, end: chosen.end, note: '' }
  const errors = refusal?.intent === 'block' ? refusal.fieldErrors : {}
  const blockProblems = refusal?.intent === 'block' ? problemsOf(errors, ['start', 'end', 'note'], formErrorBesideFields(refusal)) : []
  const legend = [
    ['is-free', 'Open'],
    ['is-booked', 'Booked'],
    ['is-blocked', 'Blocked by you'],
    ['is-imported', 'Taken by an imported calendar'],
    ['is-taken', 'Not bookable (past, notice, window, preparation)'],
  ] as const
  return (
    <section id="calendar" aria-labelledby="calendar-title" className="space-y-4">
      <h2 id="calendar-title" className="text-xl font-semibold text-ink">
        Calendar
      </h2>
      <ZoneNote timeZone={calendar.timeZone} />
      <ul className="flex flex-wrap gap-x-4 gap-y-2 text-sm text-ink" aria-label="What the colours say">
        {legend.map(([look, words]) => (
          <li key={look} className="flex items-center gap-2">
            <span aria-hidden="true" className={`stay-day ${look} h-6 min-h-0 w-6 text-xs`}>
              7
            </span>
            {words}
          </li>
        ))}
      </ul>
      <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="max-w-xl">
          <StayCalendarGrid
            calendar={calendar}
            choice={{ checkIn: chosen.start || null, checkOut: chosen.end || null, guests: 1 }}
            path={`${path}/stays`}
            isHost
          />
        </div>
        <div className="space-y-6">
          <Form method="post" id="block" noValidate className="space-y-3 rounded-xl border border-gray-200 bg-white p-4">
            <h3 className="font-semibold text-ink">Block nights</h3>
            <input type="hidden" name="intent" value="block" />
            <ErrorSummary problems={blockProblems} title="These nights were not blocked" />
            <TextField label="First night blocked" name="start" id="start" type="date" defaultValue={values.start} error={errors.start} />
            <TextField
              label="Day after the last night"
              name="end"
              id="end"
              type="date"
              defaultValue={values.end}
              error={errors.end}
              hint="The nights up to this day are blocked, like a check-out."
            />
            <TextField
              label="Note (only you see it)"
              name="note"
              id="note"
              maxLength={MAX_BLOCK_NOTE}
              defaultValue={values.note}
              error={errors.note}
            />
            <Button>Block these nights</Button>
          </Form>
          <div className="space-y-2">
            <h3 className="font-semibold text-ink">Your blocks in these months</h3>
            {refusal?.intent === 'unblock' ? <FormAlert id="unblock-refusal" message={refusalText(refusal)} /> : null}
            {blocks.length === 0 ? (
              <p className="text-sm text-ink-soft">No blocks.</p>
            ) : (
              <ul className="divide-y divide-gray-200 rounded-xl border border-gray-200 bg-white">
                {blocks.map((block) => (
                  <li key={block.id} className="flex flex-wrap items-center justify-between gap-2 p-3 text-sm">
                    <span>
                      {formatDay(block.start)} to {formatDay(block.end)} ({nightsWord(daysBetween(block.start, block.end))})
                      {block.note ? <span className="block text-ink-soft">{block.note}</span> : null}
                    </span>
                    <Form method="post">
                      <input type="hidden" name="intent" value="unblock" />
                      <input type="hidden" name="blockId" value={block.id} />
                      <Button variant="secondary">
                        Remove<span className="sr-only"> the block from {formatDay(block.start)}</span>
                      </Button>
                    </Form>
                  </li>
                ))}
              </ul>
            )}
          </div>
        </div>
      </div>
    </section>
  )
}
