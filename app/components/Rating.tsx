/** Star bar whose gold part is ratings/5 of its width, with a text equivalent for screen readers. */
export function Rating({ value }: { value: number }) {
  const rounded = Math.round(value * 10) / 10;
  return (
    <span className="rating-outer" role="img" aria-label={`Rated ${rounded} out of 5`}>
      <span className="rating-inner" style={{ width: `${(value / 5) * 100}%` }} />
    </span>
  );
}
