// /leases/:id/inspections/:kind (move-in | move-out): the checklist of one inspection for the lease's
// landlord and tenants (anyone else: 404) — room by room, each item's condition, notes, photos and
// comments (on a move-out, beside the move-in's), then signing and the timeline. The work is in
// inspection.server.ts; every form works without JavaScript.
import { Form, Link, type ShouldRevalidateFunctionArgs } from 'react-router'
import type { Route } from './+types/inspection'
import { ItemCard } from '#app/components/inspections/item-card.tsx'
import { SigningPart } from '#app/components/inspections/signing.tsx'
import { LeaseTime } from '#app/components/leases/lease-parts.tsx'
import { PageHeader } from '#app/components/page-header.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { useRevalidateOn } from '#app/realtime/provider.tsx'
import { pageMeta } from '#app/utils/meta.ts'
import type { FieldErrors } from '#common/forms.ts'
import { INSPECTION_ACTION_LABELS, INSPECTION_KIND_LABELS, INSPECTION_STATE_LABELS } from '#common/inspections/vocabulary.ts'
import { appContext } from '#server/http/app-context.server.ts'
import { inspectionAction, inspectionPage } from './inspection.server.ts'

export function meta({ loaderData }: Route.MetaArgs) {
  const title = loaderData ? INSPECTION_KIND_LABELS[loaderData.kind] : 'Inspection'
  return [...pageMeta(title, 'A move-in or move-out inspection of a signed lease.'), { name: 'robots', content: 'noindex' }]
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  return inspectionPage(context.get(appContext).services, request, params)
}

export async function action({ request, params, context }: Route.ActionArgs) {
  return inspectionAction(context.get(appContext).services, request, params)
}

export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formMethod === 'POST' || defaultShouldRevalidate
}

type Refusal = { intent?: string; itemId?: string; formError?: string; fieldErrors?: FieldErrors } | undefined

export default function InspectionPage({ loaderData, actionData }: Route.ComponentProps) {
  const { overview, kind, inspection } = loaderData
  useRevalidateOn((event) => event.type === 'lease' && event.leaseId === overview.leaseId)
  const refused = actionData as Refusal
  const fieldMessage = refused?.fieldErrors ? Object.values(refused.fieldErrors).flat()[0] : undefined
  const message = fieldMessage ?? refused?.formError ?? null
  const itemError = (itemId: number) => (refused?.itemId === String(itemId) ? message : null)
  const pageError = message && !refused?.itemId ? message : null
  const label = INSPECTION_KIND_LABELS[kind]
  const canStart = overview.inspections.find((entry) => entry.kind === kind)?.canStart ?? false
  const isOpen = inspection?.state === 'open'
  // The timeline lists the steps; the many recordings of items are counted, not listed.
  const steps = inspection?.events.filter((event) => event.action !== 'item_updated') ?? []
  const recorded = (inspection?.events.length ?? 0) - steps.length
  return (
    <div className="space-y-8">
      <PageHeader kicker={`${label} · you are the ${overview.viewerRole}`} title={overview.address}>
        <p className="text-base">
          {inspection ? INSPECTION_STATE_LABELS[inspection.state] : 'Not started'} ·{' '}
          <Link to={`/leases/${overview.leaseId}/inspections`} className="text-brand-700 underline">
            Both inspections
          </Link>{' '}
          ·{' '}
          <Link to={`/leases/${overview.leaseId}`} className="text-brand-700 underline">
            The lease
          </Link>
        </p>
      </PageHeader>
      <p className="max-w-3xl text-sm text-ink-soft">
        Both of you fill this in, room by room; either of you can comment on any item. Cooper Home keeps the record and the signatures; it
        does not judge the condition of the home or decide any deposit. This is not legal advice.
      </p>
      {pageError ? (
        <p role="alert" className="max-w-3xl rounded-lg bg-red-50 p-3 text-sm font-medium text-red-800">
          {pageError}
        </p>
      ) : null}
      {!inspection ? (
        canStart ? (
          <Form method="post">
            <input type="hidden" name="intent" value="start" />
            <Button>Start the {label.toLowerCase()}</Button>
          </Form>
        ) : (
          <p className="text-ink">The move-out inspection starts once the move-in inspection is signed by everyone.</p>
        )
      ) : (
        <>
          {inspection.rooms.map((room) => (
            <section key={room.id} aria-labelledby={`room-${room.id}`} className="space-y-3">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <h2 id={`room-${room.id}`} className="text-xl font-semibold text-ink">
                  {room.name}
                </h2>
                {isOpen ? (
                  <Form method="post">
                    <input type="hidden" name="intent" value="remove_room" />
                    <input type="hidden" name="roomId" value={room.id} />
                    <Button variant="quiet">Remove {room.name.toLowerCase()}</Button>
                  </Form>
                ) : null}
              </div>
              <ul className="space-y-3">
                {room.items.map((item) => (
                  <ItemCard key={item.id} item={item} room={room.name} isOpen={isOpen} error={itemError(item.id)} />
                ))}
              </ul>
              {isOpen ? (
                <Form method="post" className="flex flex-wrap items-end gap-2">
                  <input type="hidden" name="intent" value="add_item" />
                  <input type="hidden" name="roomId" value={room.id} />
                  <label className="block text-sm font-medium text-ink">
                    Another item in {room.name.toLowerCase()}
                    <input
                      type="text"
                      name="name"
                      required
                      maxLength={60}
                      className="mt-1 block rounded-lg border border-gray-400 px-3 py-2 text-base"
                    />
                  </label>
                  <Button variant="secondary">Add item</Button>
                </Form>
              ) : null}
            </section>
          ))}
          {isOpen ? (
            <Form method="post" className="flex flex-wrap items-end gap-2">
              <input type="hidden" name="intent" value="add_room" />
              <label className="block text-sm font-medium text-ink">
                Another room
                <input
                  type="text"
                  name="name"
                  required
                  maxLength={60}
                  className="mt-1 block rounded-lg border border-gray-400 px-3 py-2 text-base"
                />
              </label>
              <Button variant="secondary">Add room</Button>
            </Form>
          ) : null}
          <section aria-labelledby="signing-title" className="space-y-3">
            <h2 id="signing-title" className="text-xl font-semibold text-ink">
              Signatures
            </h2>
            <SigningPart inspection={inspection} errors={refused?.fieldErrors ?? {}} />
          </section>
          <section aria-labelledby="timeline-title" className="space-y-3">
            <h2 id="timeline-title" className="text-xl font-semibold text-ink">
              Timeline
            </h2>
            <ol className="max-w-3xl space-y-1 text-sm text-ink">
              {steps.map((event, index) => (
                <li key={index}>
                  <LeaseTime iso={event.at} /> · {event.actor}: {INSPECTION_ACTION_LABELS[event.action]}
                  {event.detail ? ` (${event.detail})` : ''}
                </li>
              ))}
            </ol>
            {recorded > 0 ? (
              <p className="text-sm text-ink-soft">
                And {recorded} {recorded === 1 ? 'item recorded' : 'items recorded'} along the way: each item shows its latest state.
              </p>
            ) : null}
          </section>
        </>
      )}
    </div>
  )
}
