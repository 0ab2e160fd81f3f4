import { useQuery } from '@tanstack/react-query';
import type { ReactElement, ReactNode } from 'react';
import { Bar, BarChart, CartesianGrid, ComposedChart, Legend, Line, ReferenceLine, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { occupancyServiceTypes, type OccupancyResponse, type OccupancyServiceType } from '../../../shared/contract/books.ts';
import { occupancyQuery, type BooksRangeSearch } from '../books-queries.ts';
import { useStaffLanguage } from '../language.tsx';
import { EmptyState, QueryState, useFormat } from '../ui.tsx';
import { bookProductName } from '../books-common.ts';

/*
 * Occupancy and revenue at a glance, by month: a chart for the eye, and beside it a table of the
 * same figures, for a screen reader and for reading exact numbers. The charts are pictures named
 * for what they show (role img); their colours are told apart without red and green alone
 * (Okabe and Ito's palette), each legend in the console's language.
 */

const colours = { blue: '#0072B2', vermillion: '#D55E00', green: '#009E73', purple: '#CC79A7', brand: '#0f5c4d', ochre: '#8a6d00' } as const;
const productColours = [colours.blue, colours.vermillion, colours.green, colours.purple, colours.brand, colours.ochre];

const chartHeight = 240;

/** A legend's words in the page's ink, readable whatever their series' colour (the swatch beside shows it). */
const legendText = (value: string) => <span className="books-chart__legend">{value}</span>;

function useMonthName() {
  const { locale } = useStaffLanguage();
  const format = new Intl.DateTimeFormat(locale, { month: 'short', year: 'numeric', timeZone: 'UTC' });
  return (month: string) => format.format(new Date(`${month}-01T12:00:00Z`));
}

/** Whole dollars on an axis ('1 200 $', '$1,200'): the tables beside give the cents. */
function useAxisDollars() {
  const { locale } = useStaffLanguage();
  const format = new Intl.NumberFormat(locale, { style: 'currency', currency: 'CAD', currencyDisplay: 'narrowSymbol', maximumFractionDigits: 0 });
  return (cents: number) => format.format(cents / 100);
}

/**
 * A chart and, beside it, the table of its figures; the chart is named for a screen reader, and
 * the table says it all: its caption, a header of its columns, and `rows` (each row's <tr> and key).
 */
function ChartWithTable({ title, chartName, caption, chart, columns, rows }: { title: string; chartName: string; caption: string; chart: ReactElement; columns: readonly string[]; rows: ReactNode }) {
  return (
    <div className="books-chart">
      <h3>{title}</h3>
      <div className="books-chart__body">
        <div className="books-chart__picture" role="img" aria-label={chartName}>
          <ResponsiveContainer width="100%" height={chartHeight}>
            {chart}
          </ResponsiveContainer>
        </div>
        {/* Scrolled sideways on a narrow screen: reachable by the keyboard, named as its table is. */}
        <div className="table-wrap books-chart__table" role="region" aria-label={caption} tabIndex={0}>
          <table className="data-table amounts">
            <caption>{caption}</caption>
            <thead>
              <tr>
                {columns.map((column) => (
                  <th key={column} scope="col">
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>{rows}</tbody>
          </table>
        </div>
      </div>
    </div>
  );
}

export function BooksGlance({ range }: { range: BooksRangeSearch }) {
  const { m } = useStaffLanguage();
  const query = useQuery(occupancyQuery(range));
  return (
    <QueryState query={query}>
      {(data) =>
        data.occupancy.length === 0 && data.revenue.length === 0 && data.day_products.length === 0 ? (
          <EmptyState>{m.books.glance.empty}</EmptyState>
        ) : (
          <>
            {occupancyServiceTypes.map((type) => {
              const rows = data.occupancy.filter((row) => row.service_type === type);
              return rows.length === 0 ? null : <Occupancy key={type} type={type} rows={rows} />;
            })}
            <Revenue rows={data.revenue} />
            <DayProducts rows={data.day_products} />
          </>
        )
      }
    </QueryState>
  );
}

function Occupancy({ type, rows }: { type: OccupancyServiceType; rows: OccupancyResponse['occupancy'] }) {
  const { m } = useStaffLanguage();
  const t = m.books.glance;
  const monthName = useMonthName();
  const name = m.serviceTypes[type];
  const data = rows.map((row) => ({ ...row, label: monthName(row.month) }));
  return (
    <ChartWithTable
      title={t.occupancyTitle(name)}
      chartName={t.occupancyChart(name)}
      caption={t.occupancyCaption(name)}
      chart={
        <BarChart data={data} accessibilityLayer={false} maxBarSize={72} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="label" />
          <YAxis allowDecimals={false} width={40} />
          <Tooltip />
          <Legend itemSorter={null} formatter={legendText} />
          <Bar dataKey="rented" name={t.rented} stackId="units" fill={colours.blue} stroke="#fff" isAnimationActive={false} />
          <Bar dataKey="held" name={t.held} stackId="units" fill={colours.vermillion} stroke="#fff" isAnimationActive={false} />
          <Bar dataKey="available" name={t.available} stackId="units" fill={colours.green} stroke="#fff" isAnimationActive={false} />
        </BarChart>
      }
      columns={[t.month, t.units, t.rented, t.held, t.available, t.waiting, t.averageWait, t.claimed, t.lapsed]}
      rows={data.map((row) => (
        <tr key={row.month}>
          <th scope="row">{row.label}</th>
          <td>{row.units}</td>
          <td>{row.rented}</td>
          <td>{row.held}</td>
          <td>{row.available}</td>
          <td>{row.waiting}</td>
          <td>{row.average_wait_days === null ? m.common.none : t.waitDays(row.average_wait_days)}</td>
          <td>{row.offers_claimed}</td>
          <td>{row.offers_lapsed}</td>
        </tr>
      ))}
    />
  );
}

function Revenue({ rows }: { rows: OccupancyResponse['revenue'] }) {
  const { m } = useStaffLanguage();
  const f = useFormat();
  const t = m.books.glance;
  const monthName = useMonthName();
  const dollars = useAxisDollars();
  if (rows.length === 0) return null;
  const data = rows.map((row) => ({ ...row, label: monthName(row.month) }));
  return (
    <ChartWithTable
      title={t.revenueTitle}
      chartName={t.revenueChart}
      caption={t.revenueCaption}
      chart={
        <ComposedChart data={data} accessibilityLayer={false} maxBarSize={72} margin={{ top: 8, right: 8, bottom: 0, left: 8 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="label" />
          <YAxis tickFormatter={dollars} width={72} />
          <Tooltip formatter={(value) => f.cents(Number(value))} />
          <Legend itemSorter={null} formatter={legendText} />
          <ReferenceLine y={0} stroke="#55605c" />
          <Bar dataKey="new_cents" name={t.newMrr} fill={colours.green} isAnimationActive={false} />
          <Bar dataKey="ended_cents" name={t.endedMrr} fill={colours.vermillion} isAnimationActive={false} />
          <Line dataKey="mrr_cents" name={t.mrr} stroke={colours.blue} strokeWidth={3} dot={{ r: 4 }} isAnimationActive={false} />
        </ComposedChart>
      }
      columns={[t.month, t.mrr, t.newMrr, t.endedMrr, t.changedMrr]}
      rows={data.map((row) => (
        <tr key={row.month}>
          <th scope="row">{row.label}</th>
          <td>{f.cents(row.mrr_cents)}</td>
          <td>{f.cents(row.new_cents)}</td>
          <td>{f.cents(row.ended_cents)}</td>
          <td>{f.cents(row.changed_cents)}</td>
        </tr>
      ))}
    />
  );
}

function DayProducts({ rows }: { rows: OccupancyResponse['day_products'] }) {
  const { m } = useStaffLanguage();
  const f = useFormat();
  const t = m.books.glance;
  const monthName = useMonthName();
  const dollars = useAxisDollars();
  if (rows.length === 0) return null;
  const products = [...new Set(rows.map((row) => row.product))];
  const months = [...new Set(rows.map((row) => row.month))].sort();
  // One bar a month, a part of it a product.
  const data = months.map((month) => ({
    label: monthName(month),
    ...Object.fromEntries(rows.filter((row) => row.month === month).map((row) => [row.product, row.subtotal_cents])),
  }));
  return (
    <ChartWithTable
      title={t.dayTitle}
      chartName={t.dayChart}
      caption={t.dayCaption}
      chart={
        <BarChart data={data} accessibilityLayer={false} maxBarSize={72} margin={{ top: 8, right: 8, bottom: 0, left: 8 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="label" />
          <YAxis tickFormatter={dollars} width={72} />
          <Tooltip formatter={(value) => f.cents(Number(value))} />
          <Legend itemSorter={null} formatter={legendText} />
          {products.map((product, i) => (
            <Bar key={product} dataKey={product} name={bookProductName(m, product)} stackId="sales" fill={productColours[i % productColours.length]} stroke="#fff" isAnimationActive={false} />
          ))}
        </BarChart>
      }
      columns={[t.month, t.product, t.documents, t.sales]}
      rows={rows.map((row) => (
        <tr key={`${row.month}-${row.product}`}>
          <th scope="row">{monthName(row.month)}</th>
          <td className="cell-text">{bookProductName(m, row.product)}</td>
          <td>{row.documents}</td>
          <td>{f.cents(row.subtotal_cents)}</td>
        </tr>
      ))}
    />
  );
}
