// /userprofile: the signed-in user's own profile and account. Each form posts here with an `intent`;
// every one works without JavaScript, and a refusal answers 400 with the fields in error.
import { data, redirect, useActionData, useLoaderData } from 'react-router'
import type { Route } from './+types/userprofile'
import { appContext } from '#server/http/app-context.server.ts'
import { MESSAGE_SETTINGS_INTENT, MessageSettings, isTicked } from '#app/components/chat/message-settings.tsx'
import { MyListings } from '#app/components/listings/my-listings.tsx'
import { DeleteAccountForm } from '#app/components/profile/delete-account-form.tsx'
import { DetailsForm } from '#app/components/profile/details-form.tsx'
import { describeDevice } from '#app/components/profile/device.ts'
import { ProfileSection, failureFor } from '#app/components/profile/fields.tsx'
import { PasswordForm } from '#app/components/profile/password-form.tsx'
import { PhotoForm } from '#app/components/profile/photo-form.tsx'
import {
  INTENTS,
  deleteAccountSchema,
  passwordSchema,
  profileSchema,
  revokeSessionSchema,
  textFields,
  type FieldErrors,
  type FormFailure,
  type Intent,
} from '#app/components/profile/profile-forms.ts'
import { SessionsList, type SessionView } from '#app/components/profile/sessions-list.tsx'
import { SavedList } from '#app/components/listings/saved-list.tsx'
import { findSavedListings, findOwnerListings } from '#server/listings/index.server.ts'
import { formatDate } from '#app/utils/format.ts'
import { siteConfig } from '#common/site-config.ts'
import {
  changeAccountPassword,
  deleteAccount,
  findAccountOverview,
  listActiveSessions,
  removeProfilePhoto,
  saveProfile,
  signOutOtherSessions,
  signOutSession,
  uploadProfilePhoto,
  cookieHeaders,
  requireUser,
} from '#server/accounts/index.server.ts'
import { findMessageSettings, saveMessageSettings } from '#server/messages/index.server.ts'
import { redirectWithToast } from '#server/http/flash.server.ts'
import {
  AVATAR_MAX_BYTES,
  ImageRejectedError,
  imageRejectionMessages,
  BodyTooLargeError,
  UPLOAD_REQUEST_LIMITS,
  readFormDataWithLimit,
} from '#server/media/index.server.ts'
import type { z } from 'zod'

const PAGE = '/userprofile'

export function meta() {
  return [
    { title: `My Profile · ${siteConfig.name}` },
    { name: 'description', content: 'Your Cooper Home profile, photo, password, sessions and account.' },
    { name: 'robots', content: 'noindex' },
  ]
}

const dateTimeFormat = new Intl.DateTimeFormat('en-US', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'UTC',
})
const formatDateTime = (date: Date) => `${dateTimeFormat.format(date)} UTC`

export async function loader({ request, context }: Route.LoaderArgs) {
  const { services } = context.get(appContext)
  const current = await requireUser(services, request)
  const { db } = services.database
  const [account, sessions, myListings, saved, messageSettings] = await Promise.all([
    findAccountOverview(db, current.userId),
    listActiveSessions(db, current.userId),
    findOwnerListings(db, { ownerId: current.userId }),
    findSavedListings(db, { user: { id: current.userId, email: current.user.email } }),
    findMessageSettings(db, current.userId),
  ])
  if (!account) throw redirect(`/login?${new URLSearchParams({ redirectTo: PAGE })}`)
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
    myListings,
    saved,
    messageSettings,
    singleSignOnName: services.config.oidc?.name ?? null,
  }
}

function refuse(intent: Intent, fieldErrors: FieldErrors, extra: Omit<FormFailure, 'intent' | 'fieldErrors'> = {}, status = 400) {
  return data<FormFailure>({ intent, fieldErrors, ...extra }, { status })
}

function fieldErrorsOf(error: z.ZodError): FieldErrors {
  const errors: Record<string, string[]> = {}
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? 'form')
    ;(errors[field] ??= []).push(issue.message)
  }
  return errors
}

