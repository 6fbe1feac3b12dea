import { Form } from 'react-router'
import type { Route } from './+types/properties'
import { SearchIcon } from '#app/components/icons.tsx'
import { PageHeader } from '#app/components/page-header.tsx'
import { pageMeta } from '#app/utils/meta.ts'

export const MAX_QUERY_LENGTH = 200

export function loader({ request }: Route.LoaderArgs) {
  const q = (new URL(request.url).searchParams.get('q') ?? '').trim().slice(0, MAX_QUERY_LENGTH)
  return { q }
}

export function meta({ loaderData: data }: Route.MetaArgs) {
  const q = data?.q
  return pageMeta(
    q ? `Homes to rent matching “${q}”` : 'Properties',
    'Homes to rent and lease on Cooper Home, each with its all-in monthly cost: rent plus every recurring fee.',
  )
}

export default function Properties({ loaderData }: Route.ComponentProps) {
  const { q } = loaderData
  return (
    <div className="space-y-8">
      <PageHeader kicker="Homes to rent and lease" title="Properties">
        <p>Homes to rent and lease on Cooper Home, each shown with its all-in monthly cost: rent plus every recurring fee.</p>
      </PageHeader>

      <Form method="get" action="/properties" role="search" className="max-w-2xl">
        <label htmlFor="properties-search" className="block text-sm font-semibold text-ink">
          Where do you want to live?
        </label>
        <div className="mt-2 flex flex-col gap-3 sm:flex-row">
          <div className="relative flex-1">
            <SearchIcon className="pointer-events-none absolute top-1/2 left-3.5 size-5 -translate-y-1/2 text-ink-soft" />
            <input
              id="properties-search"
              type="search"
              name="q"
              defaultValue={q}
              key={q}
              maxLength={MAX_QUERY_LENGTH}
              autoComplete="off"
              placeholder="City, neighborhood or ZIP code"
              className="w-full rounded-lg border border-gray-400 bg-white py-3 pr-4 pl-11 text-base text-ink placeholder:text-gray-600"
            />
          </div>
          <button type="submit" className="rounded-lg bg-brand-600 px-6 py-3 font-semibold text-white shadow-sm hover:bg-brand-700">
            Search homes
          </button>
        </div>
      </Form>

      {q ? (
        <p className="text-lg" role="status">
          You searched for <span className="font-semibold">{`“${q}”`}</span>.
        </p>
      ) : null}
    </div>
  )
}
