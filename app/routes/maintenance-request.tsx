// /maintenance/:id: one maintenance request for its landlord and its tenants (anyone else: 404): what and
// where, urgency and state, the times that suit and the visit on the home's clock, the photos, the forms
// of the steps the viewer may take now, its messages in the chat, and the timeline of every step.
import type { ReactNode } from 'react'
import { Form, Link, useNavigation, type ShouldRevalidateFunctionArgs } from 'react-router'
import type { Route } from './+types/maintenance-request'
import { appContext } from '#server/http/app-context.server.ts'
import { HomeTime, RequestStateBadge, UrgencyBadge, WindowText } from '#app/components/maintenance/maintenance-parts.tsx'
import { PageHeader } from '#app/components/page-header.tsx'
import { Button, PendingNote } from '#app/components/ui/button.tsx'
import { FormAlert } from '#app/components/ui/form-alert.tsx'
import { TextField } from '#app/components/ui/text-field.tsx'
import { formatWhen } from '#app/components/applications/format.ts'
import { useRevalidateOn } from '#app/realtime/provider.tsx'
import { pageMeta } from '#app/utils/meta.ts'
import { zoneName } from '#common/tours/format.ts'
import type { FieldErrors } from '#common/forms.ts'
import type { MaintenanceView } from '#common/maintenance/types.ts'
import {
  ACTION_LABELS,
  CATEGORY_LABELS,
  MAX_MAINTENANCE_PHOTOS,
  STATE_LABELS,
  STEP_BUTTONS,
  type MaintenanceStep,
} from '#common/maintenance/vocabulary.ts'
import { requestAction, requestPage } from './maintenance.server.ts'
import { PageSection } from '#app/components/page-section.tsx'

export function meta() {
  return [...pageMeta('Maintenance request', 'A repair asked for and its answers.'), { name: 'robots', content: 'noindex' }]
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  return requestPage(context.get(appContext).services, request, params.id)
}

export async function action({ request, params, context }: Route.ActionArgs) {
  return requestAction(context.get(appContext).services, request, params.id)
}

export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formMethod === 'POST' || defaultShouldRevalidate
}

type Refusal = { intent?: string; fieldErrors?: FieldErrors; formError?: string } | undefined

function Submit({ intent, children, variant }: { intent: string; children: ReactNode; variant?: 'primary' | 'secondary' | 'danger' }) {
  const navigation = useNavigation()
  const isSending = navigation.state === 'submitting' && navigation.formData?.get('intent') === intent
  return (
    <div className="flex flex-wrap items-center gap-3">
      <Button name="intent" value={intent} variant={variant} disabled={isSending}>
        {children}
      </Button>
      {isSending ? <PendingNote>Sending…</PendingNote> : null}
    </div>
  )
}

function StepForm({ step, request, refused }: { step: MaintenanceStep; request: MaintenanceView; refused: Refusal }) {
  const mine = refused?.intent === step ? refused : undefined
  const errors = mine?.fieldErrors ?? {}
  const isLandlordCancel = step === 'cancelled' && request.viewerSide === 'landlord'
  const firstFieldError = Object.values(errors)[0]?.[0]
  return (
    <Form method="post" encType="multipart/form-data" className="space-y-3 rounded-xl border border-gray-200 bg-white p-4">
      <FormAlert id={`${step}-alert`} message={mine ? (mine.formError ?? firstFieldError) : undefined} />
      {step === 'scheduled' ? (
        <div className="grid gap-3 sm:grid-cols-2">
          <TextField label="Day of the visit" name="date" id={`${step}-date`} type="date" error={errors.date} />
          <TextField label={`Time (${zoneName(request.timeZone)})`} name="time" id={`${step}-time`} type="time" error={errors.time} />
        </div>
      ) : null}
      {step === 'scheduled' || step === 'reopened' || step === 'cancelled' ? (
        <TextField
          label={isLandlordCancel ? 'Why you cancel it' : step === 'reopened' ? 'What is still wrong (optional)' : 'Note (optional)'}
          name="note"
          id={`${step}-note`}
          error={errors.note}
        />
      ) : null}
      <Submit intent={step} variant={step === 'cancelled' ? 'danger' : step === 'reopened' ? 'secondary' : 'primary'}>
        {step === 'scheduled' && request.state === 'scheduled' ? 'Move the visit' : STEP_BUTTONS[step]}
      </Submit>
    </Form>
  )
}

