// Guards and the session of the current request: requireUser, requireAnonymous, requireAdmin (a
// failing guard throws a redirect, to the login page or home, or a 403), and the JSON API's requireApiUser.
import { data, redirect } from 'react-router'
import { AppError } from '#server/errors.server.ts'
import type { SessionUser } from '#common/accounts/session-user.ts'
import type { Services } from '#server/services.server.ts'
import { loadSessionUser } from './profile.server.ts'
import { OIDC_PROVIDER_ID } from './auth.server.ts'
import { signInMethodLabel } from './sign-in-method.server.ts'

export { safeRedirectTo } from './redirect.ts'

export type CurrentSession = {
  userId: string
  sessionId: string
  user: SessionUser
  /** How this session was signed in, in words: 'password', 'single sign-on (<provider>)', or 'unknown'. */
  signInMethod: string
}

export function getCurrentSession(services: Services, request: Request): Promise<CurrentSession | null> {
  // The root and the page's own loader both ask; a page request's session is looked up once. (Not
  // a form post: its action may change what the loaders after it must show, like the user's name.)
  if (request.method !== 'GET' && request.method !== 'HEAD') return readSession(services, request)
  let current = sessions.get(request)
  if (!current) sessions.set(request, (current = readSession(services, request)))
  return current
}

const sessions = new WeakMap<Request, Promise<CurrentSession | null>>()

async function readSession(services: Services, request: Request): Promise<CurrentSession | null> {
  // Without a session cookie there is nothing to look up (most visitors): skip better-auth's work.
  if (!request.headers.get('cookie')?.includes('session_token=')) return null
  const found = await services.auth.api.getSession({ headers: request.headers })
  if (!found) return null
  return {
    userId: found.user.id,
    sessionId: found.session.id,
    user: await loadSessionUser(services.database.db, found.user),
    signInMethod: signInMethodOfSession(services, found.session),
  }
}

/** The session's recorded method in words; the provider named as the site's sign-in button names it. */
function signInMethodOfSession(services: Services, session: { signInMethod?: string | null }): string {
  const { oidc } = services.config
  return signInMethodLabel(session.signInMethod, oidc ? { [OIDC_PROVIDER_ID]: oidc.name } : {})
}

/** The signed-in session, or a redirect to /login that comes back here afterwards. */
export async function requireUser(services: Services, request: Request): Promise<CurrentSession> {
  const current = await getCurrentSession(services, request)
  if (!current) {
    const url = new URL(request.url)
    const redirectTo = `${url.pathname}${url.search}`
    throw redirect(`/login?${new URLSearchParams({ redirectTo })}`)
  }
  return current
}

export async function requireAnonymous(services: Services, request: Request): Promise<void> {
  if (await getCurrentSession(services, request)) throw redirect('/')
}

/**
 * The signed-in administrator: a visitor is sent to log in and anyone else gets 403. Given the words
 * of a `refusal`, the 403 says them, and a form post without a session is refused with them outright
 * (logging in could not resume the post).
 */
export async function requireAdmin(services: Services, request: Request, refusal?: string): Promise<CurrentSession> {
  const isPost = request.method !== 'GET' && request.method !== 'HEAD'
  const current = isPost && refusal !== undefined ? await getCurrentSession(services, request) : await requireUser(services, request)
  // The session's user was read from their profile for this request (see loadSessionUser).
  if (!current?.user.isAdmin) throw data(refusal ?? 'Forbidden', { status: 403 })
  return current
}

/**
 * The signed-in administrator of the operator console (`/admin`): to anyone else (a visitor
 * included) the console does not exist, so every page, form post and API answers 404, the site's
 * not-found page, and gives away neither the address nor the need to log in.
 */
export async function requireConsoleAdmin(services: Services, request: Request): Promise<CurrentSession> {
  const current = await getCurrentSession(services, request)
  if (!current?.user.isAdmin) throw data('Not Found', { status: 404 })
  return current
}

/** Who is asking a JSON API: their user id, e-mail address and how their session was signed in (in words). */
export type ApiUser = { userId: string; email: string; signInMethod: string }

/** The signed-in user of a JSON API request, or an 'unauthenticated' AppError saying what needs a session. */
export async function requireApiUser(services: Services, request: Request, message: string): Promise<ApiUser> {
  const found = await services.auth.api.getSession({ headers: request.headers })
  if (!found) throw new AppError('unauthenticated', message)
  return { userId: found.user.id, email: found.user.email, signInMethod: signInMethodOfSession(services, found.session) }
}
