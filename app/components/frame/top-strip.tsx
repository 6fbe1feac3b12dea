// The contact strip above the navigation, hidden on screens under 768 px wide.
import { Container } from '#app/components/container.tsx'
import { MailIcon, PhoneIcon, PinIcon } from '#app/components/icons.tsx'
import { siteConfig, telHref } from '#common/site-config.ts'

export function TopStrip() {
  return (
    <section aria-label="Contact" className="hidden bg-brand-900 text-sm text-brand-50 md:block">
      <Container className="flex h-10 items-center justify-between gap-6">
        <p className="flex min-w-0 items-center gap-2">
          <PinIcon className="size-4 shrink-0 text-brand-200" />
          <span className="truncate">{siteConfig.address}</span>
        </p>
        <ul className="flex shrink-0 items-center gap-6">
          <li>
            <a href={telHref(siteConfig.phone)} className="flex items-center gap-2 hover:text-white hover:underline">
              <PhoneIcon className="size-4 text-brand-200" />
              {siteConfig.phone}
            </a>
          </li>
          <li>
            <a href={`mailto:${siteConfig.email}`} className="flex items-center gap-2 hover:text-white hover:underline">
              <MailIcon className="size-4 text-brand-200" />
              {siteConfig.email}
            </a>
          </li>
        </ul>
      </Container>
    </section>
  )
}
