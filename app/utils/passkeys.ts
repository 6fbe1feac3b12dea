// The browser's side of passkeys: adding one (the profile) and signing in with one (/login), run
// against better-auth's passkey plugin at /api/auth with SimpleWebAuthn. Each answers in words a
// person can act on; the server's refusal is passed on as it said it.
import {
  WebAuthnAbortService,
  browserSupportsWebAuthn,
  browserSupportsWebAuthnAutofill,
  startAuthentication,
  startRegistration,
} from '@simplewebauthn/browser'
import { PASSKEY_ENDPOINTS } from '#common/accounts/passkey-forms.ts'

export type CeremonyResult = { ok: true } | { ok: false; message: string; cancelled?: boolean }

export const PASSKEYS_UNSUPPORTED_MESSAGE = 'Passkeys need a browser that supports them, with JavaScript on.'

export function passkeysSupported(): boolean {
  return browserSupportsWebAuthn()
}

/** Whether the browser offers saved passkeys in the e-mail field's suggestions (conditional mediation). */
export async function passkeyAutofillSupported(): Promise<boolean> {
  return browserSupportsWebAuthnAutofill().catch(() => false)
}

/** Stops a passkey request still waiting (the e-mail field's suggestions) before another starts. */
export function cancelPasskeyRequest() {
  WebAuthnAbortService.cancelCeremony()
}

async function serverRefusal(response: Response, fallback: string): Promise<string> {
  const body = (await response.json().catch(() => null)) as { code?: string; message?: string } | null
  if (body?.code === 'SESSION_NOT_FRESH')
    return 'For your safety, adding a passkey needs a recent sign-in. Log out, log in again, then add it.'
  if (body?.code === 'PASSKEY_NOT_FOUND') return 'This passkey is not known here: it may have been removed. Log in with your password.'
  if (response.status === 429 && body?.message) return body.message
  if (response.status < 500 && body?.message && body.code === 'INVALID_PASSKEY_NAME') return body.message
  return fallback
}

function browserRefusal(error: unknown, what: 'add' | 'sign-in'): CeremonyResult {
  const name = error instanceof Error ? error.name : ''
  if (name === 'NotAllowedError' || name === 'AbortError')
    return {
      ok: false,
      cancelled: true,
      message:
        what === 'add' ? 'No passkey was added: the request was cancelled or timed out.' : 'Signing in with a passkey was cancelled.',
    }
  if (name === 'InvalidStateError' && what === 'add')
    return { ok: false, message: 'This device or password manager already keeps a passkey for your account.' }
  return {
    ok: false,
    message:
      what === 'add' ? 'The passkey could not be made on this device. Try again.' : 'Signing in with a passkey did not work. Try again.',
  }
}

async function postJson(url: string, body: unknown) {
  return fetch(url, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
}

/** Makes a passkey on this device for the signed-in person and stores it under the name given. */
export async function addPasskey(name: string): Promise<CeremonyResult> {
  const failed = 'The passkey could not be added. Try again.'
  const options = await fetch(`${PASSKEY_ENDPOINTS.registerOptions}?${new URLSearchParams({ name })}`, { credentials: 'same-origin' })
  if (!options.ok) return { ok: false, message: await serverRefusal(options, failed) }
  let response
  try {
    response = await startRegistration({ optionsJSON: await options.json() })
  } catch (error) {
    return browserRefusal(error, 'add')
  }
  const verified = await postJson(PASSKEY_ENDPOINTS.verifyRegistration, { response, name })
  if (!verified.ok) return { ok: false, message: await serverRefusal(verified, failed) }
  return { ok: true }
}

/**
 * Signs in with a passkey: from a button (the browser's own dialog), or from the e-mail field's
 * suggestions (`autofill`: waits until the person picks a passkey there). The session cookie is set by
 * the answer.
 */
export async function signInWithPasskey({ autofill = false } = {}): Promise<CeremonyResult> {
  const failed = 'Signing in with a passkey did not work. Try again, or log in with your password.'
  const options = await fetch(PASSKEY_ENDPOINTS.authenticateOptions, { credentials: 'same-origin' })
  if (!options.ok) return { ok: false, message: await serverRefusal(options, failed) }
  let response
  try {
    response = await startAuthentication({ optionsJSON: await options.json(), useBrowserAutofill: autofill })
  } catch (error) {
    return browserRefusal(error, 'sign-in')
  }
  const verified = await postJson(PASSKEY_ENDPOINTS.verifyAuthentication, { response })
  if (!verified.ok) return { ok: false, message: await serverRefusal(verified, failed) }
  return { ok: true }
}
