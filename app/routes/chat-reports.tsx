// /chat/reports: the messages people reported, for administrators to act on (dismiss the report,
// delete the message, or mute its author for a while), and the mutes in force, which they can lift.
// Anyone else gets 403 from the server; the link to it shows only to administrators.
import { Form, Link } from 'react-router'
import type { Route } from './+types/chat-reports'
import { appContext } from '#server/http/app-context.server.ts'
import { MessageText } from '#app/components/chat/message-text.tsx'
import { MessageTime, MuteDurations } from '#app/components/chat/message-item.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { FieldError } from '#app/components/ui/field-parts.tsx'
import { siteConfig } from '#common/site-config.ts'
import { firstError, refusalText } from '#common/forms.ts'
import type { ActiveMute, OpenReport, ReportsFailure } from '#common/messages/types.ts'
import { loadReportsPage, reportsAction } from './chat-reports.server.ts'

export function meta() {
  return [{ title: `Reported messages · ${siteConfig.name}` }, { name: 'robots', content: 'noindex' }]
}

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadReportsPage(context.get(appContext).services, request)
}

export async function action({ request, context }: Route.ActionArgs) {
  return reportsAction(context.get(appContext).services, request)
}

const utc = (iso: string) => `${iso.slice(0, 16).replace('T', ' ')} UTC`

function ResolveForm({
  report,
  action,
  children,
}: {
  report: OpenReport
  action: 'dismiss' | 'delete' | 'mute'
  children: React.ReactNode
}) {
  return (
    <Form method="post" className="contents">
      <input type="hidden" name="intent" value="resolve" />
      <input type="hidden" name="reportId" value={report.id} />
      <input type="hidden" name="action" value={action} />
      {children}
    </Form>
  )
}

function ReportCard({ report, failure }: { report: OpenReport; failure?: ReportsFailure }) {
  const titleId = `report-${report.id}-title`
  const message = report.message
  const authorName = message?.author.name ?? 'a former member'
  const where = report.kind === 'room' ? 'in the Community room' : 'in a private conversation'
  const ownFailure = failure?.reportId === report.id ? failure : undefined
  return (
    <article aria-labelledby={titleId} className="rounded-2xl border border-gray-200 bg-white p-4 shadow-sm sm:p-5">
      <h3 id={titleId} className="text-lg font-bold text-ink">
        Message from {authorName} {where}
      </h3>
      <dl className="mt-3 grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[9rem_minmax(0,1fr)]">
        <dt className="font-semibold text-ink">Reported by</dt>
        <dd className="text-ink">
          {report.reporter.name}, <MessageTime iso={report.reportedAt} />
        </dd>
        <dt className="font-semibold text-ink">Reason</dt>
        <dd className="whitespace-pre-line text-ink">{report.reason}</dd>
        <dt className="font-semibold text-ink">Message</dt>
        <dd>
          {message ? (
            <>
              <span className="text-ink-soft">
                Sent by {message.author.name}, <MessageTime iso={message.createdAt} />
              </span>
              <div
                className={`mt-1 rounded-lg px-3 py-2 ${message.deleted ? 'border border-dashed border-gray-300 italic text-ink-soft' : 'bg-gray-100 text-ink'}`}
              >
                {message.deleted ? <p>Message deleted</p> : <MessageText body={message.body} />}
              </div>
              {message.authorMutedUntil ? (
                <p className="mt-1 text-sm font-medium text-red-900">
                  {message.author.name} is muted in the room until {utc(message.authorMutedUntil)}.
                </p>
              ) : null}
            </>
          ) : (
            <span className="text-ink-soft">This message no longer exists.</span>
          )}
        </dd>
      </dl>
      {ownFailure ? (
        <p role="alert" className="mt-3 rounded-lg border border-red-300 bg-red-50 px-3 py-2 text-sm font-medium text-red-900">
          {refusalText(ownFailure)}
        </p>
      ) : null}
      <div className="mt-4 flex flex-wrap items-start gap-3">
        <ResolveForm report={report} action="dismiss">
          <Button variant="secondary">Dismiss report</Button>
        </ResolveForm>
        {message && !message.deleted ? (
          <ResolveForm report={report} action="delete">
            <Button variant="danger">Delete message</Button>
          </ResolveForm>
        ) : null}
        {message ? (
          <Form method="post" className="rounded-lg border border-gray-200 p-3">
            <input type="hidden" name="intent" value="resolve" />
            <input type="hidden" name="reportId" value={report.id} />
            <input type="hidden" name="action" value="mute" />
            <MuteDurations
              personName={message.author.name}
              legendClass="text-sm font-semibold text-ink"
              layout="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-sm text-ink"
            />
            <FieldError id={`report-${report.id}-minutes-error`} message={firstError(ownFailure?.fieldErrors, 'minutes')} />
            <Button variant="danger" className="mt-2">
              Mute {message.author.name}
            </Button>
          </Form>
        ) : null}
      </div>
    </article>
  )
}