export async function action({ request, context }: Route.ActionArgs) {
  const { services } = context.get(appContext)
  const current = await requireUser(services, request)
  const actor = { userId: current.userId, sessionId: current.sessionId, headers: request.headers }

  let formData: FormData
  try {
    formData = await readFormDataWithLimit(request, UPLOAD_REQUEST_LIMITS.profilePhoto)
  } catch (error) {
    // Only the photo form can send this much.
    if (error instanceof BodyTooLargeError) {
      return refuse(INTENTS.avatar, { photo: [imageRejectionMessages['too-large']] }, {}, 413)
    }
    return refuse(INTENTS.profile, {}, { formError: 'The form could not be read. Reload the page and try again.' })
  }

  const intent = formData.get('intent')
  switch (intent) {
    case INTENTS.profile: {
      const values = textFields(formData, ['name', 'role', 'bio', 'phone'])
      const parsed = profileSchema.safeParse(values)
      if (!parsed.success) return refuse(intent, fieldErrorsOf(parsed.error), { values })
      const { headers } = await saveProfile(services, actor, parsed.data)
      return redirectWithToast(PAGE, { type: 'success', message: 'Your profile is saved.' }, { headers })
    }

    case INTENTS.avatar: {
      const photo = formData.get('photo')
      if (!(photo instanceof File) || photo.size === 0) {
        return refuse(intent, { photo: ['Choose a photo to upload.'] })
      }
      // The size is known before a single byte is decoded.
      if (photo.size > AVATAR_MAX_BYTES) return refuse(intent, { photo: [imageRejectionMessages['too-large']] })
      try {
        const result = await uploadProfilePhoto(services, current.userId, new Uint8Array(await photo.arrayBuffer()))
        if (!('photoURL' in result)) return refuse(intent, { photo: [result.message] })
      } catch (error) {
        if (error instanceof ImageRejectedError) return refuse(intent, { photo: [error.message] })
        throw error
      }
      return redirectWithToast(PAGE, { type: 'success', message: 'Your photo is updated.' })
    }

    case INTENTS.removeAvatar: {
      await removeProfilePhoto(services, current.userId)
      return redirectWithToast(PAGE, { type: 'success', message: 'Your photo is removed.' })
    }

    case INTENTS.password: {
      const parsed = passwordSchema.safeParse(textFields(formData, ['currentPassword', 'newPassword']))
      if (!parsed.success) return refuse(intent, fieldErrorsOf(parsed.error))
      const result = await changeAccountPassword(services, actor, parsed.data)
      if ('message' in result) {
        return result.field ? refuse(intent, { [result.field]: [result.message] }) : refuse(intent, {}, { formError: result.message })
      }
      // The answer carries this browser's new session cookie: the old session ended with the others.
      return redirectWithToast(
        PAGE,
        { type: 'success', message: 'Password changed. Your other sessions were signed out.' },
        { headers: cookieHeaders(result.headers) },
      )
    }

    case INTENTS.revokeOthers: {
      await signOutOtherSessions(services, actor)
      return redirectWithToast(PAGE, { type: 'success', message: 'Your other sessions are signed out.' })
    }

    case INTENTS.revokeSession: {
      const parsed = revokeSessionSchema.safeParse(textFields(formData, ['sessionId']))
      if (!parsed.success) return refuse(intent, {}, { formError: 'Choose a session to sign out.' })
      const outcome = await signOutSession(services, actor, parsed.data.sessionId)
      if (outcome === 'current') {
        return refuse(intent, {}, { formError: 'To sign out of this device, use Logout in the navigation.' })
      }
      return redirectWithToast(
        PAGE,
        outcome === 'signed-out'
          ? { type: 'success', message: 'That session is signed out.' }
          : { type: 'info', message: 'That session had already ended.' },
      )
    }

    case INTENTS.deleteAccount: {
      const account = await findAccountOverview(services.database.db, current.userId)
      const hasPassword = account?.hasPassword ?? false
      const values = textFields(formData, ['password', 'confirmation', 'understood'])
      const parsed = deleteAccountSchema(hasPassword).safeParse(values)
      if (!parsed.success) {
        return refuse(intent, fieldErrorsOf(parsed.error), { values: { confirmation: values.confirmation ?? '' } })
      }
      const result = await deleteAccount(services, actor, 'password' in parsed.data ? { password: parsed.data.password } : {})
      if ('message' in result) {
        return result.field ? refuse(intent, { [result.field]: [result.message] }) : refuse(intent, {}, { formError: result.message })
      }
      return redirectWithToast('/', { type: 'success', message: 'Your account is deleted.' }, { headers: result.headers })
    }

    case MESSAGE_SETTINGS_INTENT: {
      await saveMessageSettings(services.database.db, current.userId, {
        sendReadReceipts: isTicked(formData, 'sendReadReceipts'),
        emailUnreadMessages: isTicked(formData, 'emailUnreadMessages'),
      })
      return redirectWithToast(PAGE, { type: 'success', message: 'Your message settings are saved.' })
    }

    default:
      return refuse(INTENTS.profile, {}, { formError: 'This form is not one we know. Reload the page and try again.' })
  }
}

const sections = [
  { id: 'details', label: 'Profile details' },
  { id: 'photo', label: 'Photo' },
  { id: 'account', label: 'Account' },
  { id: 'password', label: 'Password' },
  { id: 'messages', label: 'Messages' },
  { id: 'sessions', label: 'Active sessions' },
  { id: 'delete-account', label: 'Delete account' },
]

