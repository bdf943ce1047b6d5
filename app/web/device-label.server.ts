import Bowser from "bowser";

const MAX_LENGTH = 80;

/** A short name for the device a session signed in from, e.g. "Chrome 156 on Linux", from its User-Agent. */
export function deviceLabel(userAgent: string | null): string {
  const ua = userAgent?.trim();
  if (!ua) return "Unknown device";
  const { browser, os } = Bowser.parse(ua);
  const name = browser.name ? [browser.name, browser.version?.split(".")[0]].filter(Boolean).join(" ") : "";
  const label = name && os.name ? `${name} on ${os.name}` : name || os.name || ua;
  return label.length > MAX_LENGTH ? `${label.slice(0, MAX_LENGTH - 1)}…` : label;
}

/** The client's address as people write it: an IPv4 address without the "::ffff:" of IPv4-mapped IPv6. */
export function plainIp(ip: string): string {
  return ip.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, "");
}
