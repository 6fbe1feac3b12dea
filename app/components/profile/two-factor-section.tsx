// Two-factor sign-in on the profile: off (turn it on with the password), being set up (the QR code,
// the secret for typing in by hand, the first code), or on (backup codes left, new codes, turn off).
// The backup codes appear on the one page view right after they are made.
import { useRef } from 'react'
import { Form } from 'react-router'
import { firstError } from '#common/forms.ts'
import { Button, PendingNote } from '#app/components/ui/button.tsx'
import { FormAlert } from '#app/components/ui/form-alert.tsx'
import { TextField } from '#app/components/ui/text-field.tsx'
import { useFormFeedback, useIsSubmitting } from './fields.tsx'
import { INTENTS, PASSWORD_MAX, type Intent, type ProfileFormFailure } from './profile-forms.ts'

export type TwoFactorView = {
  enabled: boolean
  setup: { secret: string; uri: string; qrCode: string } | null
  backupCodesLeft: number
  freshBackupCodes: string[] | null
}

type Failures = Partial<Record<Intent, ProfileFormFailure | undefined>>

export function TwoFactorSection({
  state,
  email,
  hasPassword,
  failures,
}: {
  state: TwoFactorView
  email: string
  hasPassword: boolean
  failures: Failures
}) {
  if (!hasPassword) {
    return <p className="text-ink">You sign in through single sign-on: set up a second factor with your sign-in provider.</p>
  }
  if (state.setup) return <SetupSteps setup={state.setup} failure={failures[INTENTS.twoFactorConfirm]} />
  if (!state.enabled) {
    return (
      <div className="space-y-4">
        <p className="text-ink">
          <strong>Off.</strong> Add a second step to logging in: after your password, a 6-digit code from an authenticator app on your phone
          (such as Google Authenticator, Microsoft Authenticator, 1Password or Aegis). Someone who learns your password still cannot get in.
        </p>
        <PasswordConfirmForm
          intent={INTENTS.twoFactorStart}
          email={email}
          failure={failures[INTENTS.twoFactorStart]}
          button="Turn on two-factor sign-in"
          pending="Checking your password…"
        />
      </div>
    )
  }
  return (
    <div className="space-y-6">
      <p className="text-ink">
        <strong>On.</strong> Logging in asks for a code from your authenticator app after your password. You have{' '}
        <strong>{state.backupCodesLeft}</strong> unused backup {state.backupCodesLeft === 1 ? 'code' : 'codes'} left.
      </p>
      {state.freshBackupCodes ? <BackupCodes codes={state.freshBackupCodes} /> : null}
      <div className="space-y-3 border-t border-gray-100 pt-5">
        <h3 className="font-semibold text-ink">New backup codes</h3>
        <p className="text-sm text-ink-soft">Lost your codes or used most of them? Make ten new ones; the old ones stop working.</p>
        <PasswordConfirmForm
          intent={INTENTS.backupCodes}
          email={email}
          failure={failures[INTENTS.backupCodes]}
          button="Make new backup codes"
          pending="Making new codes…"
          variant="secondary"
        />
      </div>
      <div className="space-y-3 border-t border-gray-100 pt-5">
        <h3 className="font-semibold text-ink">Turn off two-factor sign-in</h3>
        <p className="text-sm text-ink-soft">Every device signed in to your account is signed out, this one too, and we e-mail you.</p>
        <PasswordConfirmForm
          intent={INTENTS.twoFactorOff}
          email={email}
          failure={failures[INTENTS.twoFactorOff]}
          button="Turn off two-factor sign-in"
          pending="Turning it off…"
          variant="danger"
        />
      </div>
    </div>
  )
}

