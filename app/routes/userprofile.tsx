// /userprofile: the signed-in user's own profile and account. Each form posts here with an `intent`;
// every one works without JavaScript, and a refusal answers 400 with the fields in error. The work
// behind the loader and each form is in userprofile.server.ts.
import { Link, useActionData, useLoaderData } from 'react-router'
import type { Route } from './+types/userprofile'
import { appContext } from '#server/http/app-context.server.ts'
import { MessageSettings } from '#app/components/chat/message-settings.tsx'
import { MyListings } from '#app/components/listings/my-listings.tsx'
import { DeleteAccountForm } from '#app/components/profile/delete-account-form.tsx'
import { DetailsForm } from '#app/components/profile/details-form.tsx'
import { ProfileSection, failureFor } from '#app/components/profile/fields.tsx'
import { PasskeysSection } from '#app/components/profile/passkeys-section.tsx'
import { PasswordForm } from '#app/components/profile/password-form.tsx'
import { PhotoForm } from '#app/components/profile/photo-form.tsx'
import { INTENTS } from '#app/components/profile/profile-forms.ts'
import { SessionsList } from '#app/components/profile/sessions-list.tsx'
import { SecondFactorNotice } from '#app/components/profile/second-factor-notice.tsx'
import { TwoFactorSection } from '#app/components/profile/two-factor-section.tsx'
import { SavedList } from '#app/components/listings/saved-list.tsx'
import { listsHomes, roleLabel } from '#common/accounts/roles.ts'
import { siteConfig } from '#common/site-config.ts'
import { answerProfileForm, loadProfilePage } from './userprofile.server.ts'

export function meta() {
  return [
    { title: `My Profile · ${siteConfig.name}` },
    { name: 'description', content: 'Your Cooper Home profile, photo, password, passkeys, sessions and account.' },
    { name: 'robots', content: 'noindex' },
  ]
}

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadProfilePage(context.get(appContext).services, request)
}

export async function action({ request, context }: Route.ActionArgs) {
  return answerProfileForm(context.get(appContext).services, request)
}

/** The page's sections in order, as its menu lists them: what a renter and a landlord come back for first. */
function sectionsOf({ saved, hasListings }: { saved: number; hasListings: boolean }) {
  return [
    { id: 'saved', label: `Saved homes (${saved.toLocaleString('en-US')})` },
    { id: 'applying', label: 'My application' },
    ...(hasListings ? [{ id: 'my-listings', label: 'My listings' }] : []),
    ...sections,
  ]
}

const sections = [
  { id: 'details', label: 'Profile details' },
  { id: 'photo', label: 'Photo' },
  { id: 'account', label: 'Account' },
  { id: 'password', label: 'Password' },
  { id: 'passkeys', label: 'Passkeys' },
  { id: 'two-factor', label: 'Two-factor sign-in' },
  { id: 'messages', label: 'Messages' },
  { id: 'sessions', label: 'Active sessions' },
  { id: 'delete-account', label: 'Delete account' },
]

export default function UserProfile() {
  const {
    account,
    sessions,
    twoFactor,
    passkeys,
    askForSecondFactor,
    myListings,
    myListingsTotal,
    saved,
    messageSettings,
    singleSignOnName,
  } = useLoaderData<typeof loader>()
  const failure = useActionData<typeof action>()
  const role = roleLabel(account.role)
  const hasListings = listsHomes(account.role) || myListingsTotal > 0

  return (
    <div>
      <header className="flex flex-col gap-5 sm:flex-row sm:items-center">
        <HeaderAvatar src={account.avatar} name={account.name || account.email} />
        <div className="min-w-0">
          <h1 className="text-3xl font-bold tracking-tight text-ink sm:text-4xl">My Profile</h1>
          <p className="mt-1 truncate text-lg text-ink-soft">
            <span className="font-semibold text-ink">{account.name || account.email}</span>
            {role ? <> · {role}</> : null}
          </p>
        </div>
      </header>

      <div className="mt-8 grid gap-8 lg:grid-cols-[14rem_minmax(0,1fr)]">
        <nav aria-label="Profile sections" className="hidden lg:block">
          <ul className="sticky top-24 space-y-1 text-sm">
            {sectionsOf({ saved: saved.length, hasListings }).map((section) => (
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
          {askForSecondFactor ? <SecondFactorNotice onProfile /> : null}
          <ProfileSection id="saved" title="Saved homes" description="Homes you saved, with what each costs a month all-in.">
            <SavedList listings={saved} />
          </ProfileSection>

          <ProfileSection
            id="applying"
            title="My application"
            description="Fill in your application once and apply to any home in one step. Cooper Home charges no application fee."
          >
            <p className="flex flex-wrap gap-x-6 gap-y-2">
              <Link to="/userprofile/application" className="font-semibold text-brand-800 underline underline-offset-2">
                My application
              </Link>
              <Link to="/applications" className="font-semibold text-brand-800 underline underline-offset-2">
                Your applications
              </Link>
              <Link to="/leases" className="font-semibold text-brand-800 underline underline-offset-2">
                Your leases
              </Link>
              <Link to="/maintenance" className="font-semibold text-brand-800 underline underline-offset-2">
                Maintenance requests
              </Link>
              <Link to="/stays" className="font-semibold text-brand-800 underline underline-offset-2">
                Your stays
              </Link>
            </p>
          </ProfileSection>

          <MyListings items={myListings} total={myListingsTotal} isLandlord={listsHomes(account.role)} />

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

          <ProfileSection
            id="passkeys"
            title="Passkeys"
            description="Sign in with your device's fingerprint, face or screen lock instead of a password. A passkey cannot be guessed or phished."
          >
            <PasskeysSection
              passkeys={passkeys}
              renameFailure={failureFor(failure, INTENTS.passkeyRename)}
              removeFailure={failureFor(failure, INTENTS.passkeyRemove)}
            />
          </ProfileSection>

          <ProfileSection
            id="two-factor"
            title="Two-factor sign-in"
            description="A code from your phone after your password, so a stolen password alone does not open your account."
          >
            <TwoFactorSection
              state={twoFactor}
              email={account.email}
              hasPassword={account.hasPassword}
              failures={{
                [INTENTS.twoFactorStart]: failureFor(failure, INTENTS.twoFactorStart),
                [INTENTS.twoFactorConfirm]: failureFor(failure, INTENTS.twoFactorConfirm),
                [INTENTS.backupCodes]: failureFor(failure, INTENTS.backupCodes),
                [INTENTS.twoFactorOff]: failureFor(failure, INTENTS.twoFactorOff),
              }}
            />
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
