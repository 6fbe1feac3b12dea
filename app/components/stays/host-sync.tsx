// The calendar sync of a short-term listing as its host manages it: the private export link (copied, or
// replaced, which revokes the old one) and the imported calendars, each with its last fetch and result.
import { useState } from 'react'
import { Form } from 'react-router'
import { Button } from '#app/components/ui/button.tsx'
import { ErrorSummary, type FormProblem } from '#app/components/ui/error-summary.tsx'
import { FormAlert } from '#app/components/ui/form-alert.tsx'
import { TextField } from '#app/components/ui/text-field.tsx'
import { refusalText, type FieldErrors } from '#common/forms.ts'
import type { CalendarSync, FeedView } from '#common/stays/ical.ts'
import { formatDay, formatTourTime } from '#common/tours/format.ts'

const nightsWord = (n: number) => `${n} ${n === 1 ? 'night' : 'nights'}`

type SyncRefusal = { intent: string | null; fieldErrors: FieldErrors; formError?: string; values?: Record<string, string> }

function CopyButton({ text }: { text: string }) {
  const [copied, setCopied] = useState(false)
  return (
    <Button
      type="button"
      variant="secondary"
      onClick={() => {
        void navigator.clipboard?.writeText(text).then(() => setCopied(true))
      }}
    >
      {copied ? 'Copied' : 'Copy'}
    </Button>
  )
}

function feedResult(feed: FeedView, timeZone: string) {
  const when = (iso: string | null) => (iso ? formatTourTime(iso, timeZone) : '')
  if (feed.status === 'pending') return 'Not fetched yet: it is fetched within a minute or so of being added, then every 15 minutes.'
  if (feed.status === 'failing') {
    const kept = feed.lastImportedAt ? ` The nights of its last good fetch (${when(feed.lastImportedAt)}) stand.` : ''
    return `Last fetch ${when(feed.lastFetchedAt)} failed: ${feed.lastError}${kept}`
  }
  return `Last fetched ${when(feed.lastFetchedAt)}: it holds ${nightsWord(feed.nights)} here.`
}

export function CalendarSyncSection({ sync, refusal }: { sync: CalendarSync; refusal: SyncRefusal | undefined }) {
  const addErrors = refusal?.intent === 'add-feed' ? refusal.fieldErrors : {}
  const addValues = refusal?.intent === 'add-feed' ? (refusal.values ?? {}) : {}
  // The summary links to the fields by their ids on this page.
  const addProblems: FormProblem[] = [
    ...(addErrors.name?.[0] ? [{ fieldId: 'feed-name', message: addErrors.name[0] }] : []),
    ...(addErrors.url?.[0] ? [{ fieldId: 'feed-url', message: addErrors.url[0] }] : []),
  ]
  if (refusal?.intent === 'add-feed' && addProblems.length === 0 && refusal.formError) addProblems.push({ message: refusal.formError })
  const otherRefusal = refusal && refusal.intent !== 'add-feed' ? refusalText(refusal) : undefined
  return (
    <section id="sync" aria-labelledby="sync-title" className="max-w-3xl space-y-6">
      <h2 id="sync-title" className="text-xl font-semibold text-ink">
        Calendar sync
      </h2>
      <FormAlert id="sync-refusal" message={otherRefusal} />
      <div className="space-y-3">
        <h3 className="font-semibold text-ink">Export to other platforms</h3>
        <p className="text-sm text-ink">
          Give this private link to Airbnb, Vrbo or your own calendar app: they read the nights taken here. Anyone with the link sees which
          nights are taken (never who booked), so keep it private.
        </p>
        {sync.exportUrl ? (
          <div className="flex flex-wrap items-end gap-2">
            <TextField label="Export link" name="exportUrl" id="export-url" readOnly value={sync.exportUrl} className="min-w-0 flex-1" />
            <CopyButton text={sync.exportUrl} />
          </div>
        ) : (
          <p className="text-sm text-ink-soft">No export link yet.</p>
        )}
        <Form method="post">
          <input type="hidden" name="intent" value="new-export" />
          <Button variant="secondary">{sync.exportUrl ? 'Make a new link (the old one stops working)' : 'Make an export link'}</Button>
        </Form>
      </div>
      <div className="space-y-3">
        <h3 className="font-semibold text-ink">Imported calendars</h3>
        <p className="text-sm text-ink">
          Nights taken on other platforms are blocked here, fetched every 15 minutes. Where one collides with a stay or a block here, you
          are told at once by e-mail and below.
        </p>
        {sync.feeds.length === 0 ? (
          <p className="text-sm text-ink-soft">No imported calendars.</p>
        ) : (
          <ul className="divide-y divide-gray-200 rounded-xl border border-gray-200 bg-white">
            {sync.feeds.map((feed) => (
              <li key={feed.id} className="space-y-2 p-4 text-sm">
                <p className="font-semibold text-ink">{feed.name}</p>
                <p className="break-all text-ink-soft">{feed.url}</p>
                <p className={feed.status === 'failing' ? 'font-medium text-red-800' : 'text-ink'}>{feedResult(feed, sync.timeZone)}</p>
                {feed.conflicts.length > 0 ? (
                  <div className="rounded-lg border border-sun-500 bg-sun-100 p-3 text-ink">
                    <p className="font-semibold">Collides with stays or blocks here (only the free nights were taken):</p>
                    <ul className="mt-1 list-disc pl-5">
                      {feed.conflicts.map((conflict) => (
                        <li key={conflict.uid}>
                          {conflict.summary || 'An event'}: {formatDay(conflict.start)} to {formatDay(conflict.end)}
                        </li>
                      ))}
                    </ul>
                  </div>
                ) : null}
                <div className="flex flex-wrap gap-2">
                  <Form method="post">
                    <input type="hidden" name="intent" value="fetch-feed" />
                    <input type="hidden" name="feedId" value={feed.id} />
                    <Button variant="secondary">
                      Fetch now<span className="sr-only"> {feed.name}</span>
                    </Button>
                  </Form>
                  <Form method="post">
                    <input type="hidden" name="intent" value="remove-feed" />
                    <input type="hidden" name="feedId" value={feed.id} />
                    <Button variant="danger">
                      Remove<span className="sr-only"> {feed.name}</span>
                    </Button>
                  </Form>
                </div>
              </li>
            ))}
          </ul>
        )}
        <Form method="post" noValidate className="space-y-3 rounded-xl border border-gray-200 bg-white p-4">
          <h4 className="font-semibold text-ink">Add a calendar</h4>
          <input type="hidden" name="intent" value="add-feed" />
          <ErrorSummary problems={addProblems} title="The calendar was not added" />
          <TextField label="Name" name="name" id="feed-name" defaultValue={addValues.name} error={addErrors.name} hint="e.g. Airbnb" />
          <TextField
            label="Calendar address (iCal)"
            name="url"
            id="feed-url"
            type="url"
            defaultValue={addValues.url}
            error={addErrors.url}
            hint={`The platform’s export link, starting with https://.${sync.allowedHosts.length > 0 ? ` Accepted from: ${sync.allowedHosts.join(', ')}.` : ''}`}
          />
          <Button>Add the calendar</Button>
        </Form>
      </div>
    </section>
  )
}
