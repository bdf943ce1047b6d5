// One mailbox, however its address is written: what limits and counts compare (back-in-stock
// requests, a discount's per-customer limit), never where a mail is sent. Case is ignored, and so is
// a "+tag" in the local part (john+shop@example.com reaches john@example.com at every large provider).
// Dots in the local part are kept: only some providers ignore them (Gmail does), and treating
// j.ohn@ and john@ as one mailbox elsewhere would merge two people.

/** The canonical form of an e-mail address: trimmed, lower case, without a +tag. */
export function mailboxOf(email: string): string {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf("@");
  if (at <= 0) return address;
  const local = address.slice(0, at);
  const plus = local.indexOf("+");
  return plus > 0 ? `${local.slice(0, plus)}${address.slice(at)}` : address;
}
