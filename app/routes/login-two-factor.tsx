// The second step of logging in to an account with two-factor sign-in: after the right password at
// /login, a code from the authenticator app (or one of the backup codes), and whether to trust this
// device for 30 days. Without the short-lived cookie the password step set, it sends back to /login.
import { Form, Link, redirect } from 'react-router'
import type { Route } from './+types/login-two-factor'
import { AuthFooterLink, AuthPage, linkClass, withRedirectTo } from '#app/components/auth/auth-page.tsx'
import { PrimaryButton } from '#app/components/auth/buttons.tsx'
import { Checkbox } from '#app/components/ui/checkbox.tsx'
import { ErrorSummary, problemsOf } from '#app/components/ui/error-summary.tsx'
import { TextField } from '#app/components/ui/text-field.tsx'
import { pageMeta } from '#app/utils/meta.ts'
import { secondStepSchema, type SecondStepMethod } from '#common/accounts/two-factor-forms.ts'
import { parseForm, type FormAnswer } from '#common/forms.ts'
import {
  getCurrentSession,
  hasSecondStep,
  safeRedirectTo,
  SECOND_STEP_EXPIRED_MESSAGE,
  TRUST_DEVICE_DAYS,
  verifySecondStep,
} from '#server/accounts/index.server.ts'
import { isAppError } from '#server/errors.server.ts'
import { appContext } from '#server/http/app-context.server.ts'
import { redirectWithToast } from '#server/http/flash.server.ts'
import { refusalOf } from '#server/http/route-errors.server.ts'

export function meta() {
  return pageMeta('Two-factor sign-in', 'Enter the code from your authenticator app to finish logging in to Cooper Home.')
}

const methodOf = (value: unknown): SecondStepMethod => (value === 'backup-code' ? 'backup-code' : 'totp')

/** Back to the password step, saying why. */
async function backToLogin(redirectTo: string) {
  return redirectWithToast(withRedirectTo('/login', redirectTo), { type: 'info', message: SECOND_STEP_EXPIRED_MESSAGE })
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { services } = context.get(appContext)
  const url = new URL(request.url)
  const redirectTo = safeRedirectTo(url.searchParams.get('redirectTo'))
  if (await getCurrentSession(services, request)) throw redirect(redirectTo)
  if (!hasSecondStep(request)) throw await backToLogin(redirectTo)
  return { redirectTo, method: methodOf(url.searchParams.get('method')), trustDays: TRUST_DEVICE_DAYS }
}

type SecondStepActionData = Partial<FormAnswer> & { method: SecondStepMethod }

export async function action({ request, context }: Route.ActionArgs) {
  const { services } = context.get(appContext)
  const formData = await request.formData()
  const redirectTo = safeRedirectTo(formData.get('redirectTo'))
  const method = methodOf(formData.get('method'))
  const parsed = parseForm(secondStepSchema, { ...Object.fromEntries(formData), method })
  if (!parsed.ok) return refusalOf<SecondStepActionData>(parsed, { method })
  let result
  try {
    result = await verifySecondStep(services, request, parsed.data)
  } catch (error) {
    if (!isAppError(error)) throw error
    if (error.code === 'unauthenticated') throw await backToLogin(redirectTo)
    return refusalOf<SecondStepActionData>(error, { method })
  }
  return redirectWithToast(
    redirectTo,
    { type: 'success', message: `Welcome back, ${result.user.name || result.user.email}!` },
    { headers: result.headers },
  )
}

export default function LoginTwoFactor({ loaderData, actionData }: Route.ComponentProps) {
  const { redirectTo, trustDays } = loaderData
  const method = actionData?.method ?? loaderData.method
  const isBackup = method === 'backup-code'
  const problems = problemsOf(actionData?.fieldErrors, ['code'], actionData?.formError)
  const otherMethod = new URLSearchParams({ ...(redirectTo === '/' ? {} : { redirectTo }), ...(isBackup ? {} : { method: 'backup-code' }) })

  return (
    <AuthPage
      title="Two-factor sign-in"
      intro={
        isBackup
          ? 'Your password was right. Enter one of the backup codes you saved when you turned on two-factor sign-in. Each code works once.'
          : 'Your password was right. Open your authenticator app and enter the 6-digit code it shows for Cooper Home.'
      }
      footer={<AuthFooterLink question="Not you, or stuck?" to={withRedirectTo('/login', redirectTo)} label="Start again" />}
    >
      <ErrorSummary problems={problems} />
      <Form method="post" action={withRedirectTo('/login/two-factor', redirectTo)} noValidate className="space-y-5">
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <input type="hidden" name="method" value={method} />
        {isBackup ? (
          <TextField
            key="backup-code"
            look="large"
            label="Backup code"
            name="code"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            required
            hint="Ten letters and digits, like abcde-12345."
            error={actionData?.fieldErrors?.code}
          />
        ) : (
          <TextField
            key="totp"
            look="large"
            label="Authentication code"
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9 ]*"
            maxLength={7}
            required
            hint="6 digits. A new code appears every 30 seconds."
            error={actionData?.fieldErrors?.code}
          />
        )}
        <Checkbox
          look="large"
          name="trustDevice"
          label={`Trust this device for ${trustDays} days`}
          hint="You will not be asked for a code on this browser for a while. Do not tick it on a shared or public computer."
        />
        <PrimaryButton>Verify and log in</PrimaryButton>
      </Form>
      <p className="text-sm">
        <Link to={`/login/two-factor${otherMethod.size > 0 ? `?${otherMethod}` : ''}`} className={linkClass}>
          {isBackup ? 'Use a code from your authenticator app instead' : 'Lost your phone? Use a backup code'}
        </Link>
      </p>
    </AuthPage>
  )
}
