import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

/** One bar and one point of the chart: its label (a Montevideo day), sales in minor units, and an order count. */
export interface SalesOrdersPoint {
  label: string;
  salesMinor: number;
  orders: number;
}

interface SalesOrdersChartProps {
  points: SalesOrdersPoint[];
  height: number;
  /** Sales in minor units as the axis writes them, and as the legend does. */
  axisMoney: (minor: number) => string;
  legendMoney: (minor: number) => string;
  ordersLabel: string;
  className: string;
}

/**
 * Sales as bars and orders as a line on uPlot (MIT, ~50 KB, on canvas): the back office's dashboard (issue 19)
 * and a store's sales page (issue 31) draw the same chart. Only those two lazy pages import this module, so
 * the rest of the staff app never downloads the library. The x axis is the bucket's position, labelled by the
 * caller with the Montevideo day: uPlot's time axis would use the browser's time zone.
 */
export function SalesOrdersChart({
  points,
  height,
  axisMoney,
  legendMoney,
  ordersLabel,
  className,
}: SalesOrdersChartProps) {
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const styles = getComputedStyle(element);
    const brand = styles.getPropertyValue('--brand').trim() || '#0b6e5f';
    const accent = styles.getPropertyValue('--accent').trim() || '#f5b83d';
    const muted = styles.getPropertyValue('--text-muted').trim() || '#4d5b57';
    const data: uPlot.AlignedData = [
      points.map((_, index) => index),
      points.map((point) => point.salesMinor / 100),
      points.map((point) => point.orders),
    ];
    const label = (index: number) => points[Math.round(index)]?.label ?? '';
    const chart = new uPlot(
      {
        width: Math.max(element.clientWidth, 200),
        height,
        scales: { x: { time: false, range: [-0.6, points.length - 0.4] } },
        legend: { show: true },
        cursor: { drag: { x: false, y: false } },
        axes: [
          {
            stroke: muted,
            values: (_chart, ticks) => ticks.map((tick) => (Number.isInteger(tick) ? label(tick) : '')),
          },
          {
            stroke: muted,
            scale: 'money',
            values: (_chart, ticks) => ticks.map((tick) => axisMoney(Math.round(tick * 100))),
            size: 76,
          },
          { stroke: muted, scale: 'orders', side: 1, grid: { show: false } },
        ],
        series: [
          { label: 'Día', value: (_chart, index) => (index === null ? '' : label(index)) },
          {
            label: 'Ventas',
            scale: 'money',
            stroke: brand,
            fill: `${brand}cc`,
            paths: uPlot.paths.bars?.({ size: [0.6, 48] }),
            points: { show: false },
            value: (_chart, value) => (value === null ? '' : legendMoney(Math.round(value * 100))),
          },
          { label: ordersLabel, scale: 'orders', stroke: accent, width: 2 },
        ],
      },
      data,
      element,
    );
    const resize = new ResizeObserver(() =>
      chart.setSize({ width: Math.max(element.clientWidth, 200), height }),
    );
    resize.observe(element);
    return () => {
      resize.disconnect();
      chart.destroy();
    };
  }, [points, height, axisMoney, legendMoney, ordersLabel]);

  return <div ref={box} className={className} aria-hidden="true" />;
}
