// /admin/people/:id: one person as administrators see them (role, sign-up, last sign-in, e-mail
// confirmed, listings, reports against their messages, ban) and what they can do: ban with a reason
// until a day or for good, unban, end every session, resend the confirmation e-mail. Never their
// private messages, applications or documents. Administrators only (anyone else: 404).
import { Form, Link, useNavigation } from 'react-router'
import type { Route } from './+types/admin-person'
import { ConsoleHeader, ConsoleNav, utcTime } from '#app/components/admin/console-nav.tsx'
import { Button, PendingNote } from '#app/components/ui/button.tsx'
import { FormAlert } from '#app/components/ui/form-alert.tsx'
import { RadioGroup } from '#app/components/ui/radio-group.tsx'
import { TextField } from '#app/components/ui/text-field.tsx'
import { BAN_REASON_MAX_LENGTH, CANNOT_BAN_ADMIN, CANNOT_BAN_SELF } from '#common/console/schemas.ts'
import { ROLE_LABELS, type PersonDetail } from '#common/console/types.ts'
import { firstError, formErrorBesideFields } from '#common/forms.ts'
import { LISTING_REPORT_RESOLUTION_LABELS, type ListingReportResolution } from '#common/moderation/vocabulary.ts'
import { siteConfig } from '#common/site-config.ts'
import { appContext } from '#server/http/app-context.server.ts'
import { loadPersonPage, personAction } from './admin-console.server.ts'

export function meta({ loaderData }: Route.MetaArgs) {
  const name = loaderData?.person.name ?? 'Person'
  return [{ title: `${name} · People · Admin · ${siteConfig.name}` }, { name: 'robots', content: 'noindex' }]
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  return loadPersonPage(context.get(appContext).services, request, params.id)
}

export async function action({ request, context, params }: Route.ActionArgs) {
  return personAction(context.get(appContext).services, request, params.id)
}

const REPORT_OUTCOMES: Record<string, string> = { dismissed: 'Dismissed', deleted: 'Message deleted', muted: 'Author muted' }

function Facts({ person }: { person: PersonDetail }) {
  return (
    <dl className="grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[11rem_minmax(0,1fr)]">
      <dt className="font-semibold text-ink">E-mail</dt>
      <dd className="break-all text-ink">{person.email}</dd>
      <dt className="font-semibold text-ink">Role</dt>
      <dd className="text-ink">{ROLE_LABELS[person.role]}</dd>
      <dt className="font-semibold text-ink">Signed up</dt>
      <dd className="text-ink">{utcTime(person.signedUpAt)}</dd>
      <dt className="font-semibold text-ink">Last sign-in</dt>
      <dd className="text-ink">
        {person.lastSignInAt ? utcTime(person.lastSignInAt) : 'No session on record'}
        {` · ${person.activeSessions} active ${person.activeSessions === 1 ? 'session' : 'sessions'}`}
      </dd>
      <dt className="font-semibold text-ink">E-mail confirmed</dt>
      <dd className="text-ink">{person.isEmailVerified ? 'Yes' : 'Not yet'}</dd>
      <dt className="font-semibold text-ink">Ban</dt>
      <dd className="text-ink">
        {person.ban ? (
          <span className="font-semibold text-red-900">
            Banned {person.ban.expiresAt ? `until ${utcTime(person.ban.expiresAt)}` : 'for good'}
            {person.ban.bannedBy ? ` by ${person.ban.bannedBy}` : ''}: {person.ban.reason}
          </span>
        ) : (
          'Not banned'
        )}
      </dd>
    </dl>
  )
}

