/** ★★★★☆ for whole stars (a rating, or an average rounded); the label says the number for screen readers. */
export function Stars({ stars, label }: { stars: number; label: string }) {
  const whole = Math.round(stars);
  return (
    <span role="img" aria-label={label} className="whitespace-nowrap text-amber-700">
      {'★'.repeat(whole)}
      <span className="text-stone-400">{'☆'.repeat(5 - whole)}</span>
    </span>
  );
}
