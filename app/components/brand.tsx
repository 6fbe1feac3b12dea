// The two-part brand name (spec §1): "Cooper" and "Home", styled apart.
import { siteConfig } from '#app/site-config.ts'

export function BrandName({ tone = 'light' }: { tone?: 'light' | 'dark' }) {
  // Plain inline spans with a real space, so the accessible name reads "Cooper Home".
  return (
    <span className="text-xl tracking-tight whitespace-nowrap sm:text-2xl">
      <span className={`font-extrabold ${tone === 'light' ? 'text-ink' : 'text-white'}`}>{siteConfig.brand.first}</span>{' '}
      <span className={`font-medium ${tone === 'light' ? 'text-brand-600' : 'text-brand-200'}`}>{siteConfig.brand.second}</span>
    </span>
  )
}
