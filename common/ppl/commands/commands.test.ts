/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/* Parsing of the command families in this folder: what the tree holds, and what is refused. */
import type { Command, Query } from '../ast';
import { parsePpl } from '../parser';
import { indicesOfQuery } from '../query_indices';
import type { SearchExpr } from './search_ast';

function parse(text: string): Query {
  const r = parsePpl(text);
  if (!r.ok) throw new Error(r.error.message);
  return r.query;
}
const first = (text: string): Command => parse(text).commands[0];
const refused = (text: string): string => {
  const r = parsePpl(text);
  if (r.ok) throw new Error(`expected ${text} to be refused`);
  return r.error.detail;
};

function show(e: SearchExpr): string {
  switch (e.kind) {
    case 'SearchText':
      return e.value.quoted ? JSON.stringify(e.value.text) : e.value.text;
    case 'SearchCompare':
      return `${e.field.name}${e.op}${e.value.text}`;
    case 'SearchIn':
      return `${e.field.name} IN(${e.values.map((v) => v.text).join(',')})`;
    case 'SearchTime':
      return `${e.bound}:${e.value.text}`;
    case 'SearchNot':
      return `NOT(${show(e.operand)})`;
    default:
      return `(${show(e.left)} ${e.kind === 'SearchAnd' ? 'AND' : 'OR'} ${show(e.right)})`;
  }
}

describe('search expressions', () => {
  it.each([
    ['source=t error', 'error'],
    ['source=t "disk full" user-12', '("disk full" AND user-12)'],
    ['search a source=t b', '(a AND b)'],
    ['source=t a=1 OR b=2 c>=3', '((a=1 OR b=2) AND c>=3)'],
    ['source=t NOT a=1 OR b!=x', '(NOT(a=1) OR b!=x)'],
    ['source=t x IN (1, "b c", d*)', 'x IN(1,b c,d*)'],
    ['source=t earliest=-7d@d latest=now()', '(earliest:-7d@d AND latest:now())'],
    ['source=t (a OR b) AND c', '((a OR b) AND c)'],
    ['source=t log_* ip=10.0.*', '(log_* AND ip=10.0.*)'],
  ])('%s', (text, tree) => {
    const source = parse(text).source;
    expect(source.kind === 'Source' && source.filter ? show(source.filter) : undefined).toBe(tree);
  });

  it('a source alias is not a search term', () => {
    const source = parse('source=t as a x=1').source;
    expect(
      source.kind === 'Source' && [source.alias, source.filter && show(source.filter)]
    ).toEqual(['a', 'x=1']);
  });
});

