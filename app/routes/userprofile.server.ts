// What /userprofile does on the server: the page's data, and one handler per form (each form posts
// with an `intent`). A refusal answers 400 with that form's field errors, whatever the reason (a
// field, a limit, an expired session), so every form works the same without JavaScript.
import { redirect } from 'react-router'
import { describeDevice } from '#app/components/profile/device.ts'
import {
  INTENTS,
  deleteAccountSchema,
  passwordSchema,
  profileSchema,
  revokeSessionSchema,
  textFields,
  type Intent,
} from '#app/components/profile/profile-forms.ts'
import type { SessionView } from '#app/components/profile/sessions-list.tsx'
import { MESSAGE_SETTINGS_INTENT, isTicked } from '#app/components/chat/message-settings.tsx'
import { formatDate } from '#app/utils/format.ts'
import { errorFor, parseForm } from '#common/forms.ts'
import { twoFactorConfirmSchema, twoFactorPasswordSchema } from '#common/accounts/two-factor-forms.ts'
import {
  cancelTwoFactorSetup,
  confirmTwoFactorSetup,
  listOwnPasskeys,
  loadTwoFactorState,
  regenerateBackupCodes,
  startTwoFactorSetup,
  turnOffTwoFactor,
  changeAccountPassword,
  cookieHeaders,
  deleteAccount,
  findAccountOverview,
  listActiveSessions,
  removeProfilePhoto,
  requireUser,
  saveProfile,
  signOutOtherSessions,
  signOutSession,
  startLetting,
  uploadProfilePhoto,
} from '#server/accounts/index.server.ts'
import { AppError, isAppError } from '#server/errors.server.ts'
import { redirectWithToast } from '#server/http/flash.server.ts'
import { UNKNOWN_FORM, refusalOf } from '#server/http/route-errors.server.ts'
import { findOwnerListings, findSavedListings } from '#server/listings/index.server.ts'
import { AVATAR_MAX_BYTES, UPLOAD_REQUEST_LIMITS, imageRejectionMessages, readFormDataWithLimit } from '#server/media/index.server.ts'
import { findMessageSettings, saveMessageSettings } from '#server/messages/index.server.ts'
import type { Services } from '#server/services.server.ts'
import { shouldAskForSecondFactor } from './second-factor-request.server.ts'
import { removeOwnPasskey, renameOwnPasskey } from './userprofile-passkeys.server.ts'

export const PROFILE_PAGE = '/userprofile'
const NEW_LISTING_PAGE = '/properties/new'

/** How many of the owner's listings the profile shows; the rest are on /my-listings. */
const PROFILE_LISTINGS = 5

const dateTimeFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' })
const formatDateTime = (date: Date) => `${dateTimeFormat.format(date)} UTC`

export async function loadProfilePage(services: Services, request: Request) {
  const current = await requireUser(services, request)
  const { db } = services.database
  const actor = { userId: current.userId, sessionId: current.sessionId, headers: request.headers }
  const [account, sessions, myListings, saved, messageSettings, twoFactor, askForSecondFactor, passkeys] = await Promise.all([
    findAccountOverview(db, current.userId),
    listActiveSessions(db, current.userId),
    findOwnerListings(db, { ownerId: current.userId, limit: PROFILE_LISTINGS }),
    findSavedListings(db, { user: { id: current.userId, email: current.user.email } }),
    findMessageSettings(db, current.userId),
    loadTwoFactorState(services, current.userId),
    shouldAskForSecondFactor(services, current.userId),
    listOwnPasskeys(services, actor),
  ])
  if (!account) throw redirect(`/login?${new URLSearchParams({ redirectTo: PROFILE_PAGE })}`)
  const sessionViews: SessionView[] = sessions
    .map((session) => ({
      id: session.id,
      device: describeDevice(session.userAgent),
      ipAddress: session.ipAddress,
      signedInAt: formatDateTime(session.createdAt),
      signedInAtIso: session.createdAt.toISOString(),
      lastActiveAt: formatDateTime(session.updatedAt),
      lastActiveAtIso: session.updatedAt.toISOString(),
      isCurrent: session.id === current.sessionId,
    }))
    .sort((a, b) => Number(b.isCurrent) - Number(a.isCurrent))
  return {
    account: {
      name: account.name,
      email: account.email,
      emailVerified: account.emailVerified,
      memberSince: formatDate(account.createdAt),
      hasPassword: account.hasPassword,
      role: account.role,
      bio: account.bio,
      phone: account.phone,
      photoURL: account.photoURL,
      avatar: current.user.avatar,
    },
    sessions: sessionViews,
    twoFactor,
    askForSecondFactor,
    passkeys: passkeys.map((passkey) => ({
      id: passkey.id,
      name: passkey.name,
      createdAt: passkey.createdAt ? formatDateTime(passkey.createdAt) : null,
      createdAtIso: passkey.createdAt?.toISOString() ?? null,
      synced: passkey.synced,
      backedUp: passkey.backedUp,
    })),
    myListings: myListings.items,
    myListingsTotal: myListings.total,
    saved,
    messageSettings,
    singleSignOnName: services.config.oidc?.name ?? null,
  }
}

