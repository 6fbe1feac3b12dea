// HTML the server rendered from Markdown and sanitised (server/content/markdown.server.ts), styled
// for reading: headings, paragraphs, lists, links and tables.
const markdownClass =
  'space-y-4 leading-7 text-ink [&_a]:font-medium [&_a]:text-brand-700 [&_a]:underline [&_a]:underline-offset-2 [&_h2]:scroll-mt-24 [&_h2]:pt-4 [&_h2]:text-xl [&_h2]:font-semibold [&_h3]:scroll-mt-24 [&_h3]:pt-2 [&_h3]:text-lg [&_h3]:font-semibold [&_li]:mt-2 [&_ol]:list-decimal [&_ol]:pl-6 [&_ul]:list-disc [&_ul]:pl-6 [&_blockquote]:border-l-4 [&_blockquote]:border-brand-200 [&_blockquote]:pl-4 [&_code]:rounded [&_code]:bg-gray-100 [&_code]:px-1'

export function MarkdownBody({ html, className = '', id }: { html: string; className?: string; id?: string }) {
  // Safe: the server sanitised it with an allow-list (no scripts, handlers, styles or unsafe links).
  return <div id={id} className={`${markdownClass} ${className}`} dangerouslySetInnerHTML={{ __html: html }} />
}
