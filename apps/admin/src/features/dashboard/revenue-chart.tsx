import { formatUsd, formatUsdWhole, type RevenueSeries } from '@store/contracts';
import { visuallyHidden } from '@store/ui';
import { useLayoutEffect, useRef, useState, type RefObject } from 'react';
import * as styles from './revenue-chart.css.ts';

/*
 * The revenue chart, hand-written SVG (docs/decisions/031-revenue-chart.md): revenue as bars, orders as
 * a line on their own scale, a few date labels. Loaded on its own (React.lazy in revenue-card.tsx), so
 * only the dashboard fetches it. A screen reader gets a summary on the figure and the table of every day.
 */

/** The width drawn before the chart's box is measured (and where layout is not measured, as in unit tests). */
const DEFAULT_WIDTH = 640;
const HEIGHT = 200;
/** Room for the revenue labels on the left, the orders labels on the right, the dates below. */
const PAD = { left: 56, right: 36, top: 12, bottom: 24 };
const PLOT_H = HEIGHT - PAD.top - PAD.bottom;
/** The room a date label ("Nov 27" at 11 px, about 36 px) needs with space around it. */
const DATE_LABEL_ROOM = 72;

const dayFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
const longDayFormat = new Intl.DateTimeFormat('en-US', {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});
/** A `YYYY-MM-DD` day (UTC) in words: "Nov 28". */
export const shortDay = (date: string) => dayFormat.format(new Date(`${date}T00:00:00Z`));
const longDay = (date: string) => longDayFormat.format(new Date(`${date}T00:00:00Z`));

/** A round top for an axis: 1, 2 or 5 times a power of ten, at least the highest value. */
export function niceMax(value: number): number {
  if (value <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  return [1, 2, 5, 10].map((step) => step * power).find((top) => top >= value) ?? 10 * power;
}

/** What the chart shows, in one sentence: the figure's accessible name. */
export function revenueSummary(series: RevenueSeries): string {
  const best = series.points.reduce((top, point) => (point.revenue > top.revenue ? point : top), series.points[0]!);
  const orders = `${series.total_orders.toLocaleString('en-US')} ${series.total_orders === 1 ? 'order' : 'orders'}`;
  return (
    `Revenue per day from ${shortDay(series.from)} to ${shortDay(series.to)} (UTC): ${formatUsd(series.total_revenue)} from ${orders}` +
    (best.revenue > 0 ? `; the best day ${shortDay(best.date)} with ${formatUsd(best.revenue)}.` : '.')
  );
}

/**
 * How many days apart the date labels are: as many as fit `plotWidth` at one per `DATE_LABEL_ROOM`, six
 * at most (every day of a week, every 5th of a month, every 15th of a quarter on a wide screen; fewer on a phone).
 */
export function dateLabelEvery(days: number, plotWidth: number): number {
  const fit = Math.max(2, Math.min(6, Math.floor(plotWidth / DATE_LABEL_ROOM)));
  return Math.max(1, Math.round(days / fit));
}

/** The element's width in CSS pixels, followed as it changes. */
function useWidth(ref: RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(DEFAULT_WIDTH);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const measure = () => {
      const measured = Math.round(element.getBoundingClientRect().width);
      if (measured > 0) setWidth(measured);
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}

export function RevenueChart({ series }: { series: RevenueSeries }) {
  const { points } = series;
  const box = useRef<HTMLElement>(null);
  // Drawn at the box's own width, one SVG unit a CSS pixel: the 11 px labels stay 11 px on a phone, where a
  // fixed 640-wide drawing scaled down to fit made them about 5.6 px (docs/decisions/051-admin-layout.md).
  const width = useWidth(box);
  const plotWidth = width - PAD.left - PAD.right;
  const revenueTop = niceMax(Math.max(...points.map((point) => point.revenue)));
  const ordersTop = niceMax(Math.max(...points.map((point) => point.orders)));
  const slot = plotWidth / points.length;
  const barWidth = Math.max(1, slot * 0.7);
  const x = (index: number) => PAD.left + index * slot;
  const yRevenue = (revenue: number) => PAD.top + PLOT_H - (revenue / revenueTop) * PLOT_H;
  const yOrders = (orders: number) => PAD.top + PLOT_H - (orders / ordersTop) * PLOT_H;
  const line = points.map((point, index) => `${(x(index) + slot / 2).toFixed(1)},${yOrders(point.orders).toFixed(1)}`).join(' ');
  const labelEvery = dateLabelEvery(points.length, plotWidth);
  const summary = revenueSummary(series);

  return (
    <figure className={styles.figure} ref={box}>
      <svg className={styles.svg} width={width} height={HEIGHT} viewBox={`0 0 ${width} ${HEIGHT}`} role="img" aria-label={summary}>
        {[0, 0.5, 1].map((share) => (
          <g key={share}>
            <line
              className={styles.gridLine}
              x1={PAD.left}
              x2={width - PAD.right}
              y1={PAD.top + PLOT_H * (1 - share)}
              y2={PAD.top + PLOT_H * (1 - share)}
            />
            <text className={styles.axisText} x={PAD.left - 6} y={PAD.top + PLOT_H * (1 - share) + 4} textAnchor="end">
              {formatUsdWhole(revenueTop * share)}
            </text>
            <text className={styles.axisText} x={width - PAD.right + 6} y={PAD.top + PLOT_H * (1 - share) + 4}>
              {Number.isInteger(ordersTop * share) ? ordersTop * share : ''}
            </text>
          </g>
        ))}
        {points.map((point, index) => (
          <rect
            key={point.date}
            className={styles.bar}
            data-date={point.date}
            x={x(index) + (slot - barWidth) / 2}
            y={yRevenue(point.revenue)}
            width={barWidth}
            height={PAD.top + PLOT_H - yRevenue(point.revenue)}
          >
            <title>{`${shortDay(point.date)}: ${formatUsd(point.revenue)}, ${point.orders} ${point.orders === 1 ? 'order' : 'orders'}`}</title>
          </rect>
        ))}
        <polyline className={styles.ordersLine} points={line} />
        {points.length <= 31 &&
          points.map((point, index) => (
            <circle key={point.date} className={styles.ordersDot} cx={x(index) + slot / 2} cy={yOrders(point.orders)} r={2.5} />
          ))}
        {points.map((point, index) =>
          (points.length - 1 - index) % labelEvery === 0 ? (
            <text key={point.date} className={styles.axisText} x={x(index) + slot / 2} y={HEIGHT - 6} textAnchor="middle">
              {shortDay(point.date)}
            </text>
          ) : null,
        )}
      </svg>
      <figcaption className={styles.legend} aria-hidden="true">
        <span>
          <span className={styles.revenueSwatch} />
          Revenue (left)
        </span>
        <span>
          <span className={styles.ordersSwatch} />
          Orders (right)
        </span>
      </figcaption>
      <table className={visuallyHidden}>
        <caption>Revenue and orders per day (UTC)</caption>
        <thead>
          <tr>
            <th scope="col">Day</th>
            <th scope="col">Revenue</th>
            <th scope="col">Orders</th>
          </tr>
        </thead>
        <tbody>
          {points.map((point) => (
            <tr key={point.date}>
              <th scope="row">{longDay(point.date)}</th>
              <td>{formatUsd(point.revenue)}</td>
              <td>{point.orders}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
