// The two-part brand name: "Cooper" and "Home", styled apart.
import { siteConfig } from '#common/site-config.ts'

export function BrandName({ tone = 'light', size = 'text-xl sm:text-2xl' }: { tone?: 'light' | 'dark'; size?: string }) {
  // Plain inline spans with a real space, so the accessible name reads "Cooper Home".
  return (
    <span className={`tracking-tight whitespace-nowrap ${size}`}>
      <span className={`font-extrabold ${tone === 'light' ? 'text-ink' : 'text-white'}`}>{siteConfig.brand.first}</span>{' '}
      <span className={`font-medium ${tone === 'light' ? 'text-brand-600' : 'text-brand-200'}`}>{siteConfig.brand.second}</span>
    </span>
  )
}