describe('commands', () => {
  it('stats by span() keeps the span apart, with its interval and column name', () => {
    const c = first('source=t | stats count() by host, span(@timestamp, 15m) as q');
    expect(
      c.kind === 'Stats' && [c.by.map((f) => f.name), c.bucket?.interval, c.bucket?.name]
    ).toEqual([['host'], { size: 15, unit: 'm', text: '15m' }, 'q']);
    const month = first('source=t | stats count() by span(1M)');
    expect(
      month.kind === 'Stats' && [
        month.bucket?.field.name,
        month.bucket?.interval.unit,
        month.bucket?.name,
      ]
    ).toEqual(['@timestamp', 'M', 'span(1M)']);
  });

  it('rex options in any order around the pattern', () => {
    const c = first('source=t | rex "(?<a>x)" max_match=0 field=f mode=extract offset_field=o');
    expect(c).toMatchObject({
      kind: 'Rex',
      mode: 'extract',
      pattern: '(?<a>x)',
      maxMatch: 10,
      offsetField: 'o',
    });
  });

  it('fillnull in its three forms', () => {
    expect(first("source=t | fillnull with 'x' in a, b")).toMatchObject({
      syntax: 'with',
      fills: [{ fields: [{ name: 'a' }, { name: 'b' }] }],
    });
    expect(first('source=t | fillnull using a = 1, b = 2')).toMatchObject({
      syntax: 'using',
      fills: [{}, {}],
    });
    expect(first('source=t | fillnull value=0 a b')).toMatchObject({
      syntax: 'value',
      fills: [{ fields: [{ name: 'a' }, { name: 'b' }] }],
    });
  });

  it('join: types, aliases, field lists and the right side', () => {
    expect(first('source=t | left anti join left=l right=r on l.a = r.a u')).toMatchObject({
      kind: 'Join',
      type: 'anti',
      leftAlias: 'l',
      rightAlias: 'r',
      rightName: 'r',
    });
    expect(
      first('source=t | join type=outer max=1 a, b [ source=u | fields a, b, c ] as s')
    ).toMatchObject({
      type: 'left',
      max: 1,
      fields: [{ name: 'a' }, { name: 'b' }],
      rightName: 's',
      right: { commands: [{ kind: 'Fields' }] },
    });
    expect(first('source=t | join u')).toMatchObject({ fields: [], rightName: 'u' });
    // The grammar's comma between the aliases, and the SQL-like `outer` words.
    expect(first('source=t | inner join left=a, right=b ON a.n = b.n u')).toMatchObject({
      type: 'inner',
      leftAlias: 'a',
      rightAlias: 'b',
    });
    expect(first('source=t | right outer join on a = b u')).toMatchObject({ type: 'right' });
    expect(first('source=t | full outer join on n u')).toMatchObject({
      type: 'full',
      criteria: { kind: 'Field', name: 'n' },
    });
    expect(parsePpl('source=t | inner join type=left on n u')).toMatchObject({
      ok: false,
      error: { message: expect.stringMatching(/join type is given twice/) },
    });
  });

  it('refuses a metadata field as an alias or an eval field, as the SQL plugin does', () => {
    expect(refused('source=t | stats count() as _score')).toMatch(/metadata field "_score"/);
    expect(refused('source=t | eval _routing = 1')).toMatch(/metadata field "_routing"/);
    expect(first('source=t | stats count() as n by _id')).toMatchObject({ kind: 'Stats' });
  });

  it('lookup outputnew fills only what is missing, as append', () => {
    expect(first('source=t | lookup l id outputnew name')).toMatchObject({
      strategy: 'append',
      strategyWritten: 'outputnew',
    });
  });

  it('trendline, timechart, bin, streamstats options', () => {
    expect(first('source=t | trendline sort - t sma(3, x) wma(2, y) as w')).toMatchObject({
      sort: { order: 'desc' },
      averages: [
        { name: 'x_trendline', periods: 3 },
        { method: 'wma', name: 'w' },
      ],
    });
    expect(first('source=t | timechart span=1h limit=0 avg(x) by h')).toMatchObject({
      interval: { size: 1, unit: 'h' },
      limit: 0,
      useOther: false,
      by: { name: 'h' },
    });
    expect(first('source=t | bin x span=0.5 as b')).toMatchObject({
      interval: { size: 0.5 },
      alias: { name: 'b' },
    });
    expect(first('source=t | streamstats window=3 global=false count() by h')).toMatchObject({
      window: 3,
      global: false,
    });
  });

  it('bin: bins, minspan, start/end, log spans and aligntime', () => {
    expect(first('source=t | bin x bins=20 start=-5 end=1.5e3')).toMatchObject({
      bins: 20,
      start: -5,
      end: 1500,
    });
    expect(first('source=t | bin x minspan=25')).toMatchObject({ minSpan: 25 });
    expect(first('source=t | bin x span=3log2')).toMatchObject({
      logSpan: { coefficient: 3, base: 2 },
    });
    expect(first('source=t | bin x span=log10')).toMatchObject({
      logSpan: { coefficient: 1, base: 10 },
    });
    expect(first('source=t | bin t span=4h aligntime=@d+90m')).toMatchObject({
      interval: { size: 4, unit: 'h' },
      alignTime: { kind: 'day', offsetMs: 90 * 60_000 },
    });
    expect(first("source=t | bin t span=1h aligntime='@d-2h'")).toMatchObject({
      alignTime: { kind: 'day', offsetMs: -2 * 3_600_000 },
    });
    expect(first('source=t | bin t span=1h aligntime=1700000000')).toMatchObject({
      alignTime: { kind: 'epoch', ms: 1_700_000_000_000 },
    });
    expect(first('source=t | bin t aligntime=latest')).toMatchObject({
      alignTime: { kind: 'latest' },
    });
    // Sub-second units of bin.md.
    expect(first('source=t | bin t span=5cs')).toMatchObject({ interval: { unit: 'cs' } });
  });

  it('patterns: brain, aggregation, by and the sample options', () => {
    expect(
      first(
        'source=t | patterns f by h method=brain mode=aggregation max_sample_count=3 show_numbered_token=true variable_count_threshold=2 frequency_threshold_percentage=0.5'
      )
    ).toMatchObject({
      by: [{ name: 'h' }],
      method: 'brain',
      mode: 'aggregation',
      maxSampleCount: 3,
      showNumberedToken: true,
      variableCountThreshold: 2,
      frequencyThreshold: 0.5,
    });
    expect(first('source=t | patterns new_field=p f')).toMatchObject({
      field: { name: 'f' },
      newField: 'p',
      method: 'simple_pattern',
      mode: 'label',
    });
  });

  it('spath paths: indexes, every element, keys as written', () => {
    expect(first('source=t | spath input=j output=o a.b{0}.c')).toMatchObject({
      path: ['a', 'b', 0, 'c'],
    });
    expect(first('source=t | spath input=j l{}')).toMatchObject({
      output: 'l{}',
      path: ['l', { all: true }],
    });
    expect(first(`source=t | spath input=j output=o "['a.b c'].x[2]"`)).toMatchObject({
      path: ['a.b c', 'x', 2],
    });
    expect(first('source=t | spath input=j')).toMatchObject({ output: '' });
    expect(refused('source=t | spath input=j a{x}')).toMatch(/"a\{x\}" is not a path/);
  });

  it('streamstats: resets and bucket_nullable', () => {
    const c = first(
      'source=t | streamstats bucket_nullable=false reset_before=a > 3 reset_after=(s < 0) sum(a) as s by g'
    );
    expect(c).toMatchObject({
      bucketNullable: false,
      resetBefore: { kind: 'Binary' },
      resetAfter: { kind: 'Binary' },
      aggregations: [{ func: 'sum', name: 's' }],
    });
  });

  it('eventstats and streamstats take one span() among their by fields, as statsByClause', () => {
    expect(first('source=t | eventstats count() as c by g, span(x, 10) as b')).toMatchObject({
      by: [{ name: 'g' }],
      bucket: { field: { name: 'x' }, interval: { size: 10 }, name: 'b' },
    });
    expect(first('source=t | streamstats global=false count() by span(t, 1d)')).toMatchObject({
      by: [],
      bucket: { field: { name: 't' }, interval: { size: 1, unit: 'd' } },
    });
    expect(refused('source=t | eventstats count() by span(x, 1), span(y, 2)')).toMatch(
      /eventstats takes at most one span\(\)/
    );
  });

  it('chart: a span on either split, options before the aggregation or after the splits', () => {
    expect(first('source=t | chart count() by x span=10, t span=1d limit=bottom2')).toMatchObject({
      row: { name: 'x' },
      rowSpan: { size: 10 },
      column: { name: 't' },
      columnSpan: { size: 1, unit: 'd' },
      limit: 2,
      bottom: true,
    });
    expect(first('source=t | chart avg(v) over g by x span=5 useother=false')).toMatchObject({
      row: { name: 'g' },
      column: { name: 'x' },
      columnSpan: { size: 5 },
      useOther: false,
    });
    expect(first('source=t | timechart count() by h limit=3')).toMatchObject({ limit: 3 });
  });

  it('timechart rate functions and chart span on the row split', () => {
    expect(first('source=t | timechart span=10m per_minute(bytes) by h')).toMatchObject({
      rate: 60,
      aggregation: { func: 'sum', name: 'per_minute(bytes)' },
    });
    expect(first('source=t | timechart per_day(x) as daily')).toMatchObject({
      rate: 86400,
      aggregation: { name: 'daily' },
    });
    expect(first('source=t | chart count() by size span=100, host')).toMatchObject({
      row: { name: 'size' },
      rowSpan: { size: 100 },
      column: { name: 'host' },
    });
    expect(first('source=t | chart count() over t span=1d by host')).toMatchObject({
      rowSpan: { size: 1, unit: 'd' },
      column: { name: 'host' },
    });
  });

  it.each([
    ['source=t | rex field=f "(?<a>x)" max_match=11', /max_match 11 exceeds the limit \(10\)/],
    ['source=t | rex field=f', /rex needs a pattern/],
    ['source=t | bin x bins=1', /bins must be between 2 and 50000/],
    ['source=t | bin x width=3', /unknown bin option "width"/],
    ['source=t | bin x minspan=1h', /minspan is a plain number/],
    ['source=t | bin t span=1h aligntime=noon', /"noon" is not an aligntime/],
    ['source=t | streamstats reset=true count()', /unknown streamstats option "reset"/],
    ['source=t | ml action=train', /cannot run in Dashboards: .*ML Commons/],
    ['source=t | ad', /cannot run in Dashboards/],
    ['source=t | append [ source=u | outputlookup x ]', /cannot be inside \[ … \]/],
    ['source=t | append [ source=u', /expected "\]" closing the subsearch/],
    ['source=t | timechart count(), sum(x)', /timechart takes one aggregation/],
    ['source=t | stats count() by span(a, 1), span(b, 1)', /at most one span/],
    ['source=t | patterns f method=drain', /the patterns method "drain" is unknown/],
    ['source=t | patterns f buffer_limit=10', /buffer_limit is at least 50000/],
    ["source=t | patterns f method=brain pattern='x'", /pattern= belongs to method=simple_pattern/],
    ['source=t | foreach a [ eval = 1 ]', /the foreach template does not parse/],
    ['source=t | foreach mode=each a [ eval t = 1 ]', /foreach mode "each" is not one of/],
  ])('%s is refused', (text, message) => {
    expect(refused(text)).toMatch(message);
  });

  it('names a span group as PPL does: without spaces, but those inside backticks', () => {
    const named = (text: string) => {
      const c = first(text);
      if (c.kind !== 'Stats') throw new Error(c.kind);
      return c.bucket?.name;
    };
    expect(named('source=t | stats count() by span(severityNumber, 10)')).toBe(
      'span(severityNumber,10)'
    );
    expect(named('source=t | stats count() by span( `my field` , 1h )')).toBe(
      'span(`my field`,1h)'
    );
    expect(named('source=t | stats count() by span(n, 4) as b')).toBe('b');
  });

  it("a search filter cannot hold a subsearch (the SQL plugin's search syntax has none); it says to use where", () => {
    for (const query of [
      'source=a as o x in [ source=b | fields y ] | head 1',
      'source=a bytes > [ source=b | stats avg(bytes) ]',
      'source=a not exists [ source=d | where w = x ]',
      'source=a | where x in [ source=b y > [ source=c | stats max(z) ] | fields y ]',
    ]) {
      const parsed = parsePpl(query);
      expect(parsed.ok).toBe(false);
      if (!parsed.ok) {
        expect(parsed.error.detail).toMatch(/a search filter cannot hold a subsearch/);
        expect(parsed.error.detail).toMatch(/\| where <field> in \[/);
      }
    }
    // A subsearch's own where and a search filter without one still parse.
    expect(first('source=a x=1 | head 1').kind).toBe('Head');
    expect(first('source=a | where x in [ source=b y=2 | fields y ]').kind).toBe('WhereSubsearch');
  });

  it('subsearches inside where conditions: in, tuples, exists, each a slot in the condition', () => {
    const w = first(
      'source=a | where x in [ source=b | fields y ] and (p, q) not in [ source=c | fields r, s ] or not exists [ source=d | where z = x ]'
    );
    if (w.kind !== 'WhereSubsearch') throw new Error(w.kind);
    expect(w.predicates.map((p) => [p.kind, p.values.length, p.negated])).toEqual([
      ['InSubsearch', 1, false],
      ['InSubsearch', 2, true],
      ['Exists', 0, false],
    ]);
    expect(w.condition).toMatchObject({
      op: 'OR',
      left: { op: 'AND', left: { name: w.predicates[0].slot } },
      right: { kind: 'Unary', op: 'NOT', operand: { name: w.predicates[2].slot } },
    });
    // A where inside a subsearch keeps its own subsearches.
    const nested = first(
      'source=a | where exists [ source=b | where y in [ source=c | fields z ] ]'
    );
    if (nested.kind !== 'WhereSubsearch') throw new Error(nested.kind);
    expect(nested.predicates).toHaveLength(1);
    expect(nested.predicates[0].search.commands[0].kind).toBe('WhereSubsearch');
    // `exists` and `in` stay field names where no [ follows.
    expect(first('source=a | where exists = 1 and in > 2').kind).toBe('Where');
    // eval takes them too (a scalar subquery in eval, subquery.md); other commands do not.
    expect(
      first('source=a | eval b = x in [ source=b ], n = [ source=c | stats count() ]')
    ).toMatchObject({
      kind: 'Eval',
      subsearches: [{ kind: 'InSubsearch' }, { kind: 'Scalar' }],
    });
    expect(refused('source=a | stats avg(x in [ source=b ])')).toMatch(
      /a subsearch \[ … \] in an expression is only supported in where, eval and a join condition/
    );
  });

  it('union: leading with datasets (indices or subsearches), mid-pipeline with maxout', () => {
    const q = parse('| union maxout=5 logs-*, [ search source=b | where x > 1 ] c');
    expect(q.source).toMatchObject({ kind: 'MultiSearch', command: 'union', maxout: 5 });
    if (q.source.kind !== 'MultiSearch') throw new Error(q.source.kind);
    expect(q.source.searches.map((s) => s.commands.length)).toEqual([0, 1, 0]);
    expect(indicesOfQuery(q)).toEqual(['logs-*', 'b', 'c']);
    expect(first('source=a | union [ source=b ]')).toMatchObject({ kind: 'Union', maxout: 0 });
    expect(refused('| union [ source=b ]')).toMatch(/union needs at least two datasets/);
    expect(refused('source=a | union')).toMatch(/a dataset to union/);
  });

  it('xyseries: options, the x and name fields, the listed values, the value fields', () => {
    expect(
      first('source=a | xyseries sep="-" format="$VAL$ $AGG$" u s in ("200", "404") c, d')
    ).toMatchObject({
      kind: 'XySeries',
      x: { name: 'u' },
      nameField: { name: 's' },
      values: ['200', '404'],
      dataFields: [{ name: 'c' }, { name: 'd' }],
      sep: '-',
      format: '$VAL$ $AGG$',
    });
    expect(refused('source=a | xyseries u s c')).toMatch(/expected in/);
    // The SQL plugin's grammar takes quoted strings only.
    expect(refused('source=a | xyseries u s in (200, "404") c')).toMatch(
      /xyseries pivot values are quoted strings: write "200"/
    );
  });

  it('commands of the 3.x index that do not run here name the reason', () => {
    expect(refused('source=a | collect index=b')).toMatch(
      /"collect" cannot run in Dashboards: .*outputlookup/
    );
    expect(refused('source=a | highlight *')).toMatch(/"highlight" cannot run in Dashboards/);
    expect(refused('source=a | cluster msg')).toMatch(/"cluster" is not supported here: /);
    expect(refused('source=a | explain')).toMatch(/_explain/);
    expect(refused('| rest /_cluster/health')).toMatch(/"rest" cannot run in Dashboards/);
    expect(refused('source=a | union recursive name=r [ source=b ]')).toMatch(
      /"union recursive" is not supported here/
    );
  });

  it('subsearches nest only so deep', () => {
    const deep = `source=t${' | append [ source=u'.repeat(9)}${' ]'.repeat(9)}`;
    expect(refused(deep)).toMatch(/nest more than 8 deep/);
  });
});

describe('indicesOfQuery', () => {
  it('names the indices of subsearches and lookups too', () => {
    expect(
      indicesOfQuery(
        parse(
          'source=a | join k [ source=b | append [ source=c ] ] | lookup l k | appendpipe [ join k d ]'
        )
      )
    ).toEqual(['a', 'b', 'c', 'l', 'd']);
    expect(indicesOfQuery(parse('describe x'))).toEqual(['x']);
  });
});
