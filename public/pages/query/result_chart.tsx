/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * A time series result as a line or bar chart, drawn with `@elastic/charts` (which OSD shares
 * with plugins as `ElasticCharts`, so none is bundled), with a legend, a tooltip, and OSD's
 * charts theme for its light or dark mode (OUI's charts theme over the library's base theme, as
 * OSD's charts plugin sets them). Bars stack, so a `by` field's series add up to the total.
 */
import {
  Axis,
  BarSeries,
  Chart,
  DARK_THEME,
  LIGHT_THEME,
  LineSeries,
  Position,
  ScaleType,
  Settings,
} from '@elastic/charts';
import { EUI_CHARTS_THEME_DARK, EUI_CHARTS_THEME_LIGHT } from '@elastic/eui/dist/eui_charts_theme';
import { i18n } from '@osd/i18n';
import type { ComponentProps, ComponentType, ReactNode } from 'react';
import { formatNumber } from '../../components/format';
import { isDarkTheme } from '../../components/theme';
import { timeTickFormat, type ChartData } from './chart_data';
import { useChartStyles } from './chart_styles';

export type ChartKind = 'line' | 'bar';

/**
 * The library's own account of what it drew (every series and point, on its status element), for
 * a test that sets `window.lookupsChartDebugState = true` before the page loads; off otherwise.
 */
const debugState = () =>
  (window as { lookupsChartDebugState?: unknown }).lookupsChartDebugState === true;

/** charts 31 declares its props for React 16, where every component took children. */
const ChartFrame = Chart as unknown as ComponentType<
  ComponentProps<typeof Chart> & { children: ReactNode }
>;

/** `rowsOf`: set when the chart draws only the first rows of the result. */
export function ResultChart({
  data,
  kind,
  rowsOf,
}: {
  data: ChartData;
  kind: ChartKind;
  rowsOf?: { shown: number };
}) {
  const dark = isDarkTheme();
  useChartStyles(dark);
  const xs = data.points.map((p) => p.x);
  const tickFormat = timeTickFormat(Math.min(...xs), Math.max(...xs));
  const measures = data.measures.join(', ');
  const common = {
    id: 'lookupsResult',
    name: measures,
    data: data.points,
    xScaleType: ScaleType.Time,
    yScaleType: ScaleType.Linear,
    xAccessor: 'x',
    yAccessors: ['y'],
    splitSeriesAccessors: ['series'],
    timeZone: 'UTC',
  };
  return (
    <div style={{ height: 360, width: '100%' }} data-test-subj="lookupsQueryChart">
      <ChartFrame size={{ height: 360 }}>
        <Settings
          theme={dark ? EUI_CHARTS_THEME_DARK.theme : EUI_CHARTS_THEME_LIGHT.theme}
          baseTheme={dark ? DARK_THEME : LIGHT_THEME}
          showLegend
          debugState={debugState()}
          legendPosition={Position.Right}
          ariaLabel={i18n.translate('lookups.query.chart.label', {
            defaultMessage: '{measures} over {time}',
            values: { measures, time: data.time },
          })}
          ariaDescription={
            rowsOf
              ? i18n.translate('lookups.query.chart.descriptionCut', {
                  defaultMessage: '{count} series, from the first {shown} rows of the result.',
                  values: { count: data.series.length, shown: formatNumber(rowsOf.shown) },
                })
              : i18n.translate('lookups.query.chart.description', {
                  defaultMessage: '{count} series, from every row of the result.',
                  values: { count: data.series.length },
                })
          }
          ariaUseDefaultSummary
        />
        <Axis
          id="lookupsResultTime"
          position={Position.Bottom}
          title={data.time}
          tickFormat={(value: number) => tickFormat(value)}
        />
        <Axis
          id="lookupsResultValue"
          position={Position.Left}
          title={measures}
          tickFormat={(value: number) => formatNumber(value)}
        />
        {kind === 'bar' ? (
          <BarSeries {...common} stackAccessors={['x']} />
        ) : (
          <LineSeries {...common} />
        )}
      </ChartFrame>
    </div>
  );
}
