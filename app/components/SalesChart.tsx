import { useDates } from "~/lib/use-dates";
import { useMoney } from "~/lib/use-money";

/** Each day's revenue, the days counted in the shop's time zone (named in the caption). */
type Props = { days: { day: string; cents: number }[]; timeZone: string };

/** Each day's slot in the SVG's own units; the SVG is stretched to the width it is given. */
const SLOT = 10;
const PLOT_HEIGHT = 100;

/**
 * Revenue per day, drawn on the server: it shows without JavaScript. The bars are an SVG stretched
 * to any width; the axis labels are HTML text beside it, so they keep the page's font size on a
 * phone instead of shrinking with the drawing.
 */
export function SalesChart({ days, timeZone }: Props) {
  const formatMoney = useMoney();
  const dates = useDates();
  const max = Math.max(...days.map((d) => d.cents), 1);
  const total = days.reduce((sum, d) => sum + d.cents, 0);
  const width = Math.max(days.length, 1) * SLOT;
  return (
    <figure className="card card-body mt-4">
      <figcaption className="h5">
        Sales, last {days.length} days <span className="small text-body-secondary">(days in {timeZone})</span>
      </figcaption>
      <div className="sales-chart small text-body-secondary">
        <div className="sales-chart-y d-flex flex-column justify-content-between text-end">
          <span data-testid="chart-label">{formatMoney(max)}</span>
          <span data-testid="chart-label">{formatMoney(0)}</span>
        </div>
        <svg
          viewBox={`0 0 ${width} ${PLOT_HEIGHT}`}
          preserveAspectRatio="none"
          role="img"
          aria-label={`Revenue per day over the last ${days.length} days, ${formatMoney(total)} in all`}
          className="sales-chart-plot"
          data-testid="sales-chart"
        >
          {days.map((d, i) => {
            const h = (d.cents / max) * PLOT_HEIGHT;
            return (
              <rect key={d.day} x={i * SLOT + 1} y={PLOT_HEIGHT - h} width={SLOT - 2} height={h} fill="#fa9c23">
                <title>{`${dates.day(d.day)}: ${formatMoney(d.cents)}`}</title>
              </rect>
            );
          })}
        </svg>
        <div className="sales-chart-x d-flex justify-content-between gap-2">
          <span data-testid="chart-label">{days[0] ? dates.day(days[0].day) : null}</span>
          <span data-testid="chart-label">{days.length ? dates.day(days[days.length - 1]!.day) : null}</span>
        </div>
      </div>
    </figure>
  );
}
