// An article's body: HTML rendered from Markdown and sanitised on the server (server/content/markdown.server.ts).
const bodyStyles = [
  'text-lg leading-8 text-ink',
  '[&_p]:mt-5 [&>:first-child]:mt-0',
  '[&_h2]:mt-10 [&_h2]:text-2xl [&_h2]:font-bold [&_h2]:tracking-tight',
  '[&_h3]:mt-8 [&_h3]:text-xl [&_h3]:font-semibold',
  '[&_h4]:mt-6 [&_h4]:font-semibold',
  '[&_ul]:mt-5 [&_ul]:list-disc [&_ul]:space-y-2 [&_ul]:pl-7',
  '[&_ol]:mt-5 [&_ol]:list-decimal [&_ol]:space-y-2 [&_ol]:pl-7',
  '[&_a]:font-medium [&_a]:text-brand-700 [&_a]:underline',
  '[&_blockquote]:mt-6 [&_blockquote]:border-l-4 [&_blockquote]:border-sun-300 [&_blockquote]:bg-sun-100 [&_blockquote]:px-5 [&_blockquote]:py-3 [&_blockquote_p]:mt-0',
  '[&_code]:rounded [&_code]:bg-gray-100 [&_code]:px-1 [&_code]:text-base',
  '[&_table]:mt-6 [&_table]:w-full [&_table]:text-base [&_th]:border-b [&_th]:py-2 [&_th]:text-left [&_td]:border-b [&_td]:border-gray-200 [&_td]:py-2',
  '[&_hr]:my-10 [&_hr]:border-gray-200',
].join(' ')

export function ArticleBody({ html }: { html: string }) {
  // Sanitised on the server against a short allow-list: no scripts, handlers, styles or unsafe links.
  return <div className={bodyStyles} dangerouslySetInnerHTML={{ __html: html }} />
}
