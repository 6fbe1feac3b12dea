// The frame's content width (at most 1440 px, docs/product.md#frame), shared by the strip, navigation, page and footer.
import type { ReactNode } from 'react'

export function Container({ children, className = '' }: { children: ReactNode; className?: string }) {
  return <div className={`mx-auto w-full max-w-[1440px] px-4 sm:px-6 lg:px-8 ${className}`}>{children}</div>
}
