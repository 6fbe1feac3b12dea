// Sign up with name, e-mail and password, accepting the Terms of Use. The account works once the
// address is confirmed through the mailed link, so success shows a "check your e-mail" state.
import { Form, Link, data } from 'react-router'
import type { Route } from './+types/register'
import { AuthFooterLink, AuthPage, linkClass, useClearedPassword, withRedirectTo } from '#app/components/auth/auth-page.tsx'
import { PrimaryButton, SecondaryButton } from '#app/components/auth/buttons.tsx'
import { Notice } from '#app/components/auth/notice.tsx'
import { OidcSignIn } from '#app/components/auth/oidc-sign-in.tsx'
import { EmailField } from '#app/components/auth/email-field.tsx'
import { RoleChoice } from '#app/components/profile/role-choice.tsx'
import { Checkbox } from '#app/components/ui/checkbox.tsx'
import { ErrorSummary, problemsOf } from '#app/components/ui/error-summary.tsx'
import { TextField } from '#app/components/ui/text-field.tsx'
import { appContext } from '#server/http/app-context.server.ts'
import { PASSWORD_HINT, VERIFICATION_LINK_HOURS, submittedText } from '#common/accounts/auth-schemas.ts'
import { formErrorBesideFields, parseForm, type FormAnswer } from '#common/forms.ts'
import { pageMeta } from '#app/utils/meta.ts'
import {
  emailOnlySchema,
  registerSchema,
  requireAnonymous,
  safeRedirectTo,
  resendVerificationEmail,
  signUp,
} from '#server/accounts/index.server.ts'
import { isAppError } from '#server/errors.server.ts'
import { refusalOf } from '#server/http/route-errors.server.ts'
import { termsLabelForSignUp } from '#server/content/index.server.ts'

export function meta() {
  return pageMeta('Sign up', 'Create a free Cooper Home account to save homes and message landlords.')
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { services } = context.get(appContext)
  await requireAnonymous(services, request)
  const redirectTo = safeRedirectTo(new URL(request.url).searchParams.get('redirectTo'))
  const termsLabel = await termsLabelForSignUp(services.database.db)
  return { redirectTo, oidcName: services.config.oidc?.name ?? null, termsLabel }
}

const FIELDS = ['name', 'email', 'password', 'role', 'termsVersion'] as const

type SignUpForm = { step: 'form'; values: { name: string; email: string; role: string; termsAccepted: boolean } }

type RegisterActionData = (FormAnswer & SignUpForm) | { step: 'sent'; email: string; resent: boolean; resendError?: string }

export async function action({ request, context }: Route.ActionArgs) {
  const { services } = context.get(appContext)
  await requireAnonymous(services, request)
  const formData = await request.formData()
  const redirectTo = safeRedirectTo(formData.get('redirectTo'))

  if (formData.get('intent') === 'resend') {
    const parsed = parseForm(emailOnlySchema, formData)
    if (!parsed.ok) {
      // Only a tampered form gets here: the address comes from a hidden field.
      return refusalOf<SignUpForm>(parsed, { step: 'form', values: { name: '', email: '', role: '', termsAccepted: false } })
    }
    try {
      await resendVerificationEmail(services, request, { email: parsed.data.email, redirectTo })
    } catch (error) {
      if (!isAppError(error)) throw error
      return data<RegisterActionData>(
        { step: 'sent', email: parsed.data.email, resent: false, resendError: error.message },
        { status: error.status },
      )
    }
    return data<RegisterActionData>({ step: 'sent', email: parsed.data.email, resent: true })
  }

  const values = {
    name: submittedText(formData, 'name'),
    email: submittedText(formData, 'email'),
    role: submittedText(formData, 'role'),
    termsAccepted: Boolean(formData.get('termsVersion')),
  }
  const parsed = parseForm(registerSchema, formData)
  if (!parsed.ok) {
    return refusalOf<SignUpForm>(parsed, { step: 'form', values })
  }
  try {
    await signUp(services, request, { ...parsed.data, redirectTo })
  } catch (error) {
    if (!isAppError(error)) throw error
    return refusalOf<SignUpForm>(error, { step: 'form', values })
  }
  return data<RegisterActionData>({ step: 'sent', email: parsed.data.email, resent: false })
}

