// The document's <Meta>, with the unread count in front of the page title while there is any
// ("(3) Chat room · Cooper Home"), in the server-rendered HTML and live afterwards. Each route's own
// meta function stays as it is: their results pass through titleWithUnread on the way out.
import { useContext, useMemo } from 'react'
import { Meta, UNSAFE_FrameworkContext as FrameworkContext } from 'react-router'
import { useUnreadCount } from '#app/realtime/provider.tsx'
import { titleWithUnread } from '#app/utils/badge.ts'

type RouteModules = NonNullable<React.ContextType<typeof FrameworkContext>>['routeModules']
type MetaDescriptor = { title?: unknown } & Record<string, unknown>

function withUnreadTitles(routeModules: RouteModules, unread: number): RouteModules {
  const wrapped: RouteModules = {}
  for (const [id, module] of Object.entries(routeModules)) {
    if (!module?.meta) {
      wrapped[id] = module
      continue
    }
    const original = module.meta
    wrapped[id] = {
      ...module,
      meta: (args: never) => {
        const descriptors = (typeof original === 'function' ? original(args) : original) as MetaDescriptor[] | undefined
        return descriptors?.map((d) => (d && 'title' in d ? { ...d, title: titleWithUnread(String(d.title), unread) } : d))
      },
    } as typeof module
  }
  return wrapped
}

export function UnreadMeta() {
  const unread = useUnreadCount()
  const context = useContext(FrameworkContext)
  const value = useMemo(
    () => (context ? { ...context, routeModules: withUnreadTitles(context.routeModules, unread) } : context),
    [context, unread],
  )
  return (
    <FrameworkContext value={value}>
      <Meta />
    </FrameworkContext>
  )
}