export default function MaintenanceRequestPage({ loaderData, actionData }: Route.ComponentProps) {
  const { request } = loaderData
  useRevalidateOn((event) => event.type === 'maintenance' && event.requestId === request.id)
  const refused = actionData as Refusal
  const other = request.viewerSide === 'tenant' ? 'the landlord' : `${request.filedBy} (the tenant)`
  const canAddPhotos = request.state !== 'closed' && request.state !== 'cancelled' && request.photos.length < MAX_MAINTENANCE_PHOTOS
  return (
    <div className="max-w-3xl space-y-8">
      <PageHeader kicker={`Maintenance · ${CATEGORY_LABELS[request.category]}`} title={request.title}>
        <p className="flex flex-wrap items-center gap-2">
          <UrgencyBadge urgency={request.urgency} />
          <RequestStateBadge state={request.state} />
          <span className="text-base">{request.address}</span>
        </p>
      </PageHeader>
      <p>
        <Link to="/maintenance" className="text-brand-700 underline">
          All maintenance requests
        </Link>
      </p>

      <PageSection id="details" title="The problem">
        <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-[max-content_1fr]">
          <dt className="font-semibold text-ink">Where</dt>
          <dd>{request.location}</dd>
          {request.description ? (
            <>
              <dt className="font-semibold text-ink">Details</dt>
              <dd className="whitespace-pre-line">{request.description}</dd>
            </>
          ) : null}
          <dt className="font-semibold text-ink">Filed by</dt>
          <dd>
            {request.filedBy}, {formatWhen(request.createdAt, request.timeZone)}
          </dd>
          <dt className="font-semibold text-ink">Coming in</dt>
          <dd>
            {request.entryAllowed ? 'Allowed when nobody is home' : 'Only when someone is home'}
            {request.entryNotes ? <span className="block text-ink-soft">{request.entryNotes}</span> : null}
          </dd>
          <dt className="font-semibold text-ink">Times that suit</dt>
          <dd>
            {request.windows.length === 0 ? (
              'None given'
            ) : (
              <ul>
                {request.windows.map((window) => (
                  <li key={`${window.date}-${window.from}`}>
                    <WindowText window={window} timeZone={request.timeZone} />
                  </li>
                ))}
              </ul>
            )}
          </dd>
          {request.scheduledFor ? (
            <>
              <dt className="font-semibold text-ink">Visit</dt>
              <dd>
                <HomeTime iso={request.scheduledFor} timeZone={request.timeZone} />
              </dd>
            </>
          ) : null}
        </dl>
      </PageSection>

      {request.steps.length > 0 ? (
        <PageSection id="next" title="What you can do now">
          <div className="space-y-3">
            {request.steps.map((step) => (
              <StepForm key={step} step={step} request={request} refused={refused} />
            ))}
          </div>
        </PageSection>
      ) : (
        <p className="text-ink">This request is {STATE_LABELS[request.state].toLowerCase()}: nothing more is done on it.</p>
      )}

      <PageSection id="photos" title="Photos">
        {request.photos.length === 0 ? <p className="text-ink-soft">No photos yet.</p> : null}
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3">
          {request.photos.map((photo, index) => (
            <li key={photo.id}>
              <a href={photo.url} className="block">
                <img
                  src={photo.url}
                  width={photo.width}
                  height={photo.height}
                  alt={`The problem, view ${index + 1} of ${request.photos.length}`}
                  className="h-auto w-full rounded-lg border border-gray-200"
                />
              </a>
            </li>
          ))}
        </ul>
        {canAddPhotos ? (
          <Form method="post" encType="multipart/form-data" className="space-y-2">
            <FormAlert
              id="photos-alert"
              message={refused?.intent === 'photos' ? (refused.formError ?? refused.fieldErrors?.photos?.[0]) : undefined}
            />
            <label htmlFor="photos-input" className="block text-sm font-semibold text-ink">
              Add photos (up to {MAX_MAINTENANCE_PHOTOS} in all)
            </label>
            <input
              id="photos-input"
              name="photos"
              type="file"
              accept="image/jpeg,image/png,image/webp"
              multiple
              className="block w-full text-sm"
            />
            <Submit intent="photos" variant="secondary">
              Add the photos
            </Submit>
          </Form>
        ) : null}
      </PageSection>

      <PageSection id="messages" title="Messages">
        <p className="text-ink">Talk with {other} about this request in its own thread: it stays apart from your other messages.</p>
        {request.conversationId ? (
          <Link to={`/chat/${request.conversationId}`} className="font-semibold text-brand-700 underline">
            Open the messages about this request
          </Link>
        ) : (
          <Form method="post" encType="multipart/form-data">
            <Submit intent="thread" variant="secondary">
              Write to {other}
            </Submit>
          </Form>
        )}
      </PageSection>

      <PageSection id="timeline" title="Timeline">
        <ol className="space-y-2 border-l-2 border-gray-200 pl-4">
          {request.events.map((event, index) => (
            <li key={`${event.at}-${index}`}>
              <p className="font-semibold text-ink">
                {ACTION_LABELS[event.action]}
                {event.action === 'escalated' ? null : <span className="font-normal text-ink-soft"> by {event.actorName}</span>}
              </p>
              <p className="text-sm text-ink-soft">{formatWhen(event.at, request.timeZone)}</p>
              {event.scheduledFor ? (
                <p className="text-sm">
                  Visit: <HomeTime iso={event.scheduledFor} timeZone={request.timeZone} />
                </p>
              ) : null}
              {event.note ? <p className="text-sm whitespace-pre-line">“{event.note}”</p> : null}
            </li>
          ))}
        </ol>
      </PageSection>
    </div>
  )
}