/** The signed-in user, the request headers better-auth reads the session from, and the submitted form. */
export type Submission = {
  services: Services
  actor: { userId: string; sessionId: string; headers: Headers }
  formData: FormData
}

/** A refusal of one of the page's forms, in the words given (the form shows them above its fields). */
const refuse = (intent: Intent, message: string) => refusalOf(new AppError('invalid', message), { intent })

/** A refused photo, said under the photo field. */
const refusePhoto = (message: string) => refusalOf(new AppError('invalid', message, errorFor('photo', message)), { intent: INTENTS.avatar })

type Answer = Response | ReturnType<typeof refuse>

/** Runs one form's work; an AppError becomes that form's refusal. */
async function answering(intent: Intent, work: () => Promise<Response>): Promise<Answer> {
  try {
    return await work()
  } catch (error) {
    if (!isAppError(error)) throw error
    return refusalOf(error, { intent })
  }
}

const handlers: Record<Intent | typeof MESSAGE_SETTINGS_INTENT, (submission: Submission) => Promise<Answer>> = {
  [INTENTS.profile]: saveDetails,
  [INTENTS.avatar]: uploadPhoto,
  [INTENTS.removeAvatar]: removePhoto,
  [INTENTS.password]: changePassword,
  [INTENTS.revokeOthers]: signOutOthers,
  [INTENTS.revokeSession]: signOutOneSession,
  [INTENTS.deleteAccount]: deleteOwnAccount,
  [INTENTS.letHomes]: letHomes,
  [INTENTS.twoFactorStart]: startTwoFactor,
  [INTENTS.twoFactorConfirm]: confirmTwoFactor,
  [INTENTS.twoFactorCancel]: cancelTwoFactor,
  [INTENTS.backupCodes]: newBackupCodes,
  [INTENTS.twoFactorOff]: twoFactorOff,
  [INTENTS.passkeyRename]: renameOwnPasskey,
  [INTENTS.passkeyRemove]: removeOwnPasskey,
  [MESSAGE_SETTINGS_INTENT]: saveMessagePreferences,
}

const isKnownIntent = (intent: unknown): intent is keyof typeof handlers => typeof intent === 'string' && Object.hasOwn(handlers, intent)

/** Reads the submitted form (a photo at most) and hands it to the handler its intent names. */
export async function answerProfileForm(services: Services, request: Request) {
  const current = await requireUser(services, request)
  const actor = { userId: current.userId, sessionId: current.sessionId, headers: request.headers }

  let formData: FormData
  try {
    // Only the photo form can send this much.
    const tooLarge = imageRejectionMessages['too-large']
    formData = await readFormDataWithLimit(request, UPLOAD_REQUEST_LIMITS.profilePhoto, {
      message: tooLarge,
      fieldErrors: errorFor('photo', tooLarge),
    })
  } catch (error) {
    if (isAppError(error)) return refusalOf(error, { intent: INTENTS.avatar })
    return refuse(INTENTS.profile, 'The form could not be read. Reload the page and try again.')
  }

  const intent = formData.get('intent')
  if (!isKnownIntent(intent)) {
    return refuse(INTENTS.profile, UNKNOWN_FORM)
  }
  return handlers[intent]({ services, actor, formData })
}

