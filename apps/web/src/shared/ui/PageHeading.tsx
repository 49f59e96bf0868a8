import type { ReactNode } from 'react';

/** The page's one h1, in the product's lowercase, friendly style. */
export function PageHeading({ children, className = '' }: { children: ReactNode; className?: string }) {
  return <h1 className={`text-2xl font-bold text-stone-900 md:text-3xl ${className}`}>{children}</h1>;
}
