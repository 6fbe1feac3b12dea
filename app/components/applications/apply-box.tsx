// Beside a listing's contact and tour boxes: the landlord's published criteria in plain words, shown
// before anyone applies, and the next step for whoever is looking — log in, complete the application,
// apply in one step, follow the application sent, or (the owner) review the applications.
import { Form, Link } from 'react-router'
import { Button } from '#app/components/ui/button.tsx'
import type { CriteriaView } from '#common/applications/types.ts'
import { APPLICATION_STATE_LABELS, MAX_APPLICATION_NOTE, type ApplicationState } from '#common/applications/vocabulary.ts'
import { CriteriaSummary } from './criteria-summary.tsx'
import { ApplyFields, type ApplyValues } from './apply-form.tsx'

export type ApplyBoxData = {
  listingId: number
  path: string
  rentCents: number | null
  criteria: CriteriaView | null
  application: { id: number; state: ApplicationState } | null
  /** null: no saved application; empty: complete. */
  profileMissing: string[] | null
  /** The owner's count of applications waiting for a decision; null for anyone else. */
  waiting: number | null
  isSignedIn: boolean
  /** The earliest move-in the form suggests. */
  suggestedMoveIn: string
}

const linkClass = 'font-semibold text-brand-700 underline'

export function ApplyBox({ box }: { box: ApplyBoxData }) {
  const { criteria } = box
  // Without published criteria a home takes applications; with them, while they say so.
  const isAccepting = criteria ? criteria.accepting : true
  return (
    <section aria-labelledby="apply-title" className="rounded-xl border border-gray-200 bg-white p-5 shadow-sm">
      <h2 id="apply-title" className="text-lg font-semibold text-ink">
        {box.waiting === null ? 'Apply' : 'Applications'}
      </h2>
      <div className="mt-3 space-y-3">
        {criteria ? (
          <>
            <h3 className="text-sm font-bold text-ink">What the landlord asks</h3>
            <CriteriaSummary criteria={criteria} rentCents={box.rentCents} />
          </>
        ) : null}
        <p className="text-sm font-semibold text-ink">Cooper Home charges no application fee.</p>
        <NextStep box={box} isAccepting={isAccepting} />
      </div>
    </section>
  )
}

function NextStep({ box, isAccepting }: { box: ApplyBoxData; isAccepting: boolean }) {
  if (box.waiting !== null) {
    return (
      <ul className="space-y-1 text-sm">
        <li>
          <Link to={`${box.path}/applications`} className={linkClass}>
            Review applications ({box.waiting} waiting)
          </Link>
        </li>
        <li>
          <Link to={`${box.path}/criteria`} className={linkClass}>
            {box.criteria ? 'Edit criteria' : 'Publish your criteria'}
          </Link>
          {box.criteria && !isAccepting ? <span className="text-ink-soft"> — not taking applications now</span> : null}
        </li>
      </ul>
    )
  }
  // After a withdrawal or an expiry the renter may apply again; otherwise they follow the one sent.
  if (box.application && !(box.application.state === 'withdrawn' || box.application.state === 'expired')) {
    return (
      <p className="text-sm text-ink">
        You applied — <span className="font-semibold">{APPLICATION_STATE_LABELS[box.application.state].toLowerCase()}</span>.{' '}
        <Link to={`/applications/${box.application.id}`} className={linkClass}>
          See your application
        </Link>{' '}
        ·{' '}
        <Link to="/applications" className="text-brand-700 underline">
          All your applications
        </Link>
      </p>
    )
  }
  const previous = box.application ? (
    <p className="text-sm text-ink-soft">
      Your last application here was {APPLICATION_STATE_LABELS[box.application.state].toLowerCase()}.{' '}
      <Link to={`/applications/${box.application.id}`} className="text-brand-700 underline">
        See it
      </Link>
    </p>
  ) : null
  if (!isAccepting) {
    return <p className="text-sm text-ink-soft">The landlord is not taking applications for this home now. Message them to ask.</p>
  }
  if (!box.isSignedIn) {
    return (
      <p className="text-sm">
        <Link to={`/login?redirectTo=${encodeURIComponent(box.path)}`} className={linkClass}>
          Log in to apply
        </Link>
      </p>
    )
  }
  if (box.profileMissing === null || box.profileMissing.length > 0) {
    return (
      <div className="space-y-2 text-sm">
        <p>
          <Link to="/userprofile/application" className={linkClass}>
            Complete your application first
          </Link>{' '}
          <span className="text-ink-soft">— you fill it in once and apply to any home in one step.</span>
        </p>
        {box.profileMissing && box.profileMissing.length > 0 ? (
          <>
            <p className="font-semibold text-ink">Still missing:</p>
            <ul className="list-disc space-y-1 pl-5 text-ink">
              {box.profileMissing.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          </>
        ) : null}
      </div>
    )
  }
  const values: ApplyValues = { moveInDate: box.suggestedMoveIn, leaseMonths: '12', note: '' }
  return (
    <>
      {previous}
      <Form method="post" action={`/applications/new?listing=${box.listingId}`} noValidate className="space-y-3">
        <p className="text-sm text-ink-soft">
          Your saved application is sent as it is now.{' '}
          <Link to="/userprofile/application" className="text-brand-700 underline">
            Check it first
          </Link>
          .
        </p>
        <ApplyFields values={values} errors={{}} maxNote={MAX_APPLICATION_NOTE} />
        <Button>Apply now</Button>
      </Form>
    </>
  )
}
