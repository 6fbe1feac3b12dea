// Whether a page asks the signed-in user to turn on a second factor: a landlord with at least one
// signed lease (an account worth stealing) whose sign-in is still the password alone (no
// second factor and no passkey). Shown on
// /my-listings and /userprofile; it joins the accounts and the leases areas, so it lives here.
import { hasPasskey, hasSecondFactor } from '#server/accounts/index.server.ts'
import { ownsSignedLease } from '#server/leases/index.server.ts'
import type { Services } from '#server/services.server.ts'

export async function shouldAskForSecondFactor(services: Services, userId: string): Promise<boolean> {
  if ((await hasSecondFactor(services, userId)) || (await hasPasskey(services, userId))) return false
  return ownsSignedLease(services.database.db, userId)
}
