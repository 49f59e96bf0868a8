import { SPINNER_DEFAULT_SIZE_PX } from '@rummage/contract';

/** A busy indicator that screen readers announce as "Loading". */
export function Spinner({
  size = SPINNER_DEFAULT_SIZE_PX,
  label = 'Loading',
}: {
  size?: number;
  label?: string;
}) {
  return (
    <div role="status" className="flex justify-center py-8">
      <span
        aria-hidden="true"
        className="inline-block animate-spin rounded-full border-4 border-brand-100 border-t-brand"
        style={{ width: size, height: size }}
      />
      <span className="sr-only">{label}</span>
    </div>
  );
}
