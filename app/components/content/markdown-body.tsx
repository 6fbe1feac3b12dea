// HTML the server rendered from Markdown and sanitised (server/content/markdown.server.ts), styled
// for reading: headings, paragraphs, lists, links, quotes, code and tables. One component for every
// place that shows it: knowledge-base articles, FAQ answers, the Terms of Use, summaries of changes
// and the editors' preview, so an editor's preview looks like the page it previews.
import type { ComponentProps } from 'react'

const shared = [
  'text-ink [&>:first-child]:mt-0',
  '[&_a]:font-medium [&_a]:text-brand-700 [&_a]:underline [&_a]:underline-offset-2',
  '[&_h2]:scroll-mt-24 [&_h3]:scroll-mt-24 [&_h4]:scroll-mt-24',
  '[&_ul]:list-disc [&_ol]:list-decimal',
  '[&_code]:rounded [&_code]:bg-gray-100 [&_code]:px-1',
  '[&_pre]:overflow-x-auto [&_pre]:rounded-lg [&_pre]:bg-gray-100 [&_pre]:p-3 [&_pre_code]:bg-transparent [&_pre_code]:p-0',
  '[&_hr]:border-gray-200',
]

const looks = {
  /** A knowledge-base article: larger type, generous spacing. */
  article: [
    'text-lg leading-8',
    '[&_p]:mt-5',
    '[&_h2]:mt-10 [&_h2]:text-2xl [&_h2]:font-bold [&_h2]:tracking-tight',
    '[&_h3]:mt-8 [&_h3]:text-xl [&_h3]:font-semibold',
    '[&_h4]:mt-6 [&_h4]:font-semibold',
    '[&_ul]:mt-5 [&_ul]:space-y-2 [&_ul]:pl-7 [&_ol]:mt-5 [&_ol]:space-y-2 [&_ol]:pl-7',
    '[&_blockquote]:mt-6 [&_blockquote]:border-l-4 [&_blockquote]:border-sun-300 [&_blockquote]:bg-sun-100 [&_blockquote]:px-5 [&_blockquote]:py-3 [&_blockquote_p]:mt-0',
    '[&_code]:text-base [&_pre]:mt-5',
    '[&_table]:mt-6 [&_table]:w-full [&_table]:text-base [&_th]:border-b [&_th]:py-2 [&_th]:text-left [&_td]:border-b [&_td]:border-gray-200 [&_td]:py-2',
    '[&_hr]:my-10',
  ],
  /** Terms, FAQ answers and summaries: body-size type. */
  reading: [
    'leading-7',
    '[&_p]:mt-4',
    '[&_h2]:mt-8 [&_h2]:text-xl [&_h2]:font-semibold',
    '[&_h3]:mt-6 [&_h3]:text-lg [&_h3]:font-semibold',
    '[&_h4]:mt-4 [&_h4]:font-semibold',
    '[&_ul]:mt-4 [&_ul]:pl-6 [&_ol]:mt-4 [&_ol]:pl-6 [&_li]:mt-2',
    '[&_blockquote]:mt-4 [&_blockquote]:border-l-4 [&_blockquote]:border-brand-200 [&_blockquote]:pl-4',
    '[&_pre]:mt-4',
    '[&_table]:mt-4 [&_table]:w-full [&_th]:border-b [&_th]:py-1.5 [&_th]:text-left [&_td]:border-b [&_td]:border-gray-200 [&_td]:py-1.5',
    '[&_hr]:my-8',
  ],
}

export type MarkdownLook = keyof typeof looks

export function MarkdownBody({
  html,
  look = 'reading',
  className = '',
  ...attributes
}: { html: string; look?: MarkdownLook } & Omit<ComponentProps<'div'>, 'children' | 'dangerouslySetInnerHTML'>) {
  return (
    <div
      {...attributes}
      className={`${[...shared, ...looks[look]].join(' ')} ${className}`}
      // Safe: the server sanitised it against an allow-list (no scripts, handlers, styles or unsafe links).
      dangerouslySetInnerHTML={{ __html: html }}
    />
  )
}
