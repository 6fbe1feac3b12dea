// Page titles and descriptions: every page has its own title, ending in the site's name.
import { siteConfig } from '#common/site-config.ts'

export function pageMeta(title: string, description: string) {
  return [
    { title: `${title} · ${siteConfig.name}` },
    { name: 'description', content: description },
    { property: 'og:title', content: title },
    { property: 'og:description', content: description },
    { property: 'og:site_name', content: siteConfig.name },
  ]
}
