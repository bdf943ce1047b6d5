/** What changed in the cart since the shopper last saw it (stock sold out or ran low). */
export function CartNotices({ notices }: { notices: string[] }) {
  return notices.map((notice) => (
    <div key={notice} className="alert alert-warning" role="status">
      {notice}
    </div>
  ));
}
