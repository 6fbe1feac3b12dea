// What the site knows of a signed-in user: the user's authentication data plus the stored profile's fields.

export type SessionUser = {
  email: string
  displayName: string
  photoURL: string
  role: string
  setList: boolean
  status: string
  avatar: string
  isAdmin: boolean
}

export type AuthUser = { email: string; name?: string | null; image?: string | null }

export type StoredProfile = {
  setList: boolean
  role: string
  status: string
  photoURL: string | null
  img: string | null
  isAdministrator: boolean
}

/** The session of a signed-in user: avatar is the profile's photoURL, else its img. */
export function toSessionUser(user: AuthUser, profile: StoredProfile | null | undefined): SessionUser {
  const photoURL = profile?.photoURL || user.image || ''
  return {
    email: user.email.trim().toLowerCase(),
    displayName: user.name?.trim() ?? '',
    photoURL,
    role: profile?.role ?? '',
    setList: profile?.setList ?? false,
    status: profile?.status ?? '',
    avatar: profile?.photoURL || profile?.img || '',
    isAdmin: profile?.isAdministrator ?? false,
  }
}

/** What the navigation calls the user: the display name, or the e-mail when there is none. */
export function nameOf(user: SessionUser): string {
  return user.displayName || user.email
}
