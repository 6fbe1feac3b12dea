// The page frame on every page (docs/product.md#frame), top to bottom: contact strip, sticky navigation, the page,
// toasts, the scroll-to-top button and the footer. It renders from plain data so it also works on
// error pages, where the root loader's data may be missing.
import type { ReactNode } from 'react'
import { socialLinks, type SocialLink } from '#common/site-config.ts'
import type { SessionUser } from '#common/accounts/session-user.ts'
import { TermsBanner, type TermsToAcceptNotice } from '#app/components/terms/terms-banner.tsx'
import { ScrollToTop } from './scroll-to-top.tsx'
import { SiteFooter } from './site-footer.tsx'
import { SiteNav } from './site-nav.tsx'
import { ToastHost, type FlashToast } from './toast-host.tsx'
import { TopStrip } from './top-strip.tsx'

export type FrameData = {
  user: SessionUser | null
  unread: number
  /** How many homes the signed-in user has saved (0 for a visitor). */
  saved: number
  /** The signed-in user's unread alerts, beside the avatar (0 for a visitor). */
  alerts?: number
  social: readonly SocialLink[]
  toast: FlashToast | null
  /** The Terms of Use in force, when the signed-in user has not accepted them yet. */
  termsToAccept?: TermsToAcceptNotice | null
}

/** What the frame shows when the root loader did not run: a visitor, nothing unread. */
export const anonymousFrame: FrameData = { user: null, unread: 0, saved: 0, social: socialLinks({}), toast: null }

export function SiteFrame({ data, children }: { data: FrameData; children: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only rounded-md bg-white px-4 py-2 font-semibold text-brand-800 shadow-lg focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-50"
      >
        Skip to content
      </a>
      <TopStrip />
      <SiteNav user={data.user} unread={data.unread} saved={data.saved} alerts={data.alerts ?? 0} />
      <main id="main" tabIndex={-1} className="mx-auto w-full max-w-[1440px] flex-1 px-4 py-8 sm:px-6 lg:px-8 lg:py-12">
        {data.termsToAccept ? <TermsBanner terms={data.termsToAccept} /> : null}
        {children}
      </main>
      <ToastHost flash={data.toast} />
      <ScrollToTop />
      <SiteFooter social={data.social} />
    </div>
  )
}