export default function UserProfile() {
  const { account, sessions, myListings, saved, messageSettings, singleSignOnName } = useLoaderData<typeof loader>()
  const failure = useActionData<typeof action>()
  const roleLabel = account.role === 'landlord' ? 'Landlord' : account.role === 'renter' ? 'Renter' : null

  return (
    <div>
      <header className="flex flex-col gap-5 sm:flex-row sm:items-center">
        <HeaderAvatar src={account.avatar} name={account.name || account.email} />
        <div className="min-w-0">
          <h1 className="text-3xl font-bold tracking-tight text-ink sm:text-4xl">My Profile</h1>
          <p className="mt-1 truncate text-lg text-ink-soft">
            <span className="font-semibold text-ink">{account.name || account.email}</span>
            {roleLabel ? <> · {roleLabel}</> : null}
          </p>
        </div>
      </header>

      <div className="mt-8 grid gap-8 lg:grid-cols-[14rem_minmax(0,1fr)]">
        <nav aria-label="Profile sections" className="hidden lg:block">
          <ul className="sticky top-24 space-y-1 text-sm">
            {sections.map((section) => (
              <li key={section.id}>
                <a
                  href={`#${section.id}`}
                  className={`block rounded-md px-3 py-2 font-medium hover:bg-brand-50 hover:text-brand-800 ${
                    section.id === 'delete-account' ? 'text-red-800' : 'text-ink-soft'
                  }`}
                >
                  {section.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>

        <div className="max-w-4xl space-y-8">
          <ProfileSection id="details" title="Profile details" description="How you appear to renters, landlords and the community.">
            <DetailsForm details={account} failure={failureFor(failure, INTENTS.profile)} />
          </ProfileSection>

          <ProfileSection id="photo" title="Photo" description="Your photo appears beside your name.">
            <PhotoForm
              name={account.name || account.email}
              avatar={account.avatar}
              canRemove={Boolean(account.photoURL)}
              failure={failureFor(failure, INTENTS.avatar)}
              removeFailure={failureFor(failure, INTENTS.removeAvatar)}
            />
          </ProfileSection>

          <MyListings listings={myListings} isLandlord={account.role === 'landlord'} />

          <ProfileSection id="saved" title="Saved homes" description="Homes you saved, with what each costs a month all-in.">
            <SavedList listings={saved} />
          </ProfileSection>

          <ProfileSection id="account" title="Account">
            <dl className="grid gap-x-6 gap-y-4 sm:grid-cols-[10rem_minmax(0,1fr)]">
              <dt className="text-sm font-semibold text-ink">E-mail address</dt>
              <dd className="flex flex-wrap items-center gap-2 text-ink">
                <span className="break-all">{account.email}</span>
                {account.emailVerified ? (
                  <span className="rounded-full bg-brand-100 px-2 py-0.5 text-xs font-semibold text-brand-800">Verified</span>
                ) : (
                  <span className="rounded-full bg-sun-100 px-2 py-0.5 text-xs font-semibold text-ink">Not verified</span>
                )}
              </dd>
              <dt className="text-sm font-semibold text-ink">Signs in with</dt>
              <dd className="text-ink">{account.hasPassword ? 'E-mail and password' : (singleSignOnName ?? 'Single sign-on')}</dd>
              <dt className="text-sm font-semibold text-ink">Member since</dt>
              <dd className="text-ink">{account.memberSince}</dd>
            </dl>
            <p className="mt-4 text-sm text-ink-soft">
              Your e-mail address is your sign-in name and cannot be changed here. To use another one, write to{' '}
              <a className="font-medium text-brand-800 underline" href={`mailto:${siteConfig.email}`}>
                {siteConfig.email}
              </a>
              .
            </p>
          </ProfileSection>

          <ProfileSection id="password" title="Password">
            {account.hasPassword ? (
              <PasswordForm email={account.email} failure={failureFor(failure, INTENTS.password)} />
            ) : (
              <p className="text-ink">
                You sign in through {singleSignOnName ?? 'single sign-on'}, so your account has no password here. Your password is managed
                there.
              </p>
            )}
          </ProfileSection>

          <MessageSettings settings={messageSettings} />

          <ProfileSection
            id="sessions"
            title="Active sessions"
            description="The devices and browsers signed in to your account. Sign out any you do not recognise."
          >
            <SessionsList sessions={sessions} failure={failureFor(failure, INTENTS.revokeSession)} />
          </ProfileSection>

          <ProfileSection id="delete-account" title="Delete account" tone="danger">
            <DeleteAccountForm hasPassword={account.hasPassword} failure={failureFor(failure, INTENTS.deleteAccount)} />
          </ProfileSection>
        </div>
      </div>
    </div>
  )
}

function HeaderAvatar({ src, name }: { src: string; name: string }) {
  if (src) return <img src={src} alt="" className="size-20 rounded-full object-cover ring-4 ring-white shadow" />
  return (
    <span
      aria-hidden="true"
      className="inline-flex size-20 items-center justify-center rounded-full bg-brand-700 text-3xl font-bold text-white ring-4 ring-white shadow"
    >
      {name.trim().charAt(0).toUpperCase() || '?'}
    </span>
  )
}
