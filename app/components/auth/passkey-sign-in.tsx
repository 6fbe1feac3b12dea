// "Sign in with a passkey" on /login, and the passkeys offered among the e-mail field's suggestions
// where the browser can (conditional mediation). Both need JavaScript and WebAuthn, so the button appears
// only once the browser is known to have them. A passkey is two factors in one: no second step follows.
import { useEffect, useState } from 'react'
import { useNavigate } from 'react-router'
import { FormAlert } from '#app/components/ui/form-alert.tsx'
import { cancelPasskeyRequest, passkeyAutofillSupported, passkeysSupported, signInWithPasskey } from '#app/utils/passkeys.ts'
import { SecondaryButton } from './buttons.tsx'

/** Where a signed-in visitor goes: the login page greets them and sends them on to `redirectTo`. */
function welcomeBackUrl(redirectTo: string) {
  return `/login?${new URLSearchParams({ welcome: 'back', ...(redirectTo === '/' ? {} : { redirectTo }) })}`
}

export function PasskeySignIn({ redirectTo }: { redirectTo: string }) {
  const [supported, setSupported] = useState(false)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const navigate = useNavigate()

  useEffect(() => {
    if (!passkeysSupported()) return
    setSupported(true)
    let stopped = false
    // The e-mail field (autocomplete "username webauthn") lists this site's passkeys; picking one signs in.
    void (async () => {
      if (!(await passkeyAutofillSupported()) || stopped) return
      const result = await signInWithPasskey({ autofill: true })
      if (stopped) return
      // Only a sign-in the person chose is reported on: the suggestions start with every page view, and a
      // refusal there (a spent budget, say) must not greet someone who came to type a password.
      if (result.ok) await navigate(welcomeBackUrl(redirectTo))
    })()
    return () => {
      stopped = true
      cancelPasskeyRequest()
    }
  }, [navigate, redirectTo])

  if (!supported) return null

  async function signIn() {
    setBusy(true)
    setError(null)
    // The suggestions' waiting request gives way to the button's.
    cancelPasskeyRequest()
    const result = await signInWithPasskey()
    setBusy(false)
    if (result.ok) return navigate(welcomeBackUrl(redirectTo))
    setError(result.message)
  }

  return (
    <div className="space-y-6">
      <FormAlert id="passkey-sign-in-error" message={error} />
      <SecondaryButton type="button" onClick={() => void signIn()} disabled={busy} aria-describedby="passkey-sign-in-note">
        Sign in with a passkey
      </SecondaryButton>
      <p id="passkey-sign-in-note" className="-mt-4 text-center text-xs text-ink-soft">
        Uses your device's fingerprint, face or screen lock; no password needed.
      </p>
      <div className="flex items-center gap-3 text-sm text-ink-soft">
        <span aria-hidden="true" className="h-px flex-1 bg-slate-300" />
        <span>or use your password</span>
        <span aria-hidden="true" className="h-px flex-1 bg-slate-300" />
      </div>
    </div>
  )
}
