// The home page: the search (and "Homes near me"), homes near a signed-in renter's saved homes or the
// newest anywhere, the latest price drops, the cities with their typical rent, the way to list a home,
// and the site's areas. Server-rendered; the loader's work is in home.server.ts.
import { Form, Link, useLoaderData, useRouteLoaderData } from 'react-router'
import type { Route } from './+types/home'
import { ArrowRightIcon, CheckIcon, KeyIcon } from '#app/components/icons.tsx'
import { ListingCard } from '#app/components/listings/listing-card.tsx'
import { NearMeLink } from '#app/components/listings/near-me-link.tsx'
import { SaveButton } from '#app/components/listings/save-button.tsx'
import { SearchBox } from '#app/components/listings/search-box.tsx'
import type { loader as rootLoader } from '#app/root.tsx'
import { formatChange, formatCount, formatDollars, formatMonth } from '#common/cooper/figures.ts'
import { PRICE_DROP_DAYS } from '#common/listings/vocabulary.ts'
import { siteConfig } from '#common/site-config.ts'
import { appContext } from '#server/http/app-context.server.ts'
import { areas, promises, steps } from './home-content.tsx'
import { loadHomePage, type HomeCard, type HomeCity } from './home.server.ts'

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadHomePage(context.get(appContext).services, request)
}

export function meta() {
  return [
    { title: `${siteConfig.name} — homes to rent and lease, with the full monthly cost` },
    {
      name: 'description',
      content:
        'Find a home to rent or lease on Cooper Home: the all-in monthly cost on every listing, listings confirmed available, direct messages with landlords and the Cooper Index of local rents.',
    },
    { property: 'og:title', content: `${siteConfig.name} — homes to rent and lease` },
    { property: 'og:site_name', content: siteConfig.name },
  ]
}

/** Of the homes, how many a phone shows. */
const PHONE_HOMES = 4

const seeAllClass = 'inline-flex items-center gap-1.5 font-semibold text-brand-800 hover:gap-2.5'

