// Dates are shown in UTC, so that the page the server renders and the one the browser hydrates agree.
const dateFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" });

/** "Nov 25, 2026" (UTC). */
export const formatDate = (at: Date | string) => dateFormat.format(new Date(at));
