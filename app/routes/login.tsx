// Log in with e-mail and password (or a passkey, or single sign-on). It is also where the mailed confirmation
// link and single sign-on land: a signed-in visitor arriving with `verified` or `welcome` is greeted
// with a toast and sent on.
import { Form, Link, data, redirect } from 'react-router'
import type { Route } from './+types/login'
import { AuthFooterLink, AuthPage, linkClass, useClearedPassword, withRedirectTo } from '#app/components/auth/auth-page.tsx'
import { LinkButton, PrimaryButton } from '#app/components/auth/buttons.tsx'
import { Notice } from '#app/components/auth/notice.tsx'
import { OidcSignIn } from '#app/components/auth/oidc-sign-in.tsx'
import { PasskeySignIn } from '#app/components/auth/passkey-sign-in.tsx'
import { EmailField } from '#app/components/auth/email-field.tsx'
import { ErrorSummary, problemsOf } from '#app/components/ui/error-summary.tsx'
import { TextField } from '#app/components/ui/text-field.tsx'
import { appContext } from '#server/http/app-context.server.ts'
import { VERIFICATION_LINK_HOURS, submittedText } from '#common/accounts/auth-schemas.ts'
import { parseForm, type FormAnswer } from '#common/forms.ts'
import { pageMeta } from '#app/utils/meta.ts'
import { nameOf } from '#common/accounts/session-user.ts'
import {
  ACCOUNT_SUSPENDED_CODE,
  EMAIL_NOT_VERIFIED_MESSAGE,
  emailOnlySchema,
  loginSchema,
  getCurrentSession,
  requireAnonymous,
  safeRedirectTo,
  signIn,
  startOidcSignIn,
  resendVerificationEmail,
} from '#server/accounts/index.server.ts'
import { isAppError } from '#server/errors.server.ts'
import { refusalOf } from '#server/http/route-errors.server.ts'
import { redirectWithToast } from '#server/http/flash.server.ts'

const SECOND_STEP_PAGE = '/login/two-factor'

export function meta() {
  return pageMeta('Log in', 'Log in to Cooper Home to save homes and message landlords.')
}

type PageNotice = { tone: 'success' | 'info' | 'error'; title?: string; message: string }

export async function loader({ request, context }: Route.LoaderArgs) {
  const { services } = context.get(appContext)
  const url = new URL(request.url)
  const redirectTo = safeRedirectTo(url.searchParams.get('redirectTo'))
  const current = await getCurrentSession(services, request)
  if (current) {
    const name = nameOf(current.user)
    const welcome = url.searchParams.get('welcome')
    if (url.searchParams.has('verified')) {
      throw await redirectWithToast(redirectTo, {
        type: 'success',
        message: 'Your e-mail is confirmed. Welcome to Cooper Home!',
      })
    }
    if (welcome === 'new') {
      throw await redirectWithToast(redirectTo, { type: 'success', message: `Welcome to Cooper Home, ${name}!` })
    }
    if (welcome === 'back') {
      throw await redirectWithToast(redirectTo, { type: 'success', message: `Welcome back, ${name}!` })
    }
    throw redirect('/')
  }

  const oidcName = services.config.oidc?.name ?? null
  const error = url.searchParams.get('error')
  let notice: PageNotice | null = null
  if (url.searchParams.has('verified')) {
    notice = error
      ? {
          tone: 'error',
          title: 'This confirmation link does not work',
          message: 'It is invalid or has expired. Log in with your e-mail and password and we will send you a new link.',
        }
      : { tone: 'success', message: 'Your e-mail is confirmed. Log in to continue.' }
  } else if (url.searchParams.getAll('error').includes(ACCOUNT_SUSPENDED_CODE)) {
    // A banned person back from single sign-on: said in the site's words, never the address's.
    notice = {
      tone: 'error',
      title: 'This account is suspended',
      message: 'An administrator suspended it: you cannot sign in while the suspension lasts, by any method.',
    }
  } else if (error) {
    notice = {
      tone: 'error',
      title: `Signing in with ${oidcName ?? 'single sign-on'} did not work`,
      message: 'Nothing was changed. Try again, or log in with your e-mail and password.',
    }
  }
  return { redirectTo, notice, oidcName }
}

/** A refusal (a FormAnswer), or the unconfirmed address's notice after a new link was sent. */
type LoginActionData = Partial<FormAnswer> & {
  values: { email: string }
  /** Set when the password was right but the address is not confirmed yet. */
  unverifiedEmail?: string
  /** Whether a new confirmation link went out (false when sending it was refused: the notice says why). */
  resent?: boolean
}

