// Choose a new password with the token from the mailed link (better-auth checks the link and sends
// the browser here with `?token=…`, or with `?error=INVALID_TOKEN`).
import { Form, Link, data } from 'react-router'
import type { Route } from './+types/reset-password'
import { AuthPage, linkClass, useClearedPassword } from '#app/components/auth/auth-page.tsx'
import { PrimaryButton } from '#app/components/auth/buttons.tsx'
import { Notice } from '#app/components/auth/notice.tsx'
import { ErrorSummary, problemsOf } from '#app/components/ui/error-summary.tsx'
import { TextField } from '#app/components/ui/text-field.tsx'
import { appContext } from '#server/http/app-context.server.ts'
import { PASSWORD_HINT } from '#common/accounts/auth-schemas.ts'
import { formErrorBesideFields, parseForm, type FormAnswer } from '#common/forms.ts'
import { pageMeta } from '#app/utils/meta.ts'
import { isPasswordResetTokenUsable, resetPassword, resetPasswordSchema } from '#server/accounts/index.server.ts'
import { AppError, isAppError } from '#server/errors.server.ts'
import { refusalOf } from '#server/http/route-errors.server.ts'
import { redirectWithToast } from '#server/http/flash.server.ts'

export function meta() {
  return pageMeta('Choose a new password', 'Choose a new password for your Cooper Home account.')
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { services } = context.get(appContext)
  const token = new URL(request.url).searchParams.get('token')?.trim() ?? ''
  const isUsable = token !== '' && token.length <= 200 && (await isPasswordResetTokenUsable(services, token))
  return { token: isUsable ? token : null }
}

/** A refusal (a FormAnswer), or the link's token no longer usable (the page says so in its own way). */
type ResetPasswordActionData = Partial<FormAnswer> & { isTokenInvalid?: boolean }

export async function action({ request, context }: Route.ActionArgs) {
  const { services } = context.get(appContext)
  const formData = await request.formData()
  const parsed = parseForm(resetPasswordSchema, formData)
  if (!parsed.ok) {
    if (parsed.fieldErrors.token) return data<ResetPasswordActionData>({ isTokenInvalid: true }, { status: 400 })
    return refusalOf<ResetPasswordActionData>(parsed, {})
  }
  try {
    await resetPassword(services, request, parsed.data)
  } catch (error) {
    if (!isAppError(error)) throw error
    const { token, password } = error.fieldErrors ?? {}
    if (token) return data<ResetPasswordActionData>({ isTokenInvalid: true }, { status: 400 })
    // The domain speaks of the password; the form's field is the new one.
    return refusalOf<ResetPasswordActionData>(password ? new AppError(error.code, error.message, { newPassword: password }) : error, {})
  }
  return redirectWithToast('/login', {
    type: 'success',
    message: 'Your password was changed. Log in with the new password.',
  })
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const password = useClearedPassword(actionData)

  if (!loaderData.token || actionData?.isTokenInvalid) {
    return (
      <AuthPage title="This link has expired" focusHeading={Boolean(actionData?.isTokenInvalid)}>
        <Notice tone="error" live={Boolean(actionData?.isTokenInvalid)}>
          <p>
            The link to reset your password is invalid or has expired. Links work for one hour, and only once. Your password has not been
            changed.
          </p>
        </Notice>
        <p>
          <Link to="/forgot-password" className={linkClass}>
            Ask for a new link
          </Link>
        </p>
      </AuthPage>
    )
  }

  const problems = problemsOf(actionData?.fieldErrors, ['newPassword'], formErrorBesideFields(actionData))
  return (
    <AuthPage
      title="Choose a new password"
      intro="After this, you log in with the new password everywhere. Devices that were logged in are logged out."
    >
      <ErrorSummary problems={problems} />
      {/* The token stays in the address so the page still works after a refused submission without JavaScript. */}
      <Form method="post" action={`/reset-password?${new URLSearchParams({ token: loaderData.token })}`} noValidate className="space-y-5">
        <input type="hidden" name="token" value={loaderData.token} />
        <TextField
          look="large"
          ref={password}
          label="New password"
          name="newPassword"
          type="password"
          autoComplete="new-password"
          required
          hint={PASSWORD_HINT}
          error={actionData?.fieldErrors?.newPassword}
        />
        <PrimaryButton>Set new password</PrimaryButton>
      </Form>
    </AuthPage>
  )
}
