// The stored user profile, keyed by the lower-cased e-mail, and what the user changes about their
// own account on /userprofile (details, photo, password, sessions, deleting the account). Refusals
// are thrown as AppError, with the form field they belong to.
import { and, count, desc, eq, gt, isNotNull, isNull } from 'drizzle-orm'
import { withLetting, type Role } from '#common/accounts/roles.ts'
import { toSessionUser, type SessionUser } from '#common/accounts/session-user.ts'
import type { Db } from '#server/db/client.server.ts'
import { account, message, profile, session, user } from '#server/db/schema.ts'
import { errorFor } from '#common/forms.ts'
import { deleteDocuments, listOwnerDocumentIds } from '#server/documents/index.server.ts'
import { AppError, isAppError } from '#server/errors.server.ts'
import { processAvatar, deleteAvatarFile, saveAvatarFile } from '#server/media/index.server.ts'
import type { Services } from '#server/services.server.ts'
import { normalizeEmail } from '#common/accounts/email.ts'
import { authErrorCode } from './auth-results.server.ts'
import { COMMON_PASSWORD_MESSAGE, isCommonPassword } from './password-policy.server.ts'
import { consumeRateLimit, type RateLimitRule } from './rate-limit.server.ts'

export type Profile = typeof profile.$inferSelect

export async function createProfile(db: Db, input: { email: string; userId: string; img?: string | null }) {
  await db
    .insert(profile)
    .values({ email: normalizeEmail(input.email), userId: input.userId, img: input.img ?? null })
    .onConflictDoNothing()
}

export async function findProfileByEmail(db: Db, email: string): Promise<Profile | undefined> {
  const [row] = await db
    .select()
    .from(profile)
    .where(eq(profile.email, normalizeEmail(email)))
  return row
}

/** What the site knows of a signed-in user: better-auth's user plus the stored profile. */
export async function loadSessionUser(
  db: Db,
  authUser: { email: string; name?: string | null; image?: string | null },
): Promise<SessionUser> {
  return toSessionUser(authUser, await findProfileByEmail(db, authUser.email))
}

/** Messages addressed to this e-mail that are still unread and not deleted (the navigation badge). */
export async function countUnreadMessages(db: Db, email: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(message)
    .where(and(eq(message.toEmail, normalizeEmail(email)), eq(message.read, false), isNull(message.deletedAt)))
  return row?.n ?? 0
}

export async function findUserIdByEmail(db: Db, email: string) {
  const [row] = await db
    .select({ id: user.id })
    .from(user)
    .where(eq(user.email, normalizeEmail(email)))
  return row?.id
}

// --- The user's own profile page (/userprofile) ---

/** What the profile page shows about the signed-in user. */
export type AccountOverview = {
  name: string
  email: string
  emailVerified: boolean
  createdAt: Date
  hasPassword: boolean
  role: string
  bio: string
  phone: string
  photoURL: string | null
  img: string | null
}

export async function findAccountOverview(db: Db, userId: string): Promise<AccountOverview | undefined> {
  const [row] = await db
    .select({
      name: user.name,
      email: user.email,
      emailVerified: user.emailVerified,
      createdAt: user.createdAt,
      role: profile.role,
      bio: profile.bio,
      phone: profile.phone,
      photoURL: profile.photoURL,
      img: profile.img,
    })
    .from(user)
    .leftJoin(profile, eq(profile.userId, user.id))
    .where(eq(user.id, userId))
  if (!row) return undefined
  return {
    ...row,
    role: row.role ?? '',
    bio: row.bio ?? '',
    phone: row.phone ?? '',
    hasPassword: await hasPassword(db, userId),
  }
}

/** Whether the user can sign in with a password (single sign-on accounts have none). */
export async function hasPassword(db: Db, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: account.id })
    .from(account)
    .where(and(eq(account.userId, userId), eq(account.providerId, 'credential'), isNotNull(account.password)))
    .limit(1)
  return Boolean(row)
}

export type ProfileDetails = { role: string; bio: string; phone: string }

export async function updateProfileDetails(db: Db, userId: string, details: ProfileDetails) {
  await db.update(profile).set(details).where(eq(profile.userId, userId))
}

/**
 * Makes the user one who lets homes, as they choose to list one: a renter becomes one who rents and
 * lets, anyone else a landlord (common/accounts/roles.ts). Returns the role they have now.
 */
