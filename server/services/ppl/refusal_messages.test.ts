/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * Every form the PPL documentation (docs/user/ppl/ of the SQL plugin) documents and this engine
 * refuses, written as a user would write it: the refusal names the form and what to write
 * instead. Where the way out runs without a cluster, it is run too, so the advice is not a dead
 * end.
 */
import { parsePpl } from '../../../common/ppl/parser';
import { runInMemory } from '../../../test/support/ppl_in_memory';

const NOW = new Date(Date.UTC(2024, 6, 3));

/** Rows made in memory, standing in for an index (the refusals below come before any search). */
const ROWS = `makeresults format=json data='${JSON.stringify([
  { status: 200, message: 'login ok', address: '880 Holmes Lane', ip: '50.68.18.229' },
  { status: 500, message: 'login failed', address: '671 Bristol Street', ip: '10.0.0.1' },
])}'`;

/** What a user sees for a refused query: the parser's or the planner's message. */
async function refusal(query: string): Promise<{ message: string; kind?: string }> {
  const parsed = parsePpl(query);
  if (!parsed.ok) return { message: parsed.error.message, kind: parsed.error.kind };
  try {
    await runInMemory(query, { now: NOW });
  } catch (e) {
    return { message: (e as Error).message };
  }
  throw new Error(`expected ${query} to be refused`);
}

/** A way out that needs no cluster: it runs. One that reads an index: it parses. */
async function runs(query: string): Promise<void> {
  const parsed = parsePpl(query);
  if (!parsed.ok) throw new Error(`${query}: ${parsed.error.message}`);
  if (query.startsWith('makeresults')) await runInMemory(query, { now: NOW });
}

interface Case {
  /** The documented form and the doc that documents it. */
  form: string;
  /** The query, as the doc (or a user following it) writes it. */
  query: string;
  /** The message names the form. */
  names: RegExp;
  /** The message says what to write instead. */
  wayOut: RegExp;
  /** The parser's kind of refusal, when it is the parser's. */
  kind?: 'refused' | 'unsupported';
  /** The way out written out, run (or parsed) to show it works. */
  instead?: string;
}

const WORKBENCH = /run it in Query Workbench against the SQL plugin/;

