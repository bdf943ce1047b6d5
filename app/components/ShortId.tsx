/**
 * An id shortened to its last characters (ids are 24 characters, app/db/ids.ts: too wide for a phone
 * table); the full id stays in the title and in the text read out and found by search.
 */
export function ShortId({ id, length = 8 }: { id: string; length?: number }) {
  if (id.length <= length) return <>{id}</>;
  return (
    <span title={id} className="font-monospace">
      <span aria-hidden="true">…{id.slice(-length)}</span>
      <span className="visually-hidden">{id}</span>
    </span>
  );
}