export async function action({ request, context }: Route.ActionArgs) {
  const { services, log } = context.get(appContext)
  await requireAnonymous(services, request)
  const formData = await request.formData()
  const intent = formData.get('intent')
  const redirectTo = safeRedirectTo(formData.get('redirectTo'))
  const values = { email: submittedText(formData, 'email') }

  if (intent === 'oidc') {
    let started
    try {
      started = await startOidcSignIn(services, request, redirectTo)
    } catch (error) {
      if (!isAppError(error)) throw error
      if (error.code === 'rate-limited') return refusalOf<LoginActionData>(error, { values })
      log.warn({ code: error.code, reason: error.message }, 'single sign-on could not start')
      throw redirect('/login?error=oidc')
    }
    throw redirect(started.url, { headers: started.headers })
  }

  if (intent === 'resend') {
    const parsed = parseForm(emailOnlySchema, formData)
    if (!parsed.ok) return refusalOf<LoginActionData>(parsed, { values })
    try {
      await resendVerificationEmail(services, request, { email: parsed.data.email, redirectTo })
    } catch (error) {
      if (!isAppError(error)) throw error
      return refusalOf<LoginActionData>(error, { values, unverifiedEmail: parsed.data.email, resent: false })
    }
    return data<LoginActionData>({ values, unverifiedEmail: parsed.data.email, resent: true })
  }

  const parsed = parseForm(loginSchema, formData)
  if (!parsed.ok) return refusalOf<LoginActionData>(parsed, { values })
  let result
  try {
    result = await signIn(services, request, { ...parsed.data, redirectTo })
  } catch (error) {
    if (!isAppError(error)) throw error
    // A right password refused because the address is not confirmed yet: the notice says it in its own words.
    // (The other refusal of a right password, a suspended account, says its sentence as it is.)
    if (error.code === 'forbidden' && error.message === EMAIL_NOT_VERIFIED_MESSAGE)
      return refusalOf<LoginActionData>(error, { values, unverifiedEmail: parsed.data.email })
    return refusalOf<LoginActionData>(error, { values })
  }
  // The password was right; the account's second factor is asked for next (its cookie rides along).
  if (result.step === 'second-factor') throw redirect(withRedirectTo(SECOND_STEP_PAGE, redirectTo), { headers: result.headers })
  return redirectWithToast(
    redirectTo,
    { type: 'success', message: `Welcome back, ${result.user.name || result.user.email}!` },
    { headers: result.headers },
  )
}

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const { redirectTo, notice, oidcName } = loaderData
  const problems = problemsOf(
    actionData?.fieldErrors,
    ['email', 'password'],
    actionData?.unverifiedEmail ? undefined : actionData?.formError,
  )
  const password = useClearedPassword(actionData)

  return (
    <AuthPage
      title="Log in to Cooper Home"
      intro="Welcome back. Log in to see your saved homes and your messages."
      footer={<AuthFooterLink question="New to Cooper Home?" to={withRedirectTo('/register', redirectTo)} label="Create an account" />}
    >
      {/* The address's notice (e.g. a failed single sign-on) is old news once the form is sent. */}
      {notice && !actionData ? (
        <Notice tone={notice.tone} title={notice.title}>
          <p>{notice.message}</p>
        </Notice>
      ) : null}
      {actionData?.unverifiedEmail ? (
        <UnverifiedNotice
          email={actionData.unverifiedEmail}
          redirectTo={redirectTo}
          resent={actionData.resent ?? false}
          error={actionData.resent === false ? actionData.formError : undefined}
        />
      ) : null}
      <ErrorSummary problems={problems} />
      {oidcName ? <OidcSignIn providerName={oidcName} redirectTo={redirectTo} divider="or" /> : null}
      <PasskeySignIn redirectTo={redirectTo} />
      <Form method="post" action={withRedirectTo('/login', redirectTo)} noValidate className="space-y-5">
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <EmailField defaultValue={actionData?.values.email} error={actionData?.fieldErrors?.email} autoComplete="username webauthn" />
        <div>
          <TextField
            look="large"
            ref={password}
            label="Password"
            name="password"
            type="password"
            autoComplete="current-password"
            required
            error={actionData?.fieldErrors?.password}
          />
          <p className="mt-2 text-right text-sm">
            <Link to="/forgot-password" className={linkClass}>
              Forgot password?
            </Link>
          </p>
        </div>
        <PrimaryButton name="intent" value="login">
          Log in
        </PrimaryButton>
      </Form>
    </AuthPage>
  )
}

function UnverifiedNotice({ email, redirectTo, resent, error }: { email: string; redirectTo: string; resent: boolean; error?: string }) {
  return (
    <Notice tone={error ? 'error' : 'info'} title="Confirm your e-mail address first" live>
      <p>
        {resent ? 'We sent another confirmation link to ' : 'We sent a confirmation link to '}
        <strong className="break-all">{email}</strong>. Open it to finish creating your account; it works for {VERIFICATION_LINK_HOURS}{' '}
        hours.
      </p>
      {error ? <p className="font-semibold">{error}</p> : null}
      <Form method="post" action={withRedirectTo('/login', redirectTo)} noValidate>
        <input type="hidden" name="intent" value="resend" />
        <input type="hidden" name="email" value={email} />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <p>
          No mail? Check your spam folder, or <LinkButton>send a new link</LinkButton>.
        </p>
      </Form>
    </Notice>
  )
}
