// A wide table inside its own labelled region that scrolls sideways on a narrow screen, so the page itself
// never does; the region takes focus so that it can be scrolled from the keyboard.
import type { ReactNode } from 'react'

export function TableRegion({ captionId, children }: { captionId: string; children: ReactNode }) {
  return (
    <div
      role="region"
      aria-labelledby={captionId}
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- the region scrolls sideways, so the keyboard must reach it
      tabIndex={0}
      className="relative overflow-x-auto rounded-xl border border-gray-200 bg-white"
    >
      {children}
    </div>
  )
}
