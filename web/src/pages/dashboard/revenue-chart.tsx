import { nice, ticks } from 'd3-array';
import { useLayoutEffect, useRef, useState, type MouseEvent } from 'react';
import type { RevenueMonth } from '@common/dashboard';
import { formatLongMonth, formatMoney, formatShortMonth } from './format';

const compactDollars = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  notation: 'compact',
  maximumFractionDigits: 1,
});

/** Room for the axes around the bars, in pixels: the amounts on the left, the months below. */
const MARGIN = { top: 8, right: 8, bottom: 24, left: 56 };
const MAX_BAR_WIDTH = 40;
/** The least room a month's label takes on the axis; past that, every second (third…) month is labelled. */
const LABEL_WIDTH = 40;
const BAR_RADIUS = 4;
const BAR_COLOR = '#6366f1';

/** The size of an element, followed as it changes (the card narrows on a phone, widens with the window). */
function useSize() {
  const ref = useRef<HTMLDivElement>(null);
  const [size, setSize] = useState({ width: 0, height: 0 });
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    setSize({ width: element.clientWidth, height: element.clientHeight });
    const observer = new ResizeObserver(([entry]) =>
      setSize({ width: entry!.contentRect.width, height: entry!.contentRect.height }),
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return { ref, ...size };
}

/** A bar with rounded top corners, from its left edge, top, width and the axis' line. */
function barPath(x: number, top: number, width: number, bottom: number): string {
  const r = Math.min(BAR_RADIUS, width / 2, bottom - top);
  return (
    `M${x},${bottom}V${top + r}Q${x},${top} ${x + r},${top}` +
    `H${x + width - r}Q${x + width},${top} ${x + width},${top + r}V${bottom}Z`
  );
}

/**
 * The bar chart of Monthly Revenue: an SVG drawn here (a chart library was two thirds of a first visit's
 * JavaScript), with d3-array's round axis steps. Axis text and grid take the wrapper's text colour (currentColor), so
 * the chart follows the light and dark themes. It is decoration for screen readers, which read the list beside it;
 * pointing at a month shows its amount.
 */
export function RevenueChart({ months }: { months: RevenueMonth[] }) {
  const { ref, width, height } = useSize();
  const [pointed, setPointed] = useState<number | null>(null);
  const amounts = months.map((month) => Number(month.value));
  const [, top] = nice(0, Math.max(...amounts, 1), 5);
  const plotWidth = Math.max(width - MARGIN.left - MARGIN.right, 0);
  const plotHeight = Math.max(height - MARGIN.top - MARGIN.bottom, 0);
  const band = plotWidth / months.length;
  const barWidth = Math.min(MAX_BAR_WIDTH, band * 0.8);
  const yOf = (amount: number) => MARGIN.top + plotHeight * (1 - amount / top);
  const bottom = MARGIN.top + plotHeight;
  // Every month labelled if there is room, else every n-th counted back from the latest, which is always shown.
  const labelEvery = Math.max(1, Math.ceil(LABEL_WIDTH / (band || 1)));

  const point = (event: MouseEvent<SVGSVGElement>) => {
    const x = event.clientX - event.currentTarget.getBoundingClientRect().left - MARGIN.left;
    const index = Math.floor(x / band);
    setPointed(index >= 0 && index < months.length ? index : null);
  };

  const pointedMonth = pointed === null ? null : months[pointed];
  return (
    <div ref={ref} className="relative h-full w-full">
      {width > 0 && height > 0 && (
        <svg
          className="revenue-chart"
          width={width}
          height={height}
          onMouseMove={point}
          onMouseLeave={() => setPointed(null)}
        >
          {ticks(0, top, 5).map((tick) => (
            <g key={tick}>
              <line
                x1={MARGIN.left}
                x2={width - MARGIN.right}
                y1={yOf(tick)}
                y2={yOf(tick)}
                stroke="currentColor"
                strokeOpacity={0.15}
              />
              <text x={MARGIN.left - 8} y={yOf(tick)} dy="0.32em" textAnchor="end" fill="currentColor" fontSize={12}>
                {compactDollars.format(tick)}
              </text>
            </g>
          ))}
          {pointed !== null && (
            <rect
              x={MARGIN.left + pointed * band}
              y={MARGIN.top}
              width={band}
              height={plotHeight}
              fill="currentColor"
              fillOpacity={0.08}
            />
          )}
          {months.map((month, index) => {
            const x = MARGIN.left + index * band + (band - barWidth) / 2;
            const amount = amounts[index]!;
            const labelled = (months.length - 1 - index) % labelEvery === 0;
            return (
              <g key={month.month}>
                {amount > 0 && <path d={barPath(x, yOf(amount), barWidth, bottom)} fill={BAR_COLOR} />}
                {labelled && (
                  <text x={x + barWidth / 2} y={bottom + 16} textAnchor="middle" fill="currentColor" fontSize={12}>
                    {formatShortMonth(month.month)}
                  </text>
                )}
              </g>
            );
          })}
        </svg>
      )}
      {pointedMonth && pointed !== null && (
        <div
          className="pointer-events-none absolute top-2 rounded-lg border border-slate-200 bg-white px-3 py-2 text-sm shadow-md dark:border-slate-700 dark:bg-slate-800"
          style={
            pointed < months.length / 2
              ? { left: MARGIN.left + (pointed + 1) * band }
              : { right: width - MARGIN.left - pointed * band }
          }
        >
          <p className="whitespace-nowrap font-medium text-slate-900 dark:text-slate-100">
            {formatLongMonth(pointedMonth.month)}
          </p>
          <p className="text-slate-600 dark:text-slate-300">{formatMoney(pointedMonth.value)}</p>
        </div>
      )}
    </div>
  );
}