export default function Home() {
  const root = useRouteLoaderData<typeof rootLoader>('root')
  const { homes, nearPlace, homesHref, total, isTotalCapped, priceDrops, savedIds, cities } = useLoaderData<typeof loader>()
  const isSignedIn = Boolean(root?.user)
  const saved = new Set(savedIds)
  const card = ({ listing, drop }: HomeCard) => (
    <ListingCard
      listing={listing}
      drop={drop}
      action={<SaveButton listing={listing} saved={saved.has(listing.id)} redirectTo="/" variant="icon" />}
    />
  )

  return (
    <div className="space-y-16 lg:space-y-24">
      <section
        aria-labelledby="home-title"
        className="relative overflow-hidden rounded-3xl bg-gradient-to-br from-brand-900 via-brand-800 to-brand-700 px-6 py-12 text-white shadow-xl sm:px-10 sm:py-16 lg:px-16 lg:py-20"
      >
        <div aria-hidden="true" className="pointer-events-none absolute -top-24 -right-24 size-96 rounded-full bg-brand-500/25 blur-3xl" />
        <div aria-hidden="true" className="pointer-events-none absolute -bottom-32 left-1/3 size-96 rounded-full bg-sun-500/15 blur-3xl" />
        <div className="relative grid gap-12 lg:grid-cols-12 lg:items-center">
          <div className="lg:col-span-7">
            <p className="text-sm font-semibold tracking-wider text-brand-100 uppercase">Homes to rent and lease</p>
            <h1 id="home-title" className="mt-3 text-4xl font-bold tracking-tight text-balance sm:text-5xl lg:text-6xl">
              Rent a home with the whole cost in view.
            </h1>
            <p className="mt-6 max-w-2xl text-lg leading-8 text-brand-50">
              {siteConfig.name} lists homes to rent and lease with the all-in monthly cost on every listing, only homes that are still
              available, and a direct line to each landlord.
            </p>

            <Form method="get" action="/properties" role="search" className="mt-8 max-w-2xl">
              <SearchBox id="home-search" tone="hero" />
            </Form>
            <p className="mt-4 text-sm text-brand-50">
              <NearMeLink className="inline-flex items-center gap-1.5 font-semibold text-white underline underline-offset-4 hover:text-sun-300" />
            </p>
          </div>

          <ul className="grid gap-4 sm:grid-cols-2 lg:col-span-5 lg:grid-cols-1">
            {promises.map((promise) => (
              <li key={promise.title} className="flex gap-3 rounded-2xl bg-white/10 p-4 ring-1 ring-white/15">
                <span className="mt-0.5 inline-flex size-7 shrink-0 items-center justify-center rounded-full bg-sun-300 text-ink">
                  <CheckIcon className="size-4" />
                </span>
                <div>
                  <h2 className="font-semibold text-white">{promise.title}</h2>
                  <p className="mt-1 text-sm leading-6 text-brand-50">{promise.text}</p>
                </div>
              </li>
            ))}
          </ul>
        </div>
      </section>

      {homes.length > 0 ? (
        <section aria-labelledby="homes-title">
          <div className="flex flex-wrap items-end justify-between gap-4">
            <div>
              <h2 id="homes-title" className="text-2xl font-bold tracking-tight sm:text-3xl">
                {nearPlace ? `Homes in ${nearPlace}` : 'Newest homes'}
              </h2>
              <p className="mt-2 text-lg text-ink-soft">
                {nearPlace
                  ? 'Where the homes you saved are: the newest first, each with its all-in monthly cost.'
                  : 'Just listed or back on the market, each with its all-in monthly cost.'}
              </p>
            </div>
            <Link to={homesHref} className={seeAllClass}>
              See all {total === null ? '' : `${formatCount(total)}${isTotalCapped ? '+' : ''} `}homes
              {nearPlace ? <span className="sr-only"> in {nearPlace}</span> : null}
              <ArrowRightIcon className="size-4 transition-all" />
            </Link>
          </div>
          <ul className="mt-6 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
            {homes.map((home, index) => (
              // A phone shows the first four; the rest are a tap away in "See all".
              <li key={home.listing.id} className={index >= PHONE_HOMES ? 'hidden sm:block' : undefined}>
                {card(home)}
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {priceDrops.length > 0 ? (
        <section aria-labelledby="drops-title">
          <h2 id="drops-title" className="text-2xl font-bold tracking-tight sm:text-3xl">
            Price drops
          </h2>
          <p className="mt-2 text-lg text-ink-soft">
            Homes whose landlords lowered the asking price in the last {PRICE_DROP_DAYS} days, the latest first.
          </p>
          {/* A phone swipes through them in one row, so the page stays short. */}
          <ul className="-mx-4 mt-6 flex snap-x snap-mandatory gap-4 overflow-x-auto px-4 pb-2 sm:mx-0 sm:grid sm:snap-none sm:grid-cols-2 sm:gap-5 sm:overflow-visible sm:px-0 sm:pb-0 lg:grid-cols-3">
            {priceDrops.map((home, index) => (
              // Two columns show two; a phone swipes to the third.
              <li
                key={home.listing.id}
                className={`w-[80%] max-w-80 shrink-0 snap-start sm:w-auto sm:max-w-none ${index >= 2 ? 'sm:max-lg:hidden' : ''}`}
              >
                {card(home)}
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {cities.length > 0 ? <CityRents cities={cities} /> : null}

      <section aria-labelledby="areas-title">
        <div className="max-w-2xl">
          <h2 id="areas-title" className="text-2xl font-bold tracking-tight sm:text-3xl">
            Everything you need to find your next home
          </h2>
          <p className="mt-3 text-lg text-ink-soft">
            Search the listings, check the rents, read up before you sign, and ask the community.
          </p>
        </div>
        <ul className="mt-8 grid gap-5 sm:grid-cols-2 xl:grid-cols-3">
          {areas.map((area) => (
            <li key={area.to}>
              <Link
                to={area.to}
                className="group flex h-full flex-col rounded-2xl border border-gray-200 bg-white p-6 shadow-sm transition hover:-translate-y-0.5 hover:border-brand-300 hover:shadow-md"
              >
                <span className="inline-flex size-11 items-center justify-center rounded-xl bg-brand-50 text-brand-700">{area.icon}</span>
                <h3 className="mt-4 text-lg font-semibold text-ink">{area.title}</h3>
                <p className="mt-2 flex-1 text-ink-soft">{area.text}</p>
                <span className="mt-5 inline-flex items-center gap-1.5 font-semibold text-brand-700 group-hover:gap-2.5">
                  {area.action}
                  <ArrowRightIcon className="size-4 transition-all" />
                </span>
              </Link>
            </li>
          ))}
          <li>
            <Link
              to={isSignedIn ? '/properties/new' : '/register'}
              className="group flex h-full flex-col rounded-2xl border border-sun-300 bg-sun-100 p-6 shadow-sm transition hover:-translate-y-0.5 hover:shadow-md"
            >
              <span className="inline-flex size-11 items-center justify-center rounded-xl bg-white text-brand-800">
                <KeyIcon className="size-6" />
              </span>
              <h3 className="mt-4 text-lg font-semibold text-ink">List your home</h3>
              <p className="mt-2 flex-1 text-ink">
                Landlords publish homes with photos and the full monthly cost, and answer renters in one inbox.
              </p>
              <span className="mt-5 inline-flex items-center gap-1.5 font-semibold text-brand-800 group-hover:gap-2.5">
                {isSignedIn ? 'List a home' : 'Create an account'}
                <ArrowRightIcon className="size-4 transition-all" />
              </span>
            </Link>
          </li>
        </ul>
      </section>

      <section aria-labelledby="steps-title" className="rounded-3xl border border-gray-200 bg-white p-6 sm:p-10">
        <h2 id="steps-title" className="text-2xl font-bold tracking-tight sm:text-3xl">
          How renting through {siteConfig.name} works
        </h2>
        <ol className="mt-8 grid gap-8 md:grid-cols-3">
          {steps.map((step, index) => (
            <li key={step.title} className="flex gap-4">
              <span
                aria-hidden="true"
                className="inline-flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-600 text-lg font-bold text-white"
              >
                {index + 1}
              </span>
              <div>
                <h3 className="text-lg font-semibold">{step.title}</h3>
                <p className="mt-1 text-ink-soft">{step.text}</p>
              </div>
            </li>
          ))}
        </ol>
      </section>

      <section
        aria-labelledby="help-title"
        className="flex flex-col gap-6 rounded-3xl bg-brand-50 p-6 sm:p-10 lg:flex-row lg:items-center lg:justify-between"
      >
        <div className="max-w-2xl">
          <h2 id="help-title" className="text-2xl font-bold tracking-tight">
            Questions before you start?
          </h2>
          <p className="mt-2 text-ink-soft">
            Write to us and a person on our team will answer. Many answers are already in the FAQ and the knowledge base.
          </p>
        </div>
        <div className="flex flex-wrap gap-3">
          <a
            href={`mailto:${siteConfig.email}`}
            className="rounded-lg bg-brand-700 px-5 py-3 font-semibold text-white shadow-sm hover:bg-brand-800"
          >
            E-mail us
          </a>
          <Link to="/faq" className="rounded-lg border border-brand-700 bg-white px-5 py-3 font-semibold text-brand-800 hover:bg-brand-100">
            Read the FAQ
          </Link>
        </div>
      </section>
    </div>
  )
}

/** The cities with homes on the site: the typical rent of each (the Cooper Index in dollars), its homes and its index. */
function CityRents({ cities }: { cities: HomeCity[] }) {
  return (
    <section aria-labelledby="cities-title">
      <div className="max-w-3xl">
        <h2 id="cities-title" className="text-2xl font-bold tracking-tight sm:text-3xl">
          Rents in our cities
        </h2>
        <p className="mt-2 text-lg text-ink-soft">
          The typical asking rent in each city in its latest complete month, from the{' '}
          <Link to="/cooper" className="font-semibold text-brand-800 underline underline-offset-2">
            Cooper Index
          </Link>
          , and the way to the homes on the market there.
        </p>
      </div>
      <ul className="mt-6 grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
        {cities.map((city) => (
          <li key={city.indexHref} className="flex flex-col rounded-2xl border border-gray-200 bg-white p-4 shadow-sm sm:p-5">
            <h3 className="text-lg font-semibold text-ink">
              {city.name}, {city.stateCode}
            </h3>
            <p className="mt-2 text-ink">
              <span className="text-2xl font-bold tabular-nums">{formatDollars(city.typicalRentCents)}</span>{' '}
              <span className="text-sm text-ink-soft">typical rent a month, {formatMonth(city.month)}</span>
            </p>
            <p className="mt-1 text-sm text-ink-soft">
              {city.yearOverYear === null ? 'Less than a year of figures' : `${formatChange(city.yearOverYear)} in a year`}
            </p>
            <div className="mt-4 flex flex-wrap gap-x-4 gap-y-2 text-sm font-semibold">
              <Link to={city.searchHref} className="text-brand-800 underline underline-offset-2">
                Homes for rent<span className="sr-only"> in {city.name}</span>
              </Link>
              <Link to={city.indexHref} className="text-brand-800 underline underline-offset-2">
                Index<span className="sr-only"> for {city.name}</span>
              </Link>
            </div>
          </li>
        ))}
      </ul>
    </section>
  )
}
