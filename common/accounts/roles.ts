// Why someone is on Cooper Home: to rent a home, to let homes, or both. Asked at sign-up and
// changeable on the profile at any time; a profile may have none yet (an account made through single
// sign-on or the API, or before the question was asked). Only those who let homes list them.

export const ROLES = ['renter', 'landlord', 'both'] as const
export type Role = (typeof ROLES)[number]

/** The roles that list homes. */
export const LISTING_ROLES = ['landlord', 'both'] as const satisfies readonly Role[]

/** How each role is offered on the sign-up and profile forms. */
export const ROLE_CHOICES: Record<Role, { label: string; description: string }> = {
  renter: { label: 'Renter', description: 'I am looking for a home to rent or lease.' },
  landlord: { label: 'Landlord', description: 'I let homes and publish listings.' },
  both: { label: 'Both', description: 'I rent a home, and I let homes too.' },
}

/** True for a role that lists homes. */
export function listsHomes(role: string): boolean {
  return (LISTING_ROLES as readonly string[]).includes(role)
}

/** How a role reads beside a name: "Renter", "Landlord", "Renter and landlord"; null for none. */
export function roleLabel(role: string): string | null {
  if (role === 'both') return 'Renter and landlord'
  return (ROLES as readonly string[]).includes(role) ? ROLE_CHOICES[role as Role].label : null
}

/** The role of someone who chooses to list a home: a renter rents and lets, anyone else lets. */
export function withLetting(role: string): Role {
  return role === 'renter' || role === 'both' ? 'both' : 'landlord'
}
