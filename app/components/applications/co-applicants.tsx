// The co-applicants of an application: the renter sees whom they invited and invites another adult while
// the application is open; the landlord reads each joined co-applicant's application (their income counts
// in the household's); a co-applicant reads their own.
import { Form, useNavigation } from 'react-router'
import { Button, PendingNote } from '#app/components/ui/button.tsx'
import { TextField } from '#app/components/ui/text-field.tsx'
import { formatCents } from '#app/utils/format.ts'
import type { ApplicationView } from '#common/applications/types.ts'
import { MAX_CO_APPLICANTS, OPEN_APPLICATION_STATES } from '#common/applications/vocabulary.ts'
import type { FieldErrors } from '#common/forms.ts'
import { formatWhen } from './format.ts'
import { Snapshot } from './snapshot.tsx'

export const INVITE_INTENT = 'invite_co_applicant'

type Refused = { intent: string; fieldErrors: FieldErrors; formError?: string; email?: string } | null

export function CoApplicants({ application: a, refused }: { application: ApplicationView; refused: Refused }) {
  const isRenter = a.viewerRole === 'renter'
  const canInvite =
    isRenter && (OPEN_APPLICATION_STATES as readonly string[]).includes(a.state) && a.coApplicants.length < MAX_CO_APPLICANTS
  const navigation = useNavigation()
  const isSending = navigation.state !== 'idle' && navigation.formData?.get('intent') === INVITE_INTENT
  const mine = refused?.intent === INVITE_INTENT ? refused : null
  return (
    <div className="space-y-4">
      {a.coApplicants.length === 0 ? (
        <p className="text-ink-soft">
          {isRenter ? 'No one yet. Each adult who will live there can join with their own account.' : 'No co-applicants.'}
        </p>
      ) : (
        <ul className="divide-y divide-gray-200 border-y border-gray-200">
          {a.coApplicants.map((person) => (
            <li key={person.id} className="space-y-2 py-3">
              <p className="flex flex-wrap items-baseline gap-x-3 text-ink">
                <span className="font-semibold break-all">{person.name}</span>
                {person.email && person.email !== person.name ? (
                  <span className="text-sm break-all text-ink-soft">{person.email}</span>
                ) : null}
                <span className="text-sm text-ink-soft">
                  {person.joined && person.joinedAt
                    ? `Joined ${formatWhen(person.joinedAt, a.listing.timeZone)}`
                    : `Invited ${formatWhen(person.invitedAt, a.listing.timeZone)}, not joined yet`}
                </span>
                {person.joined ? <span className="text-sm text-ink">Income {formatCents(person.monthlyIncomeCents)} a month</span> : null}
              </p>
              {person.snapshot ? (
                <details className="rounded-lg border border-gray-200 p-3">
                  <summary className="cursor-pointer font-semibold text-brand-700">
                    {a.viewerRole === 'co_applicant'
                      ? 'Your application as you joined with it'
                      : `${person.name}’s application as they joined with it`}
                  </summary>
                  <div className="mt-3">
                    <Snapshot profile={person.snapshot} />
                  </div>
                </details>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {a.viewerRole === 'landlord' && a.coApplicants.length > 0 ? (
        <p className="text-sm text-ink-soft">The monthly income and income to rent above include the co-applicants’ income.</p>
      ) : null}
      {canInvite ? (
        <Form method="post" className="max-w-md space-y-3" id="invite-co-applicant">
          <TextField
            label="Invite an adult who will live there"
            name="email"
            id="field-co-applicant-email"
            type="email"
            autoComplete="off"
            required
            defaultValue={mine?.email ?? ''}
            error={mine?.fieldErrors.email ?? (mine?.formError ? [mine.formError] : undefined)}
            hint="Their e-mail address: they join with their own account and their own application. The link works 7 days."
          />
          <div className="flex flex-wrap items-center gap-3">
            <Button name="intent" value={INVITE_INTENT} disabled={isSending}>
              Send the invitation
            </Button>
            {isSending ? <PendingNote>Sending…</PendingNote> : null}
          </div>
        </Form>
      ) : null}
    </div>
  )
}