/** "List a home" as a renter (/properties/new): they let homes from now on, and go on to list one. */
async function letHomes({ services, actor }: Submission) {
  const role = await startLetting(services.database.db, actor.userId)
  const message =
    role === 'both'
      ? 'You rent and let homes now (you can change it on your profile). List your first home below.'
      : 'You are a landlord now (you can change it on your profile). List your first home below.'
  return redirectWithToast(NEW_LISTING_PAGE, { type: 'success', message })
}

async function saveDetails({ services, actor, formData }: Submission) {
  const values = textFields(formData, ['name', 'role', 'bio', 'phone'])
  const parsed = parseForm(profileSchema, values)
  if (!parsed.ok) return refusalOf(parsed, { intent: INTENTS.profile, values })
  const { headers } = await saveProfile(services, actor, parsed.data)
  return redirectWithToast(PROFILE_PAGE, { type: 'success', message: 'Your profile is saved.' }, { headers })
}

async function uploadPhoto({ services, actor, formData }: Submission) {
  const photo = formData.get('photo')
  if (!(photo instanceof File) || photo.size === 0) return refusePhoto('Choose a photo to upload.')
  // The size is known before a single byte is decoded.
  if (photo.size > AVATAR_MAX_BYTES) return refusePhoto(imageRejectionMessages['too-large'])
  return answering(INTENTS.avatar, async () => {
    await uploadProfilePhoto(services, actor.userId, new Uint8Array(await photo.arrayBuffer()))
    return redirectWithToast(PROFILE_PAGE, { type: 'success', message: 'Your photo is updated.' })
  })
}

async function removePhoto({ services, actor }: Submission) {
  await removeProfilePhoto(services, actor.userId)
  return redirectWithToast(PROFILE_PAGE, { type: 'success', message: 'Your photo is removed.' })
}

async function changePassword({ services, actor, formData }: Submission) {
  const parsed = parseForm(passwordSchema, textFields(formData, ['currentPassword', 'newPassword']))
  if (!parsed.ok) return refusalOf(parsed, { intent: INTENTS.password })
  return answering(INTENTS.password, async () => {
    const { headers } = await changeAccountPassword(services, actor, parsed.data)
    // The answer carries this browser's new session cookie: the old session ended with the others.
    return redirectWithToast(
      PROFILE_PAGE,
      { type: 'success', message: 'Password changed. Your other sessions were signed out.' },
      { headers: cookieHeaders(headers) },
    )
  })
}

async function signOutOthers({ services, actor }: Submission) {
  await signOutOtherSessions(services, actor)
  return redirectWithToast(PROFILE_PAGE, { type: 'success', message: 'Your other sessions are signed out.' })
}

async function signOutOneSession({ services, actor, formData }: Submission) {
  const parsed = parseForm(revokeSessionSchema, textFields(formData, ['sessionId']))
  if (!parsed.ok) return refuse(INTENTS.revokeSession, 'Choose a session to sign out.')
  const outcome = await signOutSession(services, actor, parsed.data.sessionId)
  if (outcome === 'current') {
    return refuse(INTENTS.revokeSession, 'To sign out of this device, use Logout in the navigation.')
  }
  return redirectWithToast(
    PROFILE_PAGE,
    outcome === 'signed-out'
      ? { type: 'success', message: 'That session is signed out.' }
      : { type: 'info', message: 'That session had already ended.' },
  )
}

