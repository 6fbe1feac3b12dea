// Ask for a link to choose a new password. The answer is the same whether or not the address has
// an account, so the page reveals nothing about who is registered.
import { Form, data } from 'react-router'
import type { Route } from './+types/forgot-password'
import { AuthFooterLink, AuthPage } from '#app/components/auth/auth-page.tsx'
import { PrimaryButton } from '#app/components/auth/buttons.tsx'
import { Notice } from '#app/components/auth/notice.tsx'
import { EmailField } from '#app/components/auth/email-field.tsx'
import { ErrorSummary, problemsOf } from '#app/components/ui/error-summary.tsx'
import { appContext } from '#server/http/app-context.server.ts'
import { submittedText } from '#common/accounts/auth-schemas.ts'
import { parseForm, type FormAnswer } from '#common/forms.ts'
import { pageMeta } from '#app/utils/meta.ts'
import { RESET_LINK_SENT_MESSAGE, requestPasswordReset, emailOnlySchema } from '#server/accounts/index.server.ts'
import { isAppError } from '#server/errors.server.ts'
import { refusalOf } from '#server/http/route-errors.server.ts'

export function meta() {
  return pageMeta('Forgot password', 'Get a link by e-mail to choose a new password for your Cooper Home account.')
}

/** A refusal (a FormAnswer), or the sentence that a link is on its way. */
type ForgotPasswordActionData = Partial<FormAnswer> & { values: { email: string }; sentMessage?: string }

export async function action({ request, context }: Route.ActionArgs) {
  const { services } = context.get(appContext)
  const formData = await request.formData()
  const values = { email: submittedText(formData, 'email') }
  const parsed = parseForm(emailOnlySchema, formData)
  if (!parsed.ok) return refusalOf<ForgotPasswordActionData>(parsed, { values })
  try {
    await requestPasswordReset(services, request, parsed.data.email)
  } catch (error) {
    if (!isAppError(error)) throw error
    return refusalOf<ForgotPasswordActionData>(error, { values })
  }
  return data<ForgotPasswordActionData>({ values, sentMessage: RESET_LINK_SENT_MESSAGE })
}

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  const problems = problemsOf(actionData?.fieldErrors, ['email'], actionData?.formError)
  return (
    <AuthPage
      title="Forgot your password?"
      intro="Enter the e-mail address of your account. We will send you a link to choose a new password."
      footer={<AuthFooterLink question="Remembered it?" to="/login" label="Log in" />}
    >
      {actionData?.sentMessage ? (
        <Notice tone="success" title="Check your e-mail" live>
          <p>{actionData.sentMessage}</p>
          <p>The link works for one hour. No mail after a few minutes? Check your spam folder or the address below.</p>
        </Notice>
      ) : null}
      <ErrorSummary problems={problems} />
      <Form method="post" action="/forgot-password" noValidate className="space-y-5">
        <EmailField defaultValue={actionData?.values.email} error={actionData?.fieldErrors?.email} />
        <PrimaryButton>Send reset link</PrimaryButton>
      </Form>
    </AuthPage>
  )
}