const CASES: Case[] = [
  {
    form: 'ml (ml.md)',
    query:
      "source=nyc_taxi | fields value, timestamp | ml action='train' algorithm='rcf' time_field='timestamp'",
    names: /the command "ml" cannot run in Dashboards: .*ML Commons/,
    wayOut: WORKBENCH,
    kind: 'refused',
  },
  {
    form: 'kmeans (kmeans.md)',
    query: 'source=iris_data | fields sepal_length_in_cm, sepal_width_in_cm | kmeans centroids=3',
    names: /the command "kmeans" cannot run in Dashboards/,
    wayOut: WORKBENCH,
    kind: 'refused',
  },
  {
    form: 'ad (ad.md)',
    query: "source=nyc_taxi | fields value, timestamp | AD time_field='timestamp'",
    names: /the command "AD" cannot run in Dashboards: .*anomaly detection/,
    wayOut:
      /run it in Query Workbench against the SQL plugin, or set up a detector in Anomaly Detection/,
    kind: 'refused',
  },
  {
    form: 'show datasources (showdatasources.md)',
    query: 'show datasources',
    names: /the command "show" cannot run in Dashboards: it lists external data sources/,
    wayOut:
      /run it in Query Workbench against the SQL plugin, and read an index here with source=<index>/,
    kind: 'refused',
  },
  {
    form: 'explain (explain.md)',
    query: "explain source=state_country | where country = 'USA' | stats count() by country",
    names: /the command "explain" cannot run in Dashboards/,
    wayOut: /write the query without "explain" and press Explain/,
    kind: 'refused',
    instead: "source=state_country | where country = 'USA' | stats count() by country",
  },
  {
    form: 'collect (collect.md)',
    query:
      "source=otellogs | where severityText = 'ERROR' | fields severityText, body | collect index=errors_summary",
    names: /the command "collect" cannot run in Dashboards: it writes into an existing index/,
    wayOut: /end it with \| outputlookup <name>/,
    kind: 'refused',
    instead:
      "source=otellogs | where severityText = 'ERROR' | fields severityText, body | outputlookup errors_summary",
  },
  {
    form: 'rest (rest.md)',
    query: '| rest /_cluster/health | fields status, number_of_nodes',
    names: /the command "rest" cannot run in Dashboards: it reads cluster management endpoints/,
    wayOut:
      /read them in Dev Tools \(GET _cluster\/health, GET _cat\/indices\), or run it in Query Workbench/,
    kind: 'refused',
  },
  {
    form: 'highlight (highlight.md)',
    query: 'source=accounts "Holmes" | highlight * | fields account_number, firstname, address',
    names: /the command "highlight" cannot run in Dashboards: it adds highlight fragments/,
    wayOut:
      /remove "\| highlight …" \(it never changes the rows\), or to see the fragments run it in Query Workbench/,
    kind: 'refused',
    instead: 'source=accounts "Holmes" | fields account_number, firstname, address',
  },
  {
    form: 'a Prometheus table function, query_range (prometheus_connector.md)',
    query:
      "source=my_prometheus.query_range('prometheus_http_requests_total', 1686694425, 1686700130, 14)",
    names: /"my_prometheus\.query_range\(…\)" is a table function of a Prometheus data source/,
    wayOut: WORKBENCH,
    kind: 'refused',
  },
  {
    form: 'a Prometheus table function, query_exemplars (prometheus_connector.md)',
    query:
      "source = my_prometheus.query_exemplars(query='prometheus_http_requests_total', starttime=1686694425, endtime=1686700130)",
    names: /"my_prometheus\.query_exemplars\(…\)" is a table function/,
    wayOut: WORKBENCH,
    kind: 'refused',
  },
  {
    form: 'cluster (cluster.md)',
    query: 'source=logs | cluster message | fields message, cluster_label, cluster_count',
    names: /the command "cluster" is not supported here: text-similarity clustering/,
    wayOut: /patterns <field> method=brain \| stats count\(\) by patterns_field/,
    kind: 'unsupported',
    instead: `${ROWS} | patterns message method=brain | stats count() by patterns_field`,
  },
  {
    form: 'multikv (multikv.md)',
    query: 'source=metrics | multikv field=raw fields pctIdle | fields pctIdle',
    names: /the command "multikv" is not supported here: table-text extraction/,
    wayOut: /rex field=<field> "\(\?<col>\\S\+\)"\), or for an array of objects mvexpand <field>/,
    kind: 'unsupported',
    instead: `${ROWS} | rex field=message "(?<col>\\S+)" | fields col`,
  },
  {
    form: 'format (format.md)',
    query: 'source=logs | fields status, method | format',
    names: /the command "format" is not supported here: formatting rows into a search string/,
    wayOut:
      /eval search = concat\('status="', status, '"'\).*where <field> in \[ source=… \| fields <field> \]/,
    kind: 'unsupported',
    instead: `${ROWS} | eval search = concat('status="', status, '"') | fields search`,
  },
  {
    form: 'search with a subsearch, implicit format (format.md, subquery.md)',
    query: 'search source=logs [ search source=rules | where enabled=true | fields host, status ]',
    names: /a search filter cannot hold a subsearch \[ … \]/,
    wayOut:
      /put the condition in a where after the source, e.g. source=<index> \| where <field> in \[ source=… \| fields <field> \]/,
    instead: 'source=logs | where host in [ source=rules | where enabled=true | fields host ]',
  },
  {
    form: 'union recursive (union_recursive.md)',
    query:
      'source=edges | where parent = "A" | fields parent, child | union recursive name=rel max_depth=3 [ source=edges as e | join right = r on e.parent = r.child rel as r | fields e.parent as parent, e.child as child ] | sort parent, child',
    names: /"union recursive" is not supported here/,
    wayOut: /graphLookup <index> start=<field> edge=<from>--><to> maxDepth=<n> as <name>/,
    instead:
      'source=edges | where parent = "A" | graphLookup edges start=child edge=child-->parent maxDepth=3 as rel',
  },
  {
    form: 'timewrap after timechart … by (timewrap.md)',
    query: 'source=timewrap_test | timechart span=6h sum(requests) by host | timewrap 1day',
    names: /timewrap after a timechart with "by" is not supported/,
    wayOut: /drop the "by", or keep one series first: … \| where <field> = '<value>' \| timechart/,
    instead:
      "source=timewrap_test | where host = 'web-01' | timechart span=6h sum(requests) | timewrap 1day",
  },
  {
    form: 'rex mode=sed with an n-th match flag (rex.md: s/…/…/ with flags)',
    query: `${ROWS} | rex field=address mode=sed "s/[0-9]/N/2" | fields address`,
    names:
      /rex mode=sed: "s\/\[0-9\]\/N\/2" replaces the n-th match only, which is not supported here/,
    wayOut:
      /end it with g to replace every match \(s\/<regex>\/<replacement>\/g\), or with no flag for the first/,
    instead: `${ROWS} | rex field=address mode=sed "s/[0-9]/N/g" | fields address`,
  },
  {
    form: 'makeresults CSV with an inline ip type (makeresults.md)',
    query: "makeresults format=csv data='addr:ip\n192.168.1.1'",
    names: /makeresults inline type 'ip' is not yet supported/,
    wayOut: /declare addr:string and add \| eval addr = cast\(addr as ip\)/,
    instead:
      "makeresults format=csv data='addr:string\n192.168.1.1' | eval addr = cast(addr as ip)",
  },
  {
    form: 'makeresults CSV with an inline json type (makeresults.md)',
    query: `makeresults format=csv data='doc:json\n"{""a"": 1}"'`,
    names: /makeresults inline type 'json' is not yet supported/,
    wayOut: /declare doc:string and add \| spath input=doc/,
    instead: `makeresults format=csv data='doc:string\n"{""a"": 1}"' | spath input=doc path=a`,
  },
  {
    form: 'a relevance function where OpenSearch cannot answer it (relevance.md)',
    query: `${ROWS} | where match(address, 'Holmes')`,
    names: /match: relevance functions run only as OpenSearch queries/,
    wayOut: /put this where right after source=…/,
  },
  {
    form: 'geoip (ip.md)',
    query: `${ROWS} | eval info = geoip("dataSourceName", ip, "country_iso_code,city_name")`,
    names: /geoip: it reads the Geospatial plugin's IP2Geo data sources/,
    wayOut: /enrich with a lookup instead \(lookup <table> ip\)/,
  },
];

describe('a refused documented form names the form and what to write instead', () => {
  it.each(CASES.map((c) => [c.form, c] as const))('%s', async (_form, c) => {
    const { message, kind } = await refusal(c.query);
    expect(message).toMatch(c.names);
    expect(message).toMatch(c.wayOut);
    if (c.kind !== undefined) expect(kind).toBe(c.kind);
    if (c.instead !== undefined) await runs(c.instead);
  });

  it('the parser refuses the same commands as the first command of a query', async () => {
    for (const [query, name] of [
      ['ml action=train', 'ml'],
      ['rest /_cat/indices', 'rest'],
      ['show datasources', 'show'],
    ]) {
      const { message, kind } = await refusal(query);
      expect([query, message]).toEqual([
        query,
        expect.stringMatching(
          new RegExp(`the command "${name}" cannot run in Dashboards: .*Query Workbench`)
        ),
      ]);
      expect(kind).toBe('refused');
    }
  });
});
