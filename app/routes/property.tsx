// /properties/:slug: one listing as renters see it (and, with a banner, as its owner sees it). The
// id at the end of the slug finds it; any other slug redirects permanently to the canonical one.
import { redirect, type ShouldRevalidateFunctionArgs } from 'react-router'
import type { Route } from './+types/property'
import { appContext } from '#server/http/app-context.server.ts'
import { Gallery } from '#app/components/listings/detail/gallery.tsx'
import { ContactCard, factsLine, PhoneActionBar } from '#app/components/listings/detail/contact-card.tsx'
import { LandlordCard } from '#app/components/listings/detail/landlord-card.tsx'
import {
  Amenities,
  Availability,
  CostBreakdown,
  DetailSection,
  KeyFacts,
  PetPolicy,
} from '#app/components/listings/detail/listing-facts.tsx'
import { CooperComparison } from '#app/components/listings/cooper-comparison.tsx'
import { ListingMap } from '#app/components/listings/detail/listing-map.tsx'
import { OwnerBanner } from '#app/components/listings/detail/owner-banner.tsx'
import { PriceHistory } from '#app/components/listings/detail/price-history.tsx'
import { listingDescription, listingJsonLd, scriptSafeJson, typeLabel } from '#app/components/listings/detail/seo.ts'
import { ShareLink } from '#app/components/listings/detail/share-link.tsx'
import { SimilarListings } from '#app/components/listings/detail/similar-listings.tsx'
import { SaveButton } from '#app/components/listings/save-button.tsx'
import { formatCents } from '#app/utils/format.ts'
import { streetLine } from '#common/listings/address.ts'
import { listingIdFromSlug, listingPath, listingSlug, photosStepPath } from '#common/listings/listing-url.ts'
import { pageMeta } from '#app/utils/meta.ts'
import { getCurrentSession } from '#server/accounts/index.server.ts'
import { calendarDaysBetween } from '#common/listings/freshness.ts'
import { findRentComparison } from '#server/cooper-index/index.server.ts'
import {
  countListingView,
  findLandlordCard,
  findSimilarListings,
  mapTiles,
  publicOrigin,
  findListingById,
  savedListingIds,
  findListingHold,
} from '#server/listings/index.server.ts'
import { SafetyAdvice } from '#app/components/moderation/safety-advice.tsx'
import { findOpenSlots, listTours } from '#server/tours/index.server.ts'
import { TourSlotsBox } from '#app/components/tours/tour-slots-box.tsx'
import { countWaitingApplications, findListingApplyState } from '#server/applications/index.server.ts'
import { ApplyBox } from '#app/components/applications/apply-box.tsx'
import { findListingReviewsPage } from '#server/stays/index.server.ts'
import { StayBox } from '#app/components/stays/stay-box.tsx'
import { stayBoxOf } from './property-stay-box.server.ts'
import { ListingReviewsSection } from '#app/components/stays/reviews.tsx'

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { services } = context.get(appContext)
  const listingId = listingIdFromSlug(params.slug)
  if (listingId === null) throw new Response('Not Found', { status: 404 })
  const { db } = services.database
  const current = await getCurrentSession(services, request)
  const viewerId = current?.userId ?? null
  const found = await findListingById(db, { viewerId, listingId })
  if (!found) throw new Response('Not Found', { status: 404 })
  const path = listingPath(found)
  if (params.slug !== listingSlug(found)) throw redirect(`${path}${new URL(request.url).search}`, 301)

  const { ownerId, ...listing } = found
  const url = new URL(request.url)
  const isOwner = viewerId === ownerId
  // Tours are booked on a published home by anyone but its owner.
  const offersTours = !isOwner && listing.status === 'published'
  // Applications are made to a published home; its owner sees the way to those sent.
  const showsApply = isOwner || listing.status === 'published'
  // Stays are booked on a published short-term home by anyone but its owner.
  const offersStays = offersTours && listing.shortTerm !== null
  const [similar, landlord, saved, comparison, tourSlots, upcomingTours, applyState, waiting] = await Promise.all([
    findSimilarListings(db, { listing }),
    findLandlordCard(db, { ownerId }),
    current ? savedListingIds(db, { email: current.user.email, listingIds: [listingId] }) : new Set<number>(),
    findRentComparison(db, listing),
    offersTours ? findOpenSlots(db, { listingId }) : null,
    offersTours && viewerId ? listTours(db, { viewerId, when: 'upcoming' }) : [],
    showsApply ? findListingApplyState(db, { listingId, viewerId }) : null,
    isOwner && viewerId ? countWaitingApplications(db, { ownerId: viewerId, listingIds: [listingId] }) : null,
    // Choosing dates reloads the page; only the first look counts as a view.
    isOwner || url.searchParams.has('checkIn') || url.searchParams.has('reviews') ? null : countListingView(db, { listingId, viewerId }),
  ])
  const hold = viewerId && (isOwner || current?.user.isAdmin) ? await findListingHold(db, { viewerId, listingId }) : null
  const stayBox = offersStays ? await stayBoxOf(db, { listingId, viewerId, url }) : null
  const reviews = listing.shortTerm !== null ? await findListingReviewsPage(db, { listingId, page: url.searchParams.get('reviews') }) : null
  const liveTour = upcomingTours.find((t) => t.listing.id === listingId && (t.state === 'requested' || t.state === 'confirmed')) ?? null
  const origin = publicOrigin(services.config, request)
  return {
    listing,
    path,
    origin,
    canonicalUrl: `${origin}${path}`,
    canManage: isOwner || Boolean(current?.user.isAdmin),
    hold: hold?.reason ?? null,
    isAdmin: Boolean(current?.user.isAdmin),
    reviews,
    isOwner,
    isSaved: saved.has(listingId),
    confirmedDaysAgo: calendarDaysBetween(new Date(listing.lastConfirmedAt), new Date()),
    today: new Date().toISOString().slice(0, 10),
    similar,
    landlord,
    comparison,
    tiles: mapTiles(services.config),
    tourSlots,
    liveTour,
    isSignedIn: Boolean(current),
    stayBox,
    applyBox: applyState
      ? {
          listingId,
          path,
          rentCents: listing.lease?.monthlyRentCents ?? null,
          criteria: applyState.criteria,
          application: applyState.application,
          profileMissing: applyState.profileMissing,
          waiting: waiting ? (waiting.get(listingId) ?? 0) : null,
          isSignedIn: Boolean(current),
          suggestedMoveIn: [listing.availableFrom, new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10)].sort().at(-1)!,
        }
      : null,
  }
}