function MuteRow({ mute, failure }: { mute: ActiveMute; failure?: ReportsFailure }) {
  const ownFailure = failure?.userId === mute.person.id ? failure : undefined
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-gray-200 bg-white px-4 py-3">
      <div className="text-sm text-ink">
        <p className="font-semibold">{mute.person.name}</p>
        <p>
          Muted until {utc(mute.until)}
          {mute.mutedBy ? ` by ${mute.mutedBy}` : ''}
          {mute.reason ? ` — ${mute.reason}` : ''}
        </p>
        {ownFailure ? (
          <p role="alert" className="font-medium text-red-900">
            {refusalText(ownFailure)}
          </p>
        ) : null}
      </div>
      <Form method="post">
        <input type="hidden" name="intent" value="unmute" />
        <input type="hidden" name="userId" value={mute.person.id} />
        <Button variant="secondary">Unmute {mute.person.name}</Button>
      </Form>
    </li>
  )
}

export default function ChatReports({ loaderData, actionData }: Route.ComponentProps) {
  const { reports, mutes } = loaderData
  const failure = actionData ?? undefined
  // A refusal about a report or person no longer listed (resolved or unmuted meanwhile) shows at the top.
  const isListed =
    failure !== undefined &&
    (reports.some((report) => report.id === failure.reportId) || mutes.some((mute) => mute.person.id === failure.userId))
  const general = failure && !isListed ? failure : undefined
  return (
    <div>
      <p>
        <Link to="/chat" className="text-sm font-semibold text-brand-800 underline underline-offset-2">
          <span aria-hidden="true">← </span>Back to the chat room
        </Link>
      </p>
      <h1 className="mt-2 text-2xl font-bold tracking-tight text-ink sm:text-3xl">Reported messages</h1>
      {general ? (
        <p role="alert" className="mt-3 rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-sm font-medium text-red-900">
          {refusalText(general)}
        </p>
      ) : null}
      <section aria-labelledby="open-reports" className="mt-6">
        <h2 id="open-reports" className="text-xl font-bold text-ink">
          Open reports ({reports.length})
        </h2>
        {reports.length === 0 ? (
          <p className="mt-2 text-ink-soft">No reports are waiting. Thank you for keeping the chat friendly.</p>
        ) : (
          <ol className="mt-3 space-y-4">
            {reports.map((report) => (
              <li key={report.id}>
                <ReportCard report={report} failure={failure} />
              </li>
            ))}
          </ol>
        )}
      </section>
      <section aria-labelledby="muted-people" className="mt-8">
        <h2 id="muted-people" className="text-xl font-bold text-ink">
          Muted in the room ({mutes.length})
        </h2>
        {mutes.length === 0 ? (
          <p className="mt-2 text-ink-soft">Nobody is muted.</p>
        ) : (
          <ul className="mt-3 space-y-2">
            {mutes.map((mute) => (
              <MuteRow key={mute.person.id} mute={mute} failure={failure} />
            ))}
          </ul>
        )}
      </section>
    </div>
  )
}
