// The reports domain's face (the owner's dashboard and daily summary): other domains and the outer layers
// import only this file; inside the domain, modules import each other.

export { daySummary, queueDailySummary, sendDailySummary } from "./daily-summary.server";
export { dailyRevenue, dashboardTotals } from "./dashboard.server";