export async function startLetting(db: Db, userId: string): Promise<Role> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select({ role: profile.role }).from(profile).where(eq(profile.userId, userId)).for('update')
    if (!current) throw new Error(`No profile for user ${userId}`)
    const role = withLetting(current.role)
    await tx.update(profile).set({ role }).where(eq(profile.userId, userId))
    return role
  })
}

/**
 * Points the profile at a new avatar URL (null removes it) and returns the URL it replaced. The row
 * is locked while it is read and written, so two uploads at once cannot both keep the same old file.
 */
export async function setProfilePhoto(db: Db, userId: string, photoURL: string | null): Promise<string | null> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select({ photoURL: profile.photoURL }).from(profile).where(eq(profile.userId, userId)).for('update')
    if (!current) throw new Error(`No profile for user ${userId}`)
    await tx.update(profile).set({ photoURL }).where(eq(profile.userId, userId))
    return current.photoURL
  })
}

export type ActiveSession = {
  id: string
  ipAddress: string | null
  userAgent: string | null
  createdAt: Date
  updatedAt: Date
}

/**
 * The user's sessions that have not expired, most recently used first. Read here rather than through
 * better-auth's list-sessions endpoint, which refuses sessions older than a day ("not fresh"), and
 * without the tokens, which never leave the server.
 */
export async function listActiveSessions(db: Db, userId: string): Promise<ActiveSession[]> {
  return db
    .select({
      id: session.id,
      ipAddress: session.ipAddress,
      userAgent: session.userAgent,
      createdAt: session.createdAt,
      updatedAt: session.updatedAt,
    })
    .from(session)
    .where(and(eq(session.userId, userId), gt(session.expiresAt, new Date())))
    .orderBy(desc(session.updatedAt))
}

/** The token of one of this user's sessions, for better-auth's revoke-session. */
export async function findSessionToken(db: Db, userId: string, sessionId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ token: session.token })
    .from(session)
    .where(and(eq(session.id, sessionId), eq(session.userId, userId)))
  return row?.token
}

// --- Changes made from the profile page, through better-auth where it owns the data ---

/** The signed-in user making a change, with the request headers better-auth reads the session from. */
export type Actor = { userId: string; sessionId: string; headers: Headers }

const PASSWORD_ATTEMPTS: RateLimitRule = { windowSeconds: 15 * 60, max: 10 }
const PHOTO_UPLOADS: RateLimitRule = { windowSeconds: 60 * 60, max: 20 }
export const TOO_MANY_ATTEMPTS_MESSAGE = 'Too many attempts. Wait 15 minutes and try again.'
export const TOO_MANY_UPLOADS_MESSAGE = 'You have changed your photo many times in the last hour. Try again later.'

/** better-auth's limiter does not see its API called in-process, so these forms count attempts themselves. */
async function withinLimit(services: Services, key: string, rule: RateLimitRule) {
  if (!services.config.RATE_LIMIT) return true
  return (await consumeRateLimit(services.database.db, `profile|${key}`, rule)).allowed
}

/** A refusal of what was entered in one field. */
function fieldRefusal(field: string, message: string) {
  return new AppError('invalid', message, errorFor(field, message))
}

/** Saves name, role, bio and phone. The name goes through better-auth so its session cookie stays right. */
export async function saveProfile(
  services: Services,
  actor: Actor,
  input: { name: string } & ProfileDetails,
): Promise<{ headers: Headers }> {
  const { headers } = await services.auth.api.updateUser({
    headers: actor.headers,
    body: { name: input.name },
    returnHeaders: true,
  })
  await updateProfileDetails(services.database.db, actor.userId, {
    role: input.role,
    bio: input.bio,
    phone: input.phone,
  })
  return { headers }
}

/**
 * Re-encodes and stores a new profile photo, then deletes the one it replaces. A file that is not an
 * acceptable image is refused on `photo`; nothing is stored then.
 */
export async function uploadProfilePhoto(services: Services, userId: string, bytes: Uint8Array): Promise<{ photoURL: string }> {
  if (!(await withinLimit(services, `${userId}|upload-photo`, PHOTO_UPLOADS))) {
    throw new AppError('rate-limited', TOO_MANY_UPLOADS_MESSAGE, errorFor('photo', TOO_MANY_UPLOADS_MESSAGE))
  }
  // Image work and file writes happen before and after the short row update, never inside it.
  const processed = await processAvatar(bytes).catch((error: unknown) => {
    throw isAppError(error) ? fieldRefusal('photo', error.message) : error
  })
  const { DATA_DIR } = services.config
  const photoURL = await saveAvatarFile(DATA_DIR, processed.data)
  let previous: string | null
  try {
    previous = await setProfilePhoto(services.database.db, userId, photoURL)
  } catch (error) {
    await deleteAvatarFile(DATA_DIR, photoURL)
    throw error
  }
  if (previous !== photoURL) await deleteAvatarFile(DATA_DIR, previous)
  return { photoURL }
}

