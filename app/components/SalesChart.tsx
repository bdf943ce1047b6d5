import { formatMoney } from "~/lib/money";

type Props = { days: { day: string; cents: number }[] };

const WIDTH = 720;
const HEIGHT = 220;
const PAD = { top: 16, right: 12, bottom: 28, left: 64 };

/** Revenue per day as SVG bars, drawn on the server: it shows without JavaScript. */
export function SalesChart({ days }: Props) {
  const max = Math.max(...days.map((d) => d.cents), 1);
  const plotW = WIDTH - PAD.left - PAD.right;
  const plotH = HEIGHT - PAD.top - PAD.bottom;
  const barW = plotW / days.length;
  const total = days.reduce((sum, d) => sum + d.cents, 0);
  return (
    <figure className="card card-body mt-4">
      <figcaption className="h5">Sales, last {days.length} days</figcaption>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-label={`Revenue per day over the last ${days.length} days, ${formatMoney(total)} in all`}
        className="w-100 h-auto"
        data-testid="sales-chart"
      >
        <line x1={PAD.left} y1={PAD.top + plotH} x2={WIDTH - PAD.right} y2={PAD.top + plotH} stroke="#adb5bd" />
        <text x={PAD.left - 6} y={PAD.top + 4} textAnchor="end" fontSize="11" fill="#6c757d">
          {formatMoney(max)}
        </text>
        <text x={PAD.left - 6} y={PAD.top + plotH} textAnchor="end" fontSize="11" fill="#6c757d">
          $0
        </text>
        {days.map((d, i) => {
          const h = (d.cents / max) * plotH;
          return (
            <rect key={d.day} x={PAD.left + i * barW + 1} y={PAD.top + plotH - h} width={Math.max(barW - 2, 1)} height={h} fill="#fa9c23">
              <title>{`${d.day}: ${formatMoney(d.cents)}`}</title>
            </rect>
          );
        })}
        <text x={PAD.left} y={HEIGHT - 8} fontSize="11" fill="#6c757d">
          {days[0]?.day}
        </text>
        <text x={WIDTH - PAD.right} y={HEIGHT - 8} textAnchor="end" fontSize="11" fill="#6c757d">
          {days[days.length - 1]?.day}
        </text>
      </svg>
    </figure>
  );
}
