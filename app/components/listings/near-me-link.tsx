// "Homes near me": asks the browser where the renter is only when they click, then opens the search on
// the area around them. Without JavaScript, or if the browser cannot tell, it is a link to every home.
import { useState, type MouseEvent } from 'react'
import { Link, useNavigate } from 'react-router'
import { PinIcon } from '#app/components/icons.tsx'
import { boundsHref, PROPERTIES_PATH } from './search/search-url.ts'

/** How far around the renter the search looks: about 10 miles each way. */
const REACH_DEGREES = 0.15

/** The map area around a position, a square of about 20 miles. */
export function boundsAround(latitude: number, longitude: number) {
  const east = REACH_DEGREES / Math.max(Math.cos((latitude * Math.PI) / 180), 0.2)
  return {
    south: Math.max(latitude - REACH_DEGREES, -90),
    north: Math.min(latitude + REACH_DEGREES, 90),
    west: Math.max(longitude - east, -180),
    east: Math.min(longitude + east, 180),
  }
}

export function NearMeLink({ className }: { className?: string }) {
  const navigate = useNavigate()
  const [state, setState] = useState<'idle' | 'locating' | 'refused'>('idle')
  const all = `${PROPERTIES_PATH}?sort=newest`

  function locate(event: MouseEvent<HTMLAnchorElement>) {
    if (!('geolocation' in navigator) || event.metaKey || event.ctrlKey || event.shiftKey) return
    event.preventDefault()
    setState('locating')
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => {
        setState('idle')
        void navigate(boundsHref(new URLSearchParams({ sort: 'newest' }), boundsAround(coords.latitude, coords.longitude)))
      },
      () => setState('refused'),
      { maximumAge: 600_000, timeout: 15_000 },
    )
  }

  return (
    <>
      <Link to={all} onClick={locate} className={className} aria-describedby={state === 'refused' ? 'near-me-refused' : undefined}>
        <PinIcon className="size-4 shrink-0" />
        {state === 'locating' ? 'Finding you…' : 'Homes near me'}
      </Link>
      <span id="near-me-refused" role="status" className={state === 'refused' ? 'ml-2' : 'sr-only'}>
        {state === 'refused' ? 'Your browser did not share where you are: search a place instead.' : ''}
      </span>
    </>
  )
}
