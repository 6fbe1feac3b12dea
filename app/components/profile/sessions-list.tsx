// Where the user is signed in: this device first, then the others, each of which can be signed out.
import { Form } from 'react-router'
import { Button, PendingNote } from '#app/components/ui/button.tsx'
import { FormAlert } from '#app/components/ui/form-alert.tsx'
import { useIsSubmitting } from './fields.tsx'
import { INTENTS, type ProfileFormFailure } from './profile-forms.ts'

export type SessionView = {
  id: string
  device: string
  ipAddress: string | null
  signedInAt: string
  signedInAtIso: string
  lastActiveAt: string
  lastActiveAtIso: string
  isCurrent: boolean
}

export function SessionsList({ sessions, failure }: { sessions: SessionView[]; failure?: ProfileFormFailure }) {
  const others = sessions.filter((session) => !session.isCurrent)
  const isSigningOutOthers = useIsSubmitting(INTENTS.revokeOthers)
  return (
    <div className="space-y-5">
      <FormAlert id="sessions-error" message={failure?.formError} />
      <ul className="divide-y divide-gray-100 rounded-xl border border-gray-200">
        {sessions.map((session) => (
          <li key={session.id} className="flex flex-col gap-3 px-4 py-4 sm:flex-row sm:items-center sm:justify-between">
            <div className="min-w-0">
              <p className="flex flex-wrap items-center gap-2 font-semibold text-ink">
                {session.device}
                {session.isCurrent ? (
                  <span className="rounded-full bg-brand-100 px-2 py-0.5 text-xs font-semibold text-brand-800">This device</span>
                ) : null}
              </p>
              <p className="mt-1 text-sm text-ink-soft">
                {session.ipAddress ? <>IP address {session.ipAddress} · </> : null}
                Signed in <time dateTime={session.signedInAtIso}>{session.signedInAt}</time>
                {session.lastActiveAtIso !== session.signedInAtIso ? (
                  <>
                    {' '}
                    · Last active <time dateTime={session.lastActiveAtIso}>{session.lastActiveAt}</time>
                  </>
                ) : null}
              </p>
            </div>
            {session.isCurrent ? null : (
              <Form method="post" className="shrink-0">
                <input type="hidden" name="intent" value={INTENTS.revokeSession} />
                <input type="hidden" name="sessionId" value={session.id} />
                <Button type="submit" variant="secondary">
                  Sign out
                  <span className="sr-only">
                    {' '}
                    {session.device}, signed in {session.signedInAt}
                  </span>
                </Button>
              </Form>
            )}
          </li>
        ))}
      </ul>
      {others.length > 0 ? (
        <Form method="post" className="flex flex-wrap items-center gap-3">
          <input type="hidden" name="intent" value={INTENTS.revokeOthers} />
          <Button type="submit" variant="secondary">
            Sign out other sessions
          </Button>
          {isSigningOutOthers ? <PendingNote>Signing out…</PendingNote> : null}
        </Form>
      ) : (
        <p className="text-sm text-ink-soft">You are signed in on this device only.</p>
      )}
    </div>
  )
}