async function deleteOwnAccount({ services, actor, formData }: Submission) {
  const account = await findAccountOverview(services.database.db, actor.userId)
  const values = textFields(formData, ['password', 'confirmation', 'understood'])
  const parsed = parseForm(deleteAccountSchema(account?.hasPassword ?? false), values)
  if (!parsed.ok) return refusalOf(parsed, { intent: INTENTS.deleteAccount, values: { confirmation: values.confirmation ?? '' } })
  const input = 'password' in parsed.data ? { password: parsed.data.password } : {}
  return answering(INTENTS.deleteAccount, async () => {
    const { headers } = await deleteAccount(services, actor, input)
    return redirectWithToast('/', { type: 'success', message: 'Your account is deleted.' }, { headers })
  })
}

async function saveMessagePreferences({ services, actor, formData }: Submission) {
  await saveMessageSettings(services.database.db, actor.userId, {
    sendReadReceipts: isTicked(formData, 'sendReadReceipts'),
    emailUnreadMessages: isTicked(formData, 'emailUnreadMessages'),
  })
  return redirectWithToast(PROFILE_PAGE, { type: 'success', message: 'Your message settings are saved.' })
}

// --- Two-factor sign-in (#two-factor) ---

const TWO_FACTOR_SECTION = `${PROFILE_PAGE}#two-factor`

async function startTwoFactor({ services, actor, formData }: Submission) {
  const parsed = parseForm(twoFactorPasswordSchema, textFields(formData, ['password']))
  if (!parsed.ok) return refusalOf(parsed, { intent: INTENTS.twoFactorStart })
  return answering(INTENTS.twoFactorStart, async () => {
    await startTwoFactorSetup(services, actor, parsed.data)
    return redirectWithToast(TWO_FACTOR_SECTION, {
      type: 'info',
      message: 'Scan the QR code with your authenticator app, then enter its code.',
    })
  })
}

async function confirmTwoFactor({ services, actor, formData }: Submission) {
  const parsed = parseForm(twoFactorConfirmSchema, textFields(formData, ['code']))
  if (!parsed.ok) return refusalOf(parsed, { intent: INTENTS.twoFactorConfirm })
  return answering(INTENTS.twoFactorConfirm, async () => {
    // better-auth replaced the session: its new cookie goes with the answer.
    const { headers } = await confirmTwoFactorSetup(services, actor, parsed.data)
    return redirectWithToast(
      TWO_FACTOR_SECTION,
      { type: 'success', message: 'Two-factor sign-in is on. Save your backup codes now: they are shown only once.' },
      { headers },
    )
  })
}

async function cancelTwoFactor({ services, actor }: Submission) {
  await cancelTwoFactorSetup(services, actor)
  return redirectWithToast(TWO_FACTOR_SECTION, { type: 'info', message: 'Two-factor sign-in was not turned on.' })
}

async function newBackupCodes({ services, actor, formData }: Submission) {
  const parsed = parseForm(twoFactorPasswordSchema, textFields(formData, ['password']))
  if (!parsed.ok) return refusalOf(parsed, { intent: INTENTS.backupCodes })
  return answering(INTENTS.backupCodes, async () => {
    await regenerateBackupCodes(services, actor, parsed.data)
    return redirectWithToast(TWO_FACTOR_SECTION, {
      type: 'success',
      message: 'New backup codes are ready. Save them now: they are shown only once, and the old ones no longer work.',
    })
  })
}

/** Turning it off signs out every device, this one too: on to the login page, which says why. */
async function twoFactorOff({ services, actor, formData }: Submission) {
  const parsed = parseForm(twoFactorPasswordSchema, textFields(formData, ['password']))
  if (!parsed.ok) return refusalOf(parsed, { intent: INTENTS.twoFactorOff })
  return answering(INTENTS.twoFactorOff, async () => {
    const { headers } = await turnOffTwoFactor(services, actor, parsed.data)
    return redirectWithToast(
      `/login?${new URLSearchParams({ redirectTo: PROFILE_PAGE })}`,
      { type: 'info', message: 'Two-factor sign-in is off, and every device was signed out. Log in again with your password.' },
      { headers },
    )
  })
}
