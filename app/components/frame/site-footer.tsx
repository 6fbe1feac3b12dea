// The footer (docs/product.md#frame): the navigation again, the community entries, contact details, social
// links, the newest knowledge-base posts and the copyright line.
import { Link } from 'react-router'
import { BrandName } from '#app/components/brand.tsx'
import { Container } from '#app/components/container.tsx'
import { MailIcon, PhoneIcon, PinIcon } from '#app/components/icons.tsx'
import { navLinks, siteConfig, telHref, type SocialLink } from '#common/site-config.ts'
import { RecentPosts } from './recent-posts.tsx'

export const communityEntries = [
  { to: '/chat', label: 'Chat Room', description: 'Join our community chat' },
  { to: '/faq', label: 'FAQ', description: 'Frequently Asked Questions' },
] as const

const heading = 'text-sm font-semibold tracking-wider text-white uppercase'
const footerLink = 'text-sm text-gray-200 hover:text-white hover:underline'

export function SiteFooter({ social }: { social: readonly SocialLink[] }) {
  return (
    <footer className="mt-auto bg-ink text-gray-200">
      <Container className="grid gap-10 py-12 sm:grid-cols-2 lg:grid-cols-12 lg:gap-8">
        <div className="space-y-5 lg:col-span-4">
          <Link to="/" className="inline-block rounded-md">
            <BrandName tone="dark" />
          </Link>
          <p className="max-w-sm text-sm leading-6 text-gray-300">
            Homes to rent and lease across the United States, with the full monthly cost on every listing and landlords you can message
            directly.
          </p>
          <address className="space-y-2 text-sm not-italic">
            <p className="flex items-start gap-2">
              <PinIcon className="mt-0.5 size-4 shrink-0 text-brand-300" />
              <span>{siteConfig.address}</span>
            </p>
            <p>
              <a href={telHref(siteConfig.phone)} className={`inline-flex items-center gap-2 ${footerLink}`}>
                <PhoneIcon className="size-4 text-brand-300" />
                {siteConfig.phone}
              </a>
            </p>
            <p>
              <a href={`mailto:${siteConfig.email}`} className={`inline-flex items-center gap-2 ${footerLink}`}>
                <MailIcon className="size-4 text-brand-300" />
                {siteConfig.email}
              </a>
            </p>
          </address>
          <ul className="flex gap-3" aria-label="Social media">
            {social.map((link) => (
              <li key={link.label}>
                <a
                  href={link.href}
                  rel={link.href === '#' ? undefined : 'noopener noreferrer'}
                  className="inline-flex rounded-md border border-gray-500 px-3 py-1.5 text-sm font-medium text-gray-100 hover:border-white hover:text-white"
                >
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
        </div>

        <nav aria-label="Footer" className="grid grid-cols-2 gap-8 sm:col-span-1 lg:col-span-5">
          <div>
            <h2 className={heading}>Explore</h2>
            <ul className="mt-4 space-y-3">
              {navLinks.map((link) => (
                <li key={link.to}>
                  <Link to={link.to} className={footerLink}>
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </div>
          <div>
            <h2 className={heading}>Community</h2>
            <ul className="mt-4 space-y-4">
              {communityEntries.map((entry) => (
                <li key={entry.label}>
                  <Link to={entry.to} className={`font-medium ${footerLink}`}>
                    {entry.label}
                  </Link>
                  <p className="mt-0.5 text-xs text-gray-300">{entry.description}</p>
                </li>
              ))}
            </ul>
          </div>
        </nav>

        <div className="lg:col-span-3">
          <RecentPosts headingId="footer-recent-posts" />
        </div>
      </Container>
      <div className="border-t border-white/10">
        <Container className="flex flex-col gap-2 py-5 text-sm text-gray-300 sm:flex-row sm:items-center sm:justify-between">
          <p>{`© ${siteConfig.copyrightYear} ${siteConfig.name}`}</p>
          <p>
            <Link to="/terms" className={footerLink}>
              Terms of Use
            </Link>
          </p>
        </Container>
      </div>
    </footer>
  )
}