export async function removeProfilePhoto(services: Services, userId: string): Promise<void> {
  const previous = await setProfilePhoto(services.database.db, userId, null)
  await deleteAvatarFile(services.config.DATA_DIR, previous)
}

/**
 * Changes the password and signs out every other session (the auth hook insists on it
 * for any caller). better-auth replaces this session too: the headers carry its new cookie.
 */
export async function changeAccountPassword(
  services: Services,
  actor: Actor,
  input: { currentPassword: string; newPassword: string },
): Promise<{ headers: Headers }> {
  if (isCommonPassword(input.newPassword)) throw fieldRefusal('newPassword', COMMON_PASSWORD_MESSAGE)
  if (input.newPassword === input.currentPassword) {
    throw fieldRefusal('newPassword', 'Choose a new password that is different from the current one.')
  }
  if (!(await withinLimit(services, `${actor.userId}|change-password`, PASSWORD_ATTEMPTS))) {
    throw new AppError('rate-limited', TOO_MANY_ATTEMPTS_MESSAGE)
  }
  try {
    const { headers } = await services.auth.api.changePassword({
      headers: actor.headers,
      body: { currentPassword: input.currentPassword, newPassword: input.newPassword, revokeOtherSessions: true },
      returnHeaders: true,
    })
    return { headers }
  } catch (error) {
    switch (authErrorCode(error)) {
      case 'INVALID_PASSWORD':
        throw fieldRefusal('currentPassword', 'The current password is not right.')
      case 'PASSWORD_TOO_COMMON':
        throw fieldRefusal('newPassword', COMMON_PASSWORD_MESSAGE)
      case 'PASSWORD_TOO_SHORT':
      case 'PASSWORD_TOO_LONG':
        throw fieldRefusal('newPassword', 'Use between 8 and 128 characters.')
      case 'CREDENTIAL_ACCOUNT_NOT_FOUND':
        throw new AppError('invalid', 'Your account signs in through single sign-on and has no password to change.')
      default:
        throw error
    }
  }
}

export async function signOutOtherSessions(services: Services, actor: Actor): Promise<void> {
  await services.auth.api.revokeOtherSessions({ headers: actor.headers })
}

/** Signs out one of the user's other sessions; 'gone' when it has already ended or is not theirs. */
export async function signOutSession(services: Services, actor: Actor, sessionId: string): Promise<'signed-out' | 'gone' | 'current'> {
  if (sessionId === actor.sessionId) return 'current'
  const token = await findSessionToken(services.database.db, actor.userId, sessionId)
  if (!token) return 'gone'
  await services.auth.api.revokeSession({ headers: actor.headers, body: { token } })
  return 'signed-out'
}

/**
 * Deletes the account: better-auth deletes the user (checking the password when there is one, else
 * that the session is fresh), the database cascades to the profile, list, sessions and private
 * documents, and the avatar file and the documents' files are removed here. Returns the headers
 * that clear the session cookies.
 */
export async function deleteAccount(services: Services, actor: Actor, input: { password?: string }): Promise<{ headers: Headers }> {
  const { db } = services.database
  if (!(await withinLimit(services, `${actor.userId}|delete-account`, PASSWORD_ATTEMPTS))) {
    throw new AppError('rate-limited', TOO_MANY_ATTEMPTS_MESSAGE)
  }
  const [stored] = await db.select({ photoURL: profile.photoURL }).from(profile).where(eq(profile.userId, actor.userId))
  // Read before the account goes: the cascade takes the rows, and with them where the files are.
  const documentIds = await listOwnerDocumentIds(db, actor.userId)
  try {
    const { headers } = await services.auth.api.deleteUser({
      headers: actor.headers,
      body: input.password === undefined ? {} : { password: input.password },
      returnHeaders: true,
    })
    await deleteAvatarFile(services.config.DATA_DIR, stored?.photoURL)
    await deleteDocuments(services, { ids: documentIds })
    return { headers }
  } catch (error) {
    switch (authErrorCode(error)) {
      case 'INVALID_PASSWORD':
        throw fieldRefusal('password', 'The password is not right.')
      case 'SESSION_EXPIRED':
        throw new AppError('forbidden', 'For your safety, sign out and sign in again, then delete your account within a day of signing in.')
      default:
        throw error
    }
  }
}
