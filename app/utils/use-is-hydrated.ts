// Whether the page's script has taken over: false while the server renders and while the browser
// hydrates (so both render the same markup), true from then on, including for anything mounted
// later. Parts that work differently with and without JavaScript switch on it.
import { useSyncExternalStore } from 'react'

const subscribe = () => () => {}

export function useIsHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  )
}
