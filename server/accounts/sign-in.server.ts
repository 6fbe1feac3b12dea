// Signing in (e-mail + password, then a second factor when the account has one, or single sign-on) and out. Each returns better-auth's cookies for
// the page to pass on with its redirect, or throws its refusal as an AppError.
import type { Services } from '#server/services.server.ts'
import { OIDC_PROVIDER_ID } from './auth.server.ts'
import { AppError } from '#server/errors.server.ts'
import { authErrorOf, cookieHeaders } from './auth-results.server.ts'
import { verificationCallbackURL } from './sign-up.server.ts'

/**
 * Signed in; or, for an account with two-factor sign-in on a device it does not trust, the password was
 * right and the second step waits at /login/two-factor (the headers carry its short-lived cookie).
 */
export type SignInSuccess =
  { step: 'signed-in'; headers: Headers; user: { name: string; email: string } } | { step: 'second-factor'; headers: Headers }

export async function signIn(
  services: Services,
  request: Request,
  input: { email: string; password: string; redirectTo: string },
): Promise<SignInSuccess> {
  try {
    const { headers, response } = await services.auth.api.signInEmail({
      // The callback only matters to the confirmation mail sent when the address is not confirmed yet.
      body: { email: input.email, password: input.password, callbackURL: verificationCallbackURL(input.redirectTo) },
      headers: request.headers,
      returnHeaders: true,
    })
    if ('twoFactorRedirect' in response && response.twoFactorRedirect) return { step: 'second-factor', headers: cookieHeaders(headers) }
    return { step: 'signed-in', headers: cookieHeaders(headers), user: { name: response.user.name, email: response.user.email } }
  } catch (error) {
    throw authErrorOf(error, { isSignIn: true })
  }
}

/** Ends the session in the database and returns the headers that clear its cookies. */
export async function signOut(services: Services, request: Request): Promise<Headers> {
  const { headers } = await services.auth.api.signOut({ headers: request.headers, returnHeaders: true })
  return cookieHeaders(headers)
}

/** Where single sign-on lands: the login page, which greets the user and sends them on. */
export function oidcCallbackURLs(redirectTo = '/') {
  const withRedirect = (params: Record<string, string>) => {
    const search = new URLSearchParams(params)
    if (redirectTo !== '/') search.set('redirectTo', redirectTo)
    return `/login?${search}`
  }
  return {
    callbackURL: withRedirect({ welcome: 'back' }),
    newUserCallbackURL: withRedirect({ welcome: 'new' }),
    errorCallbackURL: '/login?error=oidc',
  }
}

export type OidcStart = { url: string; headers: Headers }

/**
 * Starts single sign-on: the provider's authorization URL to send the browser to, and the cookie
 * that lets better-auth check the state when the provider sends the user back.
 */
export async function startOidcSignIn(services: Services, request: Request, redirectTo: string): Promise<OidcStart> {
  if (!services.config.oidc) {
    throw new AppError('invalid', 'Single sign-on is not available on this site.')
  }
  try {
    const { headers, response } = await services.auth.api.signInSocial({
      body: { provider: OIDC_PROVIDER_ID, disableRedirect: true, ...oidcCallbackURLs(redirectTo) },
      headers: request.headers,
      returnHeaders: true,
    })
    if (!response.url) throw new Error('The identity provider gave no authorization URL')
    return { url: response.url, headers: cookieHeaders(headers) }
  } catch (error) {
    throw authErrorOf(error)
  }
}
