// Accepting the Terms of Use in force, from the banner in the frame: records the acceptance with its
// time and goes back to the page the user was on.
import { redirect } from 'react-router'
import type { Route } from './+types/terms-accept'
import { requireUser, safeRedirectTo } from '#server/accounts/index.server.ts'
import { acceptTerms } from '#server/content/index.server.ts'
import { isAppError } from '#server/errors.server.ts'
import { appContext } from '#server/http/app-context.server.ts'
import { redirectWithToast } from '#server/http/flash.server.ts'

/** Nothing to show here: the form lives in the banner, the terms at /terms. */
export function loader() {
  return redirect('/terms')
}

export async function action({ request, context }: Route.ActionArgs) {
  const { services } = context.get(appContext)
  const current = await requireUser(services, request)
  const formData = await request.formData()
  const redirectTo = safeRedirectTo(formData.get('redirectTo'))
  const label = formData.get('label')
  try {
    await acceptTerms(services.database.db, { userId: current.userId, label: typeof label === 'string' ? label : '' })
  } catch (error) {
    if (!isAppError(error)) throw error
    return redirectWithToast(redirectTo, { type: 'error', message: error.message })
  }
  return redirectWithToast(redirectTo, { type: 'success', message: 'Thank you: you accepted the new Terms of Use.' })
}
