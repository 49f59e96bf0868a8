import type { ReactNode } from 'react';

/** The friendly panel a list shows when it has nothing in it yet. */
export function EmptyState({
  title,
  text,
  image,
  children,
  headingLevel = 2,
}: {
  title: string;
  text?: string;
  image?: string;
  children?: ReactNode;
  headingLevel?: 1 | 2 | 3;
}) {
  const Heading = ({ 1: 'h1', 2: 'h2', 3: 'h3' } as const)[headingLevel];
  return (
    <section className="card mx-auto flex max-w-xl flex-col items-center gap-3 px-6 py-10 text-center">
      {image && <img src={image} alt="" className="h-28 w-28" />}
      <Heading className="text-xl font-bold text-stone-900">{title}</Heading>
      {text && <p className="text-stone-700">{text}</p>}
      {children && <div className="mt-2 flex flex-wrap justify-center gap-3">{children}</div>}
    </section>
  );
}
