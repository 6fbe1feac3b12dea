// Passkeys on the profile: the person's passkeys (name, when added, synced or on one device), each
// renamed or removed by a plain form, and a new one added on this device. Adding one is the browser's
// WebAuthn ceremony, so it needs JavaScript; without it (or without WebAuthn) the section says so.
import { useEffect, useRef, useState, type FormEvent } from 'react'
import { Form, useRevalidator } from 'react-router'
import { PASSKEY_NAME_MAX } from '#common/accounts/passkey-forms.ts'
import { firstError } from '#common/forms.ts'
import { Button, PendingNote } from '#app/components/ui/button.tsx'
import { FormAlert } from '#app/components/ui/form-alert.tsx'
import { TextField } from '#app/components/ui/text-field.tsx'
import { PASSKEYS_UNSUPPORTED_MESSAGE, addPasskey, passkeysSupported } from '#app/utils/passkeys.ts'
import { useFormFeedback, useIsSubmitting } from './fields.tsx'
import { INTENTS, type ProfileFormFailure } from './profile-forms.ts'

export type PasskeyRow = {
  id: string
  name: string
  createdAt: string | null
  createdAtIso: string | null
  synced: boolean
  backedUp: boolean
}

export function PasskeysSection({
  passkeys,
  renameFailure,
  removeFailure,
}: {
  passkeys: PasskeyRow[]
  renameFailure?: ProfileFormFailure
  removeFailure?: ProfileFormFailure
}) {
  return (
    <div className="space-y-6">
      <FormAlert id="passkeys-error" message={removeFailure?.formError} />
      {passkeys.length > 0 ? (
        <ul aria-label="Your passkeys" className="divide-y divide-gray-100 rounded-xl border border-gray-200">
          {passkeys.map((passkey) => (
            <PasskeyItem
              key={passkey.id}
              passkey={passkey}
              failure={renameFailure?.values?.passkeyId === passkey.id ? renameFailure : undefined}
            />
          ))}
        </ul>
      ) : (
        <p className="text-ink">You have no passkeys yet.</p>
      )}
      <AddPasskey />
    </div>
  )
}

function PasskeyItem({ passkey, failure }: { passkey: PasskeyRow; failure?: ProfileFormFailure }) {
  const formRef = useRef<HTMLFormElement>(null)
  useFormFeedback(formRef, INTENTS.passkeyRename, failure)
  const error = firstError(failure?.fieldErrors, 'name') ?? failure?.formError
  return (
    <li className="space-y-3 px-4 py-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <p className="font-semibold break-words text-ink">{passkey.name}</p>
          <p className="mt-1 text-sm text-ink-soft">
            {passkey.createdAt && passkey.createdAtIso ? (
              <>
                Added <time dateTime={passkey.createdAtIso}>{passkey.createdAt}</time> ·{' '}
              </>
            ) : null}
            {passkey.synced ? 'Synced between your devices' : 'Kept on one device'}
            {passkey.backedUp ? ' · Backed up' : ''}
          </p>
        </div>
        <Form method="post" className="shrink-0">
          <input type="hidden" name="intent" value={INTENTS.passkeyRemove} />
          <input type="hidden" name="passkeyId" value={passkey.id} />
          <Button type="submit" variant="quiet">
            Remove<span className="sr-only"> passkey {passkey.name}</span>
          </Button>
        </Form>
      </div>
      <details open={Boolean(failure)} className="text-sm">
        <summary className="cursor-pointer font-semibold text-brand-800 underline underline-offset-2">
          Rename<span className="sr-only"> passkey {passkey.name}</span>
        </summary>
        <Form method="post" ref={formRef} noValidate className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-end">
          <input type="hidden" name="intent" value={INTENTS.passkeyRename} />
          <input type="hidden" name="passkeyId" value={passkey.id} />
          <div className="max-w-sm flex-1">
            <TextField
              id={`passkey-name-${passkey.id}`}
              label="New name"
              name="name"
              defaultValue={failure?.values?.name ?? passkey.name}
              maxLength={PASSKEY_NAME_MAX}
              required
              error={error}
              takesFocus={Boolean(error)}
            />
          </div>
          <Button type="submit" variant="secondary">
            Save name
          </Button>
        </Form>
      </details>
    </li>
  )
}

type AddState = { step: 'idle' } | { step: 'working' } | { step: 'done'; name: string } | { step: 'failed'; message: string }

function AddPasskey() {
  // Known only in the browser: until then (and without JavaScript) the section says what passkeys need.
  const [supported, setSupported] = useState<boolean | null>(null)
  const [state, setState] = useState<AddState>({ step: 'idle' })
  const [nameError, setNameError] = useState<string | null>(null)
  const revalidator = useRevalidator()
  const isRemoving = useIsSubmitting(INTENTS.passkeyRemove)
  useEffect(() => setSupported(passkeysSupported()), [])

  if (!supported) {
    return (
      <p data-testid="passkeys-unsupported" className="text-sm text-ink-soft">
        {PASSKEYS_UNSUPPORTED_MESSAGE} Your device then keeps the passkey and unlocks it with your fingerprint, face or screen lock.
      </p>
    )
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = event.currentTarget
    const name = String(new FormData(form).get('name') ?? '').trim()
    if (!name) return setNameError('Give the passkey a name, such as “Work laptop”.')
    if (name.length > PASSKEY_NAME_MAX) return setNameError(`A passkey's name must be ${PASSKEY_NAME_MAX} characters or fewer.`)
    setNameError(null)
    setState({ step: 'working' })
    const result = await addPasskey(name)
    if (!result.ok) return setState({ step: 'failed', message: result.message })
    form.reset()
    setState({ step: 'done', name })
    await revalidator.revalidate()
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-4 border-t border-gray-100 pt-5">
      <h3 className="font-semibold text-ink">Add a passkey</h3>
      <p className="text-sm text-ink-soft">
        Your device (or password manager) makes and keeps the passkey, and unlocks it with your fingerprint, face or screen lock.
      </p>
      <FormAlert id="add-passkey-error" message={state.step === 'failed' ? state.message : undefined} />
      <div className="max-w-sm">
        <TextField
          id="new-passkey-name"
          label="Name for this passkey"
          name="name"
          hint="For example “Work laptop” or “My phone”."
          maxLength={PASSKEY_NAME_MAX}
          required
          autoComplete="off"
          error={nameError ?? undefined}
          takesFocus={Boolean(nameError)}
        />
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={state.step === 'working'}>
          Add a passkey
        </Button>
        {state.step === 'working' ? <PendingNote>Follow your device's prompt…</PendingNote> : null}
        {state.step === 'done' ? <PendingNote>Passkey “{state.name}” added. We sent you an e-mail about it.</PendingNote> : null}
        {isRemoving ? <PendingNote>Removing…</PendingNote> : null}
      </div>
    </form>
  )
}