// Saving from this page answers through the button itself; reloading the listing would count a view.
export function shouldRevalidate({ formAction, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (formAction?.endsWith('/save')) return false
  return defaultShouldRevalidate
}

export function meta({ loaderData: data }: Route.MetaArgs) {
  if (!data) return pageMeta('Listing not found', 'This listing does not exist or is no longer available.')
  const { listing, canonicalUrl, origin } = data
  const tags: Route.MetaDescriptors = [
    ...pageMeta(listing.title, listingDescription(listing)),
    { property: 'og:type', content: 'website' },
    { property: 'og:url', content: canonicalUrl },
    { tagName: 'link', rel: 'canonical', href: canonicalUrl },
  ]
  const cover = listing.photos[0]
  if (cover) {
    tags.push({ property: 'og:image', content: `${origin}${cover.src}` }, { property: 'og:image:alt', content: cover.alt })
  }
  if (listing.status === 'draft' || listing.status === 'archived') tags.push({ name: 'robots', content: 'noindex' })
  return tags
}

export default function Property({ loaderData }: Route.ComponentProps) {
  const {
    listing,
    path,
    canonicalUrl,
    origin,
    canManage,
    isOwner,
    isSaved,
    confirmedDaysAgo,
    today,
    similar,
    landlord,
    comparison,
    tiles,
    tourSlots,
    liveTour,
    isSignedIn,
    stayBox,
    applyBox,
  } = loaderData
  const place = [listing.neighborhood, `${listing.city}, ${listing.state} ${listing.zip}`].filter(Boolean).join(' · ')
  const street = streetLine(listing.street, listing.unit)
  const paragraphs = listing.description.split(/\r?\n\s*\r?\n/).filter((p) => p.trim())

  return (
    <article>
      <script
        type="application/ld+json"
        // Escaped by scriptSafeJson, so the listing's text cannot close the element.
        dangerouslySetInnerHTML={{ __html: scriptSafeJson(listingJsonLd(listing, { url: canonicalUrl, origin })) }}
      />
      {canManage ? (
        <OwnerBanner path={path} status={listing.status} listingId={listing.id} isOwner={isOwner} hold={loaderData.hold} />
      ) : null}

      <header className="mb-5 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="min-w-0">
          <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">{typeLabel(listing.type)}</p>
          <h1 className="mt-1 text-3xl font-bold tracking-tight text-ink sm:text-4xl">{listing.title}</h1>
          <address className="mt-2 text-ink-soft not-italic">
            {street ? <span className="block text-ink">{street}</span> : null}
            <span className="block">{place}</span>
          </address>
          <p className="mt-2 font-semibold text-ink">{factsLine(listing, today)}</p>
        </div>
        {/* On a wide screen the price and Save are in the contact card beside the photos. */}
        <div className="shrink-0 sm:text-right lg:hidden">
          <p className="text-3xl font-bold text-ink">
            {formatCents(listing.allInMonthlyCents)}
            <span className="text-base font-normal text-ink-soft">/month all-in</span>
          </p>
          <SaveButton listing={listing} saved={isSaved} redirectTo={path} className="mt-2 sm:flex sm:justify-end" />
        </div>
      </header>

      <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_21rem]">
        <div className="min-w-0 space-y-8">
          <Gallery photos={listing.photos} title={listing.title} addPhotosHref={canManage ? photosStepPath(path) : undefined} />
          <DetailSection id="facts" title="Key facts">
            <KeyFacts listing={listing} today={today} />
          </DetailSection>
          {paragraphs.length > 0 ? (
            <DetailSection id="about" title="About this home">
              <div className="space-y-3 text-ink">
                {paragraphs.map((paragraph, i) => (
                  <p key={i}>{paragraph}</p>
                ))}
              </div>
            </DetailSection>
          ) : null}
          <DetailSection id="cost" title="Monthly cost">
            <CostBreakdown listing={listing} />
            {comparison ? (
              <div className="mt-5">
                <CooperComparison comparison={comparison} />
              </div>
            ) : null}
          </DetailSection>
          <DetailSection id="amenities" title="Amenities">
            <Amenities listing={listing} />
          </DetailSection>
          <DetailSection id="pets" title="Pet policy">
            <PetPolicy listing={listing} />
          </DetailSection>
          <DetailSection id="availability" title="Availability">
            <Availability listing={listing} today={today} confirmedDaysAgo={confirmedDaysAgo} />
          </DetailSection>
          <DetailSection id="location" title="Location">
            <ListingMap latitude={listing.latitude} longitude={listing.longitude} label={listing.title} tiles={tiles} />
          </DetailSection>
          <DetailSection id="price-history" title="Price history">
            <PriceHistory history={listing.priceHistory} />
          </DetailSection>
          {loaderData.reviews ? <ListingReviewsSection data={loaderData.reviews} path={path} isAdmin={loaderData.isAdmin} /> : null}
        </div>
        {/* Stays in view below the site's bar as the page scrolls; taller than the window (with the tour and apply boxes), it scrolls itself, so every box stays reachable by pointer and by keyboard (focus scrolls it). */}
        <div className="space-y-6 lg:sticky lg:top-20 lg:max-h-[calc(100vh-6rem)] lg:self-start lg:overflow-y-auto lg:p-1">
          <ContactCard
            listing={listing}
            landlordName={landlord && !isOwner ? landlord.name : null}
            save={<SaveButton listing={listing} saved={isSaved} redirectTo={path} className="hidden lg:block" />}
            share={<ShareLink url={canonicalUrl} />}
          />
          {isOwner ? null : <SafetyAdvice reportHref={listing.status === 'published' ? `${path}/report` : null} />}
          {stayBox ? <StayBox box={stayBox} path={path} isSignedIn={isSignedIn} /> : null}
          {tourSlots ? (
            <TourSlotsBox
              slots={tourSlots}
              liveTour={liveTour}
              isSignedIn={isSignedIn}
              loginHref={`/login?redirectTo=${encodeURIComponent(path)}`}
            />
          ) : null}
          {applyBox ? <ApplyBox box={applyBox} /> : null}
          {landlord ? <LandlordCard landlord={landlord} /> : null}
        </div>
      </div>
      {landlord && !isOwner ? (
        <PhoneActionBar listingId={listing.id} allInMonthlyCents={listing.allInMonthlyCents} landlordName={landlord.name} />
      ) : null}

      <div className="mt-10">
        <DetailSection id="similar" title="Similar homes">
          <SimilarListings listings={similar} />
        </DetailSection>
      </div>
    </article>
  )
}
