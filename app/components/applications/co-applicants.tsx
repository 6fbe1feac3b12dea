// The co-applicants of an application: the renter sees whom they invited, invites another adult and
// removes one while the application is open; the landlord reads each joined co-applicant's application
// (their income counts in the household's); a co-applicant reads their own and may leave.
import type { ReactNode } from 'react'
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
export const LEAVE_INTENT = 'leave_application'
export const REMOVE_INTENT = 'remove_co_applicant'
/** The intents whose refusal this section shows (the invitation's beside its field, the others above the list). */
export const CO_APPLICANT_INTENTS: readonly string[] = [INVITE_INTENT, LEAVE_INTENT, REMOVE_INTENT]

/** A step that cannot be undone, behind a disclosure: the button opens the form that confirms it. */
function Confirm({ label, warning, children }: { label: string; warning: string; children: ReactNode }) {
  return (
    <details>
      <summary className="inline-flex cursor-pointer rounded-lg border border-gray-300 bg-white px-3 py-1.5 text-sm font-semibold text-red-800 hover:bg-red-50">
        {label}
      </summary>
      <Form method="post" className="mt-3 max-w-md space-y-3 rounded-lg border border-red-300 bg-red-50 p-3">
        <p className="text-sm text-red-900">{warning}</p>
        {children}
      </Form>
    </details>
  )
}

type Refused = { intent: string; fieldErrors: FieldErrors; formError?: string; email?: string } | null

export function CoApplicants({ application: a, refused }: { application: ApplicationView; refused: Refused }) {
  const isRenter = a.viewerRole === 'renter'
  const isOpen = (OPEN_APPLICATION_STATES as readonly string[]).includes(a.state)
  const canInvite = isRenter && isOpen && a.coApplicants.length < MAX_CO_APPLICANTS
  const navigation = useNavigation()
  const isSending = navigation.state !== 'idle' && navigation.formData?.get('intent') === INVITE_INTENT
  const mine = refused?.intent === INVITE_INTENT ? refused : null
  const otherRefusal = refused && refused.intent !== INVITE_INTENT && CO_APPLICANT_INTENTS.includes(refused.intent) ? refused : null
  return (
    <div className="space-y-4">
      {otherRefusal ? (
        <p role="alert" className="rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-900">
          {otherRefusal.formError ?? Object.values(otherRefusal.fieldErrors)[0]?.[0] ?? 'That did not work.'}
        </p>
      ) : null}
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
              {isRenter && isOpen ? (
                <Confirm
                  label={person.joined ? `Remove ${person.name}…` : 'Withdraw the invitation…'}
                  warning={
                    person.joined
                      ? 'Their application and documents leave this application; the landlord sees that they were removed.'
                      : 'The link sent to them stops working.'
                  }
                >
                  <input type="hidden" name="inviteId" value={person.id} />
                  <Button name="intent" value={REMOVE_INTENT} variant="danger">
                    {person.joined ? 'Remove them' : 'Withdraw it'}
                  </Button>
                </Confirm>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {a.viewerRole === 'landlord' && a.coApplicants.length > 0 ? (
        <p className="text-sm text-ink-soft">The monthly income and income to rent above include the co-applicants’ income.</p>
      ) : null}
      {a.viewerRole === 'co_applicant' && isOpen ? (
        <Confirm
          label="Leave this application…"
          warning="Your application and documents leave it, and you will no longer see it. The applicant and the landlord see that you left."
        >
          <Button name="intent" value={LEAVE_INTENT} variant="danger">
            Leave for good
          </Button>
        </Confirm>
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
