// /userprofile/application ("My application"): the application a renter fills in once and sends to any
// landlord in one step, what is still missing, their documents, and the way to delete it all. Every
// form works without JavaScript; the work is in my-application.server.ts.
import { Form, Link } from 'react-router'
import type { Route } from './+types/my-application'
import { appContext } from '#server/http/app-context.server.ts'
import { DocumentsSection } from '#app/components/applications/documents-section.tsx'
import { formatWhen } from '#app/components/applications/format.ts'
import { ProfileForm } from '#app/components/applications/profile-form.tsx'
import { ProfileSection } from '#app/components/profile/fields.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { Checkbox } from '#app/components/ui/checkbox.tsx'
import { pageMeta } from '#app/utils/meta.ts'
import { DOCUMENT_LINK_SECONDS, DOCUMENT_RETENTION_DAYS } from '#common/applications/vocabulary.ts'
import { formErrorBesideFields } from '#common/forms.ts'
import { myApplicationAction, myApplicationPage, type MyApplicationAnswer } from './my-application.server.ts'

export function meta() {
  return [...pageMeta('My application', 'The application you send to landlords in one step.'), { name: 'robots', content: 'noindex' }]
}

export async function loader({ request, context }: Route.LoaderArgs) {
  return myApplicationPage(context.get(appContext).services, request)
}

export async function action({ request, context }: Route.ActionArgs) {
  return myApplicationAction(context.get(appContext).services, request)
}

export default function MyApplication({ loaderData, actionData }: Route.ComponentProps) {
  const { hasProfile, missing, updatedAt, documents } = loaderData
  const answer = actionData as MyApplicationAnswer | undefined
  const intent = answer?.intent ?? ''
  const values = (intent === 'save' && answer?.values) || loaderData.values
  const errorsOf = (name: string) => (intent === name && answer ? answer.fieldErrors : {})
  return (
    <div className="space-y-8">
      <header className="max-w-3xl">
        <p className="text-sm font-semibold tracking-wider text-brand-700 uppercase">
          <Link to="/userprofile" className="underline">
            My Profile
          </Link>
        </p>
        <h1 className="mt-2 text-3xl font-bold tracking-tight text-ink sm:text-4xl">My application</h1>
        <p className="mt-4 text-lg leading-8 text-ink-soft">
          Fill it in once; apply to any home in one step. Each application keeps a copy of it as it was when you sent it.
        </p>
        <p className="mt-2">
          <Link to="/applications" className="font-semibold text-brand-700 underline">
            Your applications
          </Link>
          {updatedAt ? <span className="text-ink-soft"> · Last saved {formatWhen(updatedAt)}</span> : null}
        </p>
      </header>

      <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_20rem]">
        {/* First on a phone: what is missing and what is never asked, before the long form. */}
        <div className="space-y-6 lg:sticky lg:top-20 lg:order-2 lg:self-start">
          <Missing missing={missing} />
          <Privacy />
        </div>
        <div className="min-w-0 space-y-8 lg:order-1">
          <ProfileSection id="application" title="Your application">
            <ProfileForm
              values={values}
              errors={errorsOf('save')}
              formError={intent === 'save' && answer ? formErrorBesideFields(answer) : undefined}
              focusSection={answer?.added}
            />
          </ProfileSection>
          <ProfileSection
            id="documents"
            title="Documents"
            description="Pay slips, a photo ID, reference letters: sent with every application you make."
          >
            <DocumentsSection
              documents={documents}
              errors={errorsOf('upload')}
              formError={intent === 'upload' && answer ? answer.formError : undefined}
            />
          </ProfileSection>
          <ProfileSection id="delete-application" title="Delete my application and documents" tone="danger">
            <DeleteEverything hasProfile={hasProfile || documents.length > 0} error={errorsOf('delete-all').confirmed?.[0]} />
          </ProfileSection>
        </div>
      </div>
    </div>
  )
}

function Missing({ missing }: { missing: string[] | null }) {
  return (
    <section aria-labelledby="missing-title" className="rounded-xl border border-gray-200 bg-white p-5 shadow-sm">
      <h2 id="missing-title" className="text-lg font-semibold text-ink">
        What is still missing
      </h2>
      {missing === null ? (
        <p className="mt-2 text-sm text-ink">Nothing is saved yet. Fill in the form and save it.</p>
      ) : missing.length === 0 ? (
        <p className="mt-2 text-sm font-semibold text-green-800">Nothing: your application is complete and ready to send.</p>
      ) : (
        <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-ink">
          {missing.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      )}
    </section>
  )
}

function Privacy() {
  return (
    <section aria-labelledby="privacy-title" className="rounded-xl border border-gray-200 bg-brand-50 p-5 text-sm text-ink">
      <h2 id="privacy-title" className="text-lg font-semibold text-ink">
        Your privacy
      </h2>
      <ul className="mt-2 list-disc space-y-2 pl-5">
        <li>
          We never ask for your Social Security number or your date of birth, nor anything about race, colour, religion, sex, national
          origin, familial status or disability.
        </li>
        <li>
          Your documents are shown only to the landlords of homes you apply to, through links that expire after{' '}
          {Math.round(DOCUMENT_LINK_SECONDS / 60)} minutes.
        </li>
        <li>Once an application ends, its documents are deleted after {DOCUMENT_RETENTION_DAYS} days.</li>
        <li>Cooper Home charges no application fee.</li>
      </ul>
    </section>
  )
}

function DeleteEverything({ hasProfile, error }: { hasProfile: boolean; error?: string }) {
  if (!hasProfile) return <p className="text-ink">You have no saved application or documents.</p>
  return (
    <details open={Boolean(error)}>
      <summary className="inline-flex cursor-pointer rounded-lg border border-gray-300 bg-white px-4 py-2 text-sm font-semibold text-red-800 hover:bg-red-50">
        Delete my application and documents…
      </summary>
      <Form method="post" className="mt-3 space-y-3 rounded-lg border border-red-300 bg-red-50 p-4">
        <p className="text-sm text-red-900">
          Your saved application and every document you uploaded are deleted. Applications you already sent keep the copy the landlord
          received until they end. This cannot be undone.
        </p>
        <Checkbox
          name="confirmed"
          value="yes"
          label="I understand: delete my application and documents for good."
          tone="danger"
          error={error}
          takesFocus={Boolean(error)}
        />
        <Button variant="danger" name="intent" value="delete-all">
          Delete for good
        </Button>
      </Form>
    </details>
  )
}