export default function Register({ loaderData, actionData }: Route.ComponentProps) {
  if (actionData?.step === 'sent') return <CheckYourEmail {...actionData} redirectTo={loaderData.redirectTo} />
  return <SignUpForm {...loaderData} actionData={actionData} />
}

function SignUpForm({
  redirectTo,
  oidcName,
  termsLabel,
  actionData,
}: {
  redirectTo: string
  oidcName: string | null
  termsLabel: string
  actionData: Extract<RegisterActionData, { step: 'form' }> | undefined
}) {
  const errors = actionData?.fieldErrors
  const values = actionData?.values
  const problems = problemsOf(errors, FIELDS, formErrorBesideFields(actionData))
  const password = useClearedPassword(actionData)

  return (
    <AuthPage
      title="Create your account"
      intro="Save homes you like, message landlords and join the community chat. It is free."
      footer={<AuthFooterLink question="Already have an account?" to={withRedirectTo('/login', redirectTo)} label="Log in" />}
    >
      <ErrorSummary problems={problems} />
      {oidcName ? <OidcSignIn providerName={oidcName} redirectTo={redirectTo} isSignUp /> : null}
      <Form method="post" action={withRedirectTo('/register', redirectTo)} noValidate className="space-y-5">
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <TextField look="large" label="Name" name="name" autoComplete="name" required defaultValue={values?.name} error={errors?.name} />
        <EmailField hint="We send a link to this address to confirm it." defaultValue={values?.email} error={errors?.email} />
        <TextField
          look="large"
          ref={password}
          label="Password"
          name="password"
          type="password"
          autoComplete="new-password"
          required
          hint={PASSWORD_HINT}
          error={errors?.password}
        />
        <RoleChoice
          legend="Your role"
          hint="Renters find and save homes and message landlords; landlords list homes. You can change it on your profile at any time."
          value={values?.role ?? 'renter'}
          isStacked
          error={errors?.role?.[0]}
        />
        <Checkbox
          look="large"
          label="I accept the Terms of Use"
          name="termsVersion"
          value={termsLabel}
          defaultChecked={values?.termsAccepted}
          error={errors?.termsVersion}
          hint={
            <>
              Read the{' '}
              <Link to="/terms" target="_blank" rel="noopener" className={linkClass}>
                Terms of Use<span className="sr-only"> (opens in a new tab)</span>
              </Link>
              .
            </>
          }
        />
        <PrimaryButton name="intent" value="sign-up">
          Sign Up
        </PrimaryButton>
      </Form>
    </AuthPage>
  )
}

function CheckYourEmail({
  email,
  resent,
  resendError,
  redirectTo,
}: {
  email: string
  resent: boolean
  resendError?: string
  redirectTo: string
}) {
  return (
    <AuthPage
      title="Check your e-mail"
      focusHeading
      footer={
        <p>
          Wrong address?{' '}
          <Link to={withRedirectTo('/register', redirectTo)} className={linkClass}>
            Sign up again
          </Link>
        </p>
      }
    >
      <p className="text-ink">
        We sent a verification link to <strong className="break-all">{email}</strong>. Open it to confirm your address and finish creating
        your account. The link works for {VERIFICATION_LINK_HOURS} hours.
      </p>
      {resent ? (
        <Notice tone="success" live>
          <p>We sent a new link to {email}.</p>
        </Notice>
      ) : null}
      {resendError ? (
        <Notice tone="error" live>
          <p>{resendError}</p>
        </Notice>
      ) : null}
      <Form method="post" action={withRedirectTo('/register', redirectTo)} className="space-y-3">
        <input type="hidden" name="intent" value="resend" />
        <input type="hidden" name="email" value={email} />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <p className="text-sm text-ink-soft">No mail after a few minutes? Check your spam folder, or have it sent again.</p>
        <SecondaryButton>Resend verification e-mail</SecondaryButton>
      </Form>
    </AuthPage>
  )
}
