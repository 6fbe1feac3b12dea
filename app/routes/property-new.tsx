// /properties/new: a landlord (or an administrator) lists a home. Anyone else is offered to let homes
// there and then (one button, the profile's "let-homes" form); the server refuses their listing posts
// all the same.
import type { FieldErrors } from '#common/forms.ts'
import { Form, Link, data, useActionData, useLoaderData } from 'react-router'
import type { Route } from './+types/property-new'
import { appContext } from '#server/http/app-context.server.ts'
import { ListingForm } from '#app/components/listings/listing-form.tsx'
import { PageHeader } from '#app/components/page-header.tsx'
import { INTENTS } from '#app/components/profile/profile-forms.ts'
import { Button } from '#app/components/ui/button.tsx'
import { siteConfig } from '#common/site-config.ts'
import { requireUser } from '#server/accounts/index.server.ts'
import { newListingValues } from '#common/listings/listing-form.ts'
import { AppError } from '#server/errors.server.ts'
import { refusalOf } from '#server/http/route-errors.server.ts'
import { mapTiles, mayPublishListings, ONLY_LANDLORDS_LIST } from '#server/listings/index.server.ts'
import { answerListingForm, readListingForm, submitListingForm } from './listing-form.server.ts'

const NO_ERRORS: FieldErrors = {}

export function meta() {
  return [{ title: `List a home · ${siteConfig.name}` }, { name: 'robots', content: 'noindex' }]
}

const today = () => new Date().toISOString().slice(0, 10)

export async function loader({ request, context }: Route.LoaderArgs) {
  const { services } = context.get(appContext)
  const current = await requireUser(services, request)
  if (!mayPublishListings(current.user)) return data({ mayList: false as const }, { status: 403 })
  return { mayList: true as const, values: newListingValues(today()), tiles: mapTiles(services.config) }
}

export async function action({ request, context }: Route.ActionArgs) {
  const { services } = context.get(appContext)
  const current = await requireUser(services, request)
  const values = newListingValues(today())
  if (!mayPublishListings(current.user)) return refusalOf(new AppError('forbidden', ONLY_LANDLORDS_LIST), { values })
  const read = await readListingForm(request, values)
  if (read.refusal) return read.refusal
  const outcome = await submitListingForm(services.database.db, { viewerId: current.userId, formData: read.formData })
  return answerListingForm(outcome, { isNew: true })
}

export default function PropertyNew() {
  const loaded = useLoaderData<typeof loader>()
  const answer = useActionData<typeof action>()
  if (!loaded.mayList) return <LandlordsOnly />
  return (
    <div className="max-w-4xl space-y-8">
      <PageHeader kicker="Landlords" title="List a home">
        <p>
          Five short steps: the home, price and terms, where it is, its details, and photos. The draft is saved before the photos are added,
          and publishing needs at least one.
        </p>
      </PageHeader>
      <ListingForm
        values={answer?.values ?? loaded.values}
        errors={answer?.fieldErrors ?? NO_ERRORS}
        formError={answer?.formError}
        tiles={loaded.tiles}
      />
    </div>
  )
}

function LandlordsOnly() {
  return (
    <div className="max-w-2xl space-y-6">
      <PageHeader kicker="Landlords" title="List a home">
        <p>
          Listing a home on {siteConfig.name} is for landlords, and your profile does not say you let homes yet. Do you let a home, or want
          to? Say so and list it now: you keep everything you have as a renter, and you can change it on your profile at any time.
        </p>
      </PageHeader>
      <div className="flex flex-wrap items-center gap-3">
        <Form method="post" action="/userprofile">
          <input type="hidden" name="intent" value={INTENTS.letHomes} />
          <Button type="submit">I let homes: list one</Button>
        </Form>
        <Link
          to="/properties"
          className="inline-flex rounded-lg border border-gray-400 px-4 py-2 text-sm font-semibold text-ink hover:bg-gray-50"
        >
          Browse homes instead
        </Link>
      </div>
    </div>
  )
}
