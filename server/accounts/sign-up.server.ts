// Creating an e-mail + password account and (re)sending the link that confirms its address.
import { eq } from 'drizzle-orm'
import type { Role } from '#common/accounts/roles.ts'
import { profile } from '#server/db/schema.ts'
import type { Services } from '#server/services.server.ts'
import { authErrorOf } from './auth-results.server.ts'

export type SignUpInput = {
  name: string
  email: string
  password: string
  termsVersion: string
  /** Why they are here, as the form asked; none yet when not given. */
  role?: Role | undefined
  /** Where the person goes once the mailed link has confirmed the address. */
  redirectTo: string
}

/**
 * Where the mailed link lands: our login page, which welcomes the now signed-in user with a toast
 * and sends them on (better-auth adds `error=…` when the link is invalid or expired).
 */
export function verificationCallbackURL(redirectTo = '/'): string {
  const params = new URLSearchParams({ verified: '1' })
  if (redirectTo !== '/') params.set('redirectTo', redirectTo)
  return `/login?${params}`
}

/** Creates the account and mails the confirmation link; throws better-auth's refusal as an AppError. */
export async function signUp(services: Services, request: Request, input: SignUpInput): Promise<void> {
  let userId: string
  try {
    const made = await services.auth.api.signUpEmail({
      body: {
        name: input.name,
        email: input.email,
        password: input.password,
        termsVersion: input.termsVersion,
        callbackURL: verificationCallbackURL(input.redirectTo),
      },
      headers: request.headers,
    })
    userId = made.user.id
  } catch (error) {
    throw authErrorOf(error)
  }
  // The profile was made with the account (auth.server.ts, the user's create hook).
  if (input.role) await services.database.db.update(profile).set({ role: input.role }).where(eq(profile.userId, userId))
}

/**
 * Mails a fresh confirmation link. The answer is the same whether or not the address has an
 * unconfirmed account, so it tells nobody which addresses are registered.
 */
export async function resendVerificationEmail(
  services: Services,
  request: Request,
  input: { email: string; redirectTo: string },
): Promise<void> {
  try {
    await services.auth.api.sendVerificationEmail({
      body: { email: input.email, callbackURL: verificationCallbackURL(input.redirectTo) },
      headers: request.headers,
    })
  } catch (error) {
    throw authErrorOf(error)
  }
}
