import { describe, expect, it } from "vitest";
import { DEFAULT_DATE_FORMAT, addDays, dateFormatter, dayIn, startOfDay } from "./dates";

// Intl may separate "2:05" and "PM" with a narrow no-break space: compared with plain spaces.
const plain = (text: string) => text.replace(/\s/g, " ");

describe("the shop's dates", () => {
  const winter = "2026-11-29T13:05:00Z";
  const summer = "2026-07-01T12:00:00Z";

  it("writes a time in the shop's zone, with the zone named", () => {
    const utc = dateFormatter(DEFAULT_DATE_FORMAT);
    expect(plain(utc.dateTime(winter))).toBe("Nov 29, 2026, 1:05 PM UTC");
    expect(utc.date(winter)).toBe("Nov 29, 2026");
    const berlin = dateFormatter({ timeZone: "Europe/Berlin", locale: "en-GB" });
    expect(berlin.dateTime(winter)).toBe("29 Nov 2026, 14:05 CET");
    expect(berlin.dateTime(new Date(winter))).toBe("29 Nov 2026, 14:05 CET");
    const newYork = dateFormatter({ timeZone: "America/New_York", locale: "en-US" });
    expect(plain(newYork.dateTime(winter))).toBe("Nov 29, 2026, 8:05 AM EST");
  });

  it("follows the zone's change of clocks", () => {
    expect(dateFormatter({ timeZone: "Europe/Berlin", locale: "en-GB" }).dateTime(summer)).toBe(
      "1 Jul 2026, 14:00 CEST",
    );
    expect(plain(dateFormatter({ timeZone: "America/New_York", locale: "en-US" }).dateTime(summer))).toBe(
      "Jul 1, 2026, 8:00 AM EDT",
    );
  });

  it("writes in the shop's locale", () => {
    const german = dateFormatter({ timeZone: "Europe/Berlin", locale: "de-DE" });
    expect(german.dateTime(winter)).toBe("29. Nov. 2026, 14:05 MEZ");
    expect(german.date(winter)).toBe("29. Nov. 2026");
    expect(german.day("2026-03-04")).toBe("4. März 2026");
  });

  it("puts an instant on the day it is in the shop's zone, not in UTC", () => {
    const late = "2026-03-04T23:30:00Z";
    expect(dayIn(late, "UTC")).toBe("2026-03-04");
    expect(dayIn(late, "Europe/Berlin")).toBe("2026-03-05");
    expect(dayIn(late, "America/New_York")).toBe("2026-03-04");
    expect(dateFormatter({ timeZone: "Europe/Berlin", locale: "en-US" }).date(late)).toBe("Mar 5, 2026");
    // A day key is written as it is, whatever the zone.
    expect(dateFormatter({ timeZone: "Pacific/Auckland", locale: "en-US" }).day("2026-03-04")).toBe("Mar 4, 2026");
  });

  it("counts days across months, years and leap days", () => {
    expect(addDays("2026-03-31", 1)).toBe("2026-04-01");
    expect(addDays("2026-01-01", -1)).toBe("2025-12-31");
    expect(addDays("2028-02-28", 1)).toBe("2028-02-29");
    expect(addDays("2026-03-02", -29)).toBe("2026-02-01");
  });

  it("begins a day at the zone's midnight: 23 and 25 hours where clocks change, later where midnight is skipped", () => {
    const start = (day: string, zone: string) => startOfDay(day, zone).toISOString();
    expect(start("2026-03-04", "UTC")).toBe("2026-03-04T00:00:00.000Z");
    expect(start("2026-03-29", "Europe/Berlin")).toBe("2026-03-28T23:00:00.000Z");
    expect(start("2026-03-30", "Europe/Berlin")).toBe("2026-03-29T22:00:00.000Z");
    expect(start("2026-10-25", "Europe/Berlin")).toBe("2026-10-24T22:00:00.000Z");
    expect(start("2026-10-26", "Europe/Berlin")).toBe("2026-10-25T23:00:00.000Z");
    expect(start("2026-11-29", "Asia/Kathmandu")).toBe("2026-11-28T18:15:00.000Z");
    // Chile moves its clocks at midnight: 6 September 2026 begins at 01:00.
    expect(start("2026-09-06", "America/Santiago")).toBe("2026-09-06T04:00:00.000Z");
    for (const [day, zone] of [
      ["2026-03-29", "Europe/Berlin"],
      ["2026-09-06", "America/Santiago"],
    ] as const) {
      const at = startOfDay(day, zone).getTime();
      expect(dayIn(at, zone)).toBe(day);
      expect(dayIn(at - 1, zone)).toBe(addDays(day, -1));
    }
  });
});