export default function AdminPerson({ loaderData, actionData }: Route.ComponentProps) {
  const { person, isSelf } = loaderData
  const navigation = useNavigation()
  const sending = navigation.state === 'submitting' ? navigation.formData?.get('intent') : null
  const failed = actionData && 'intent' in actionData ? actionData : undefined
  const failureOf = (intent: string) => (failed?.intent === intent ? failed : undefined)
  const banFailure = failureOf('ban')
  const cannotBan = isSelf ? CANNOT_BAN_SELF : person.role === 'administrator' ? CANNOT_BAN_ADMIN : null
  const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10)
  return (
    <div className="space-y-8">
      <ConsoleNav current="people" />
      <ConsoleHeader title={person.name}>
        <p>
          <Link to="/admin/people" className="font-semibold text-brand-800 underline underline-offset-2">
            Back to people
          </Link>
        </p>
      </ConsoleHeader>

      <section aria-labelledby="facts-title" className="rounded-2xl border border-gray-200 bg-white p-4 shadow-sm sm:p-5">
        <h2 id="facts-title" className="mb-3 text-xl font-bold text-ink">
          Account
        </h2>
        <Facts person={person} />
      </section>

      <section aria-labelledby="actions-title" className="space-y-4 rounded-2xl border border-gray-200 bg-white p-4 shadow-sm sm:p-5">
        <h2 id="actions-title" className="text-xl font-bold text-ink">
          Actions
        </h2>
        {person.ban ? (
          <Form method="post" className="space-y-3">
            <input type="hidden" name="intent" value="unban" />
            <TextField
              label="Note (optional)"
              name="note"
              maxLength={BAN_REASON_MAX_LENGTH}
              error={firstError(failureOf('unban')?.fieldErrors, 'reason')}
            />
            <FormAlert message={formErrorBesideFields(failureOf('unban'))} />
            <Button disabled={sending === 'unban'}>Unban {person.name}</Button>
          </Form>
        ) : cannotBan ? (
          <p className="text-ink">{cannotBan}</p>
        ) : (
          <Form method="post" className="space-y-3" noValidate>
            <input type="hidden" name="intent" value="ban" />
            <TextField
              label="Why are they banned?"
              name="reason"
              multiline
              rows={3}
              maxLength={BAN_REASON_MAX_LENGTH}
              hint="Recorded in the audit log."
              error={firstError(banFailure?.fieldErrors, 'reason')}
            />
            <RadioGroup
              legend="For how long?"
              name="length"
              defaultValue="until"
              options={[
                { value: 'until', label: 'Until the day below' },
                { value: 'forever', label: 'For good' },
              ]}
              optionsClassName="space-y-1"
              error={firstError(banFailure?.fieldErrors, 'length')}
            />
            <TextField
              label="The ban ends on"
              name="until"
              type="date"
              min={tomorrow}
              hint="At 00:00 UTC of that day they can sign in again."
              error={firstError(banFailure?.fieldErrors, 'until')}
            />
            <FormAlert message={formErrorBesideFields(banFailure)} />
            <div className="flex flex-wrap items-center gap-3">
              <Button variant="danger" disabled={sending === 'ban'}>
                Ban {person.name}
              </Button>
              {sending === 'ban' ? <PendingNote>Banning…</PendingNote> : null}
            </div>
          </Form>
        )}
        <div className="flex flex-wrap gap-3 border-t border-gray-200 pt-4">
          <Form method="post">
            <input type="hidden" name="intent" value="end-sessions" />
            <Button variant="secondary" disabled={sending === 'end-sessions'}>
              Sign {person.name} out everywhere
            </Button>
          </Form>
          {person.isEmailVerified ? null : (
            <Form method="post">
              <input type="hidden" name="intent" value="resend-verification" />
              <Button variant="secondary" disabled={sending === 'resend-verification'}>
                Resend the confirmation e-mail
              </Button>
            </Form>
          )}
        </div>
        <FormAlert
          message={
            failureOf('end-sessions')?.formError ??
            failureOf('resend-verification')?.formError ??
            (failed?.intent === null ? failed.formError : undefined)
          }
        />
      </section>

      <section aria-labelledby="listings-title">
        <h2 id="listings-title" className="text-xl font-bold text-ink">
          Listings
        </h2>
        {person.listings.length === 0 ? (
          <p className="mt-2 text-ink-soft">No listing.</p>
        ) : (
          <ul className="mt-2 space-y-1">
            {person.listings.map((listing) => (
              <li key={listing.id}>
                <Link to={listing.path} className="font-semibold text-brand-800 underline underline-offset-2">
                  {listing.title}
                </Link>{' '}
                <span className="text-sm text-ink-soft">({listing.status})</span>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="reports-title">
        <h2 id="reports-title" className="text-xl font-bold text-ink">
          Reports against them
        </h2>
        <h3 className="mt-3 font-semibold text-ink">Reported messages</h3>
        {person.messageReports.length === 0 ? (
          <p className="mt-1 text-ink-soft">None of their messages has been reported.</p>
        ) : (
          <ul className="mt-2 space-y-2">
            {person.messageReports.map((report) => (
              <li key={report.id} className="rounded-xl border border-gray-200 bg-white px-4 py-3 text-sm">
                <p className="text-ink">
                  {report.kind === 'room' ? 'In the Community room' : 'In a private conversation'}, reported {utcTime(report.reportedAt)}:{' '}
                  {report.resolution ? (REPORT_OUTCOMES[report.resolution] ?? report.resolution) : 'open'}
                </p>
                <p className="mt-1 whitespace-pre-line text-ink-soft">Reason: {report.reason}</p>
              </li>
            ))}
          </ul>
        )}
        <h3 className="mt-4 font-semibold text-ink">Reported listings</h3>
        {person.listingReports.length === 0 ? (
          <p className="mt-1 text-ink-soft">None of their listings has been reported.</p>
        ) : (
          <ul className="mt-2 space-y-2">
            {person.listingReports.map((report) => (
              <li key={report.id} className="rounded-xl border border-gray-200 bg-white px-4 py-3 text-sm">
                <p className="text-ink">
                  <Link to={report.listingPath} className="font-semibold text-brand-800 underline underline-offset-2">
                    {report.listingTitle}
                  </Link>
                  , reported {utcTime(report.reportedAt)}:{' '}
                  {report.resolution
                    ? (LISTING_REPORT_RESOLUTION_LABELS[report.resolution as ListingReportResolution] ?? report.resolution)
                    : 'open'}
                </p>
                <p className="mt-1 text-ink-soft">Reason: {report.reason}</p>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  )
}
