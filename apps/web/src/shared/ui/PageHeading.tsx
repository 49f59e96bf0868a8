import type { ReactNode, Ref } from 'react';

/**
 * The page's one h1, in the product's lowercase, friendly style. With a `ref` it can take the keyboard focus
 * (for when what had it is gone, e.g. the last row of a list deleted).
 */
export function PageHeading({
  children,
  className = '',
  ref,
}: {
  children: ReactNode;
  className?: string;
  ref?: Ref<HTMLHeadingElement>;
}) {
  return (
    <h1
      ref={ref}
      tabIndex={ref ? -1 : undefined}
      className={`text-2xl font-bold text-stone-900 outline-none md:text-3xl ${className}`}
    >
      {children}
    </h1>
  );
}
