// Logging out (POST only; docs/product.md#session): sign out, then go to /; a failure is only logged and the user
// still lands on /.
import { redirect } from 'react-router'
import type { Route } from './+types/logout'
import { appContext } from '#server/http/app-context.server.ts'
import { signOut } from '#server/accounts/index.server.ts'
import { redirectWithToast } from '#server/http/flash.server.ts'

export function loader() {
  return redirect('/')
}

export async function action({ request, context }: Route.ActionArgs) {
  const { services, log } = context.get(appContext)
  let headers: Headers
  try {
    headers = await signOut(services, request)
  } catch (error) {
    log.error({ err: error }, 'sign-out failed')
    return redirect('/')
  }
  return redirectWithToast('/', { type: 'success', message: 'You are signed out.' }, { headers })
}