function PasswordConfirmForm({
  intent,
  email,
  failure,
  button,
  pending,
  variant = 'primary',
}: {
  intent: Intent
  email: string
  failure?: ProfileFormFailure
  button: string
  pending: string
  variant?: 'primary' | 'secondary' | 'danger'
}) {
  const formRef = useRef<HTMLFormElement>(null)
  useFormFeedback(formRef, intent, failure, { resetOnSuccess: true })
  const isSubmitting = useIsSubmitting(intent)
  const error = firstError(failure?.fieldErrors, 'password')
  return (
    <Form method="post" ref={formRef} noValidate className="space-y-4">
      <input type="hidden" name="intent" value={intent} />
      <FormAlert id={`${intent}-error`} message={failure?.formError} />
      <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
      <div className="max-w-sm">
        <TextField
          id={`${intent}-password`}
          label="Your password"
          name="password"
          type="password"
          autoComplete="current-password"
          required
          maxLength={PASSWORD_MAX}
          error={error}
          takesFocus={Boolean(error)}
        />
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" variant={variant}>
          {button}
        </Button>
        {isSubmitting ? <PendingNote>{pending}</PendingNote> : null}
      </div>
    </Form>
  )
}

function SetupSteps({ setup, failure }: { setup: NonNullable<TwoFactorView['setup']>; failure?: ProfileFormFailure }) {
  const formRef = useRef<HTMLFormElement>(null)
  useFormFeedback(formRef, INTENTS.twoFactorConfirm, failure)
  const isSubmitting = useIsSubmitting(INTENTS.twoFactorConfirm)
  const error = firstError(failure?.fieldErrors, 'code')
  // The secret in groups of four, as apps show it, easier to type.
  const grouped = setup.secret.match(/.{1,4}/g)?.join(' ') ?? setup.secret
  return (
    <div className="space-y-5">
      <ol className="list-decimal space-y-5 pl-5 text-ink">
        <li>
          <p>Open your authenticator app and add an account by scanning this QR code.</p>
          <img
            src={setup.qrCode}
            width={216}
            height={216}
            className="mt-3 size-54 rounded-lg border border-gray-200 bg-white [image-rendering:pixelated]"
            alt="QR code for your authenticator app. If you cannot scan it, type the setup key shown below instead."
          />
          <p className="mt-3 text-sm text-ink-soft">
            Cannot scan it? Choose to enter a setup key, and type this key (time-based, 6 digits):
          </p>
          <p className="mt-1">
            <code data-testid="totp-secret" className="rounded bg-gray-100 px-2 py-1 font-mono text-base tracking-wider break-all text-ink">
              {grouped}
            </code>
          </p>
        </li>
        <li>
          <p>Enter the 6-digit code the app now shows for Cooper Home.</p>
          <Form method="post" ref={formRef} noValidate className="mt-3 space-y-4">
            <input type="hidden" name="intent" value={INTENTS.twoFactorConfirm} />
            <FormAlert id="two-factor-confirm-error" message={failure?.formError} />
            <div className="max-w-xs">
              <TextField
                label="Code from the app"
                name="code"
                inputMode="numeric"
                autoComplete="one-time-code"
                pattern="[0-9 ]*"
                maxLength={7}
                required
                error={error}
                takesFocus={Boolean(error)}
              />
            </div>
            <div className="flex flex-wrap items-center gap-3">
              <Button type="submit">Confirm and turn on</Button>
              {isSubmitting ? <PendingNote>Checking the code…</PendingNote> : null}
            </div>
          </Form>
        </li>
      </ol>
      <Form method="post">
        <input type="hidden" name="intent" value={INTENTS.twoFactorCancel} />
        <Button type="submit" variant="secondary">
          Cancel setup
        </Button>
      </Form>
    </div>
  )
}

function BackupCodes({ codes }: { codes: string[] }) {
  return (
    <div role="status" className="rounded-lg border-l-4 border-sun-500 bg-sun-100 p-4">
      <h3 className="font-semibold text-ink">Your backup codes</h3>
      <p className="mt-1 text-sm text-ink">
        Save these codes somewhere safe (a password manager, or printed). Each one logs you in once if you lose your phone.{' '}
        <strong>They are shown only this once.</strong>
      </p>
      <ul
        data-testid="backup-codes"
        className="mt-3 grid grid-cols-2 gap-x-6 gap-y-1 font-mono text-base text-ink sm:grid-cols-5 sm:max-w-none"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
    </div>
  )
}
