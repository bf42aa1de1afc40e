/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * Grok patterns as RE2 regular expressions: `%{NAME}` is the named pattern (captured as `NAME`
 * when written in the query itself), `%{NAME:field}` the same captured as `field`. The library holds the common patterns (written here for RE2: no
 * lookaround, no backreferences); an unknown name is refused, naming the known ones.
 */

const BASE: Record<string, string> = {
  USERNAME: '[a-zA-Z0-9._-]+',
  USER: '%{USERNAME}',
  EMAILLOCALPART: "[a-zA-Z0-9!#$%&'*+/=?^_`{|}~-]+(?:\\.[a-zA-Z0-9!#$%&'*+/=?^_`{|}~-]+)*",
  EMAILADDRESS: '%{EMAILLOCALPART}@%{HOSTNAME}',
  INT: '[+-]?[0-9]+',
  BASE10NUM: '[+-]?(?:[0-9]+(?:\\.[0-9]+)?|\\.[0-9]+)',
  NUMBER: '%{BASE10NUM}',
  BASE16NUM: '[+-]?(?:0x)?[0-9A-Fa-f]+',
  POSINT: '[1-9][0-9]*',
  NONNEGINT: '[0-9]+',
  WORD: '\\b\\w+\\b',
  NOTSPACE: '\\S+',
  SPACE: '\\s*',
  DATA: '.*?',
  GREEDYDATA: '.*',
  QUOTEDSTRING: '"(?:[^"\\\\]|\\\\.)*"|\'(?:[^\'\\\\]|\\\\.)*\'',
  QS: '%{QUOTEDSTRING}',
  UUID: '[A-Fa-f0-9]{8}-(?:[A-Fa-f0-9]{4}-){3}[A-Fa-f0-9]{12}',
  IPV4: '(?:(?:25[0-5]|2[0-4][0-9]|1[0-9]{2}|[1-9]?[0-9])\\.){3}(?:25[0-5]|2[0-4][0-9]|1[0-9]{2}|[1-9]?[0-9])',
  IPV6: '[0-9A-Fa-f:]*:[0-9A-Fa-f:.]+',
  IP: '%{IPV6}|%{IPV4}',
  HOSTNAME: '\\b[0-9A-Za-z][0-9A-Za-z-]{0,62}(?:\\.[0-9A-Za-z][0-9A-Za-z-]{0,62})*\\.?\\b',
  IPORHOST: '%{IP}|%{HOSTNAME}',
  HOSTPORT: '%{IPORHOST}:%{POSINT}',
  PATH: '(?:/[^/\\s]*)+',
  URIPATH: "(?:/[A-Za-z0-9$.+!*'(){},~:;=@#%&_\\-]*)+",
  URIPARAM: "\\?[A-Za-z0-9$.+!*'|(){},~@#%&/=:;_?\\-\\[\\]<>]*",
  URIPATHPARAM: '%{URIPATH}(?:%{URIPARAM})?',
  MONTH:
    '\\b(?:[Jj]an(?:uary)?|[Ff]eb(?:ruary)?|[Mm]ar(?:ch)?|[Aa]pr(?:il)?|[Mm]ay|[Jj]un(?:e)?|[Jj]ul(?:y)?|[Aa]ug(?:ust)?|[Ss]ep(?:tember)?|[Oo]ct(?:ober)?|[Nn]ov(?:ember)?|[Dd]ec(?:ember)?)\\b',
  MONTHNUM: '0?[1-9]|1[0-2]',
  MONTHDAY: '(?:0[1-9])|(?:[12][0-9])|(?:3[01])|[1-9]',
  DAY: '(?:Mon(?:day)?|Tue(?:sday)?|Wed(?:nesday)?|Thu(?:rsday)?|Fri(?:day)?|Sat(?:urday)?|Sun(?:day)?)',
  YEAR: '(?:\\d\\d){1,2}',
  HOUR: '2[0123]|[01]?[0-9]',
  MINUTE: '[0-5][0-9]',
  SECOND: '(?:[0-5]?[0-9]|60)(?:[:.,][0-9]+)?',
  TIME: '%{HOUR}:%{MINUTE}(?::%{SECOND})?',
  ISO8601_TIMEZONE: 'Z|[+-]%{HOUR}(?::?%{MINUTE})',
  TIMESTAMP_ISO8601:
    '%{YEAR}-%{MONTHNUM}-%{MONTHDAY}[T ]%{HOUR}:?%{MINUTE}(?::?%{SECOND})?(?:%{ISO8601_TIMEZONE})?',
  DATE_US: '%{MONTHNUM}[/-]%{MONTHDAY}[/-]%{YEAR}',
  DATE_EU: '%{MONTHDAY}[./-]%{MONTHNUM}[./-]%{YEAR}',
  HTTPDATE: '%{MONTHDAY}/%{MONTH}/%{YEAR}:%{TIME} %{INT}',
  LOGLEVEL:
    '[Aa]lert|ALERT|[Tt]race|TRACE|[Dd]ebug|DEBUG|[Nn]otice|NOTICE|[Ii]nfo|INFO|[Ww]arn(?:ing)?|WARN(?:ING)?|[Ee]rr(?:or)?|ERR(?:OR)?|[Cc]rit(?:ical)?|CRIT(?:ICAL)?|[Ff]atal|FATAL|[Ss]evere|SEVERE|EMERG(?:ENCY)?|[Ee]merg(?:ency)?',
  COMMONAPACHELOG:
    '%{IPORHOST:clientip} %{USER:ident} %{USER:auth} \\[%{HTTPDATE:timestamp}\\] "(?:%{WORD:verb} %{NOTSPACE:request}(?: HTTP/%{NUMBER:httpversion})?|%{DATA:rawrequest})" %{NUMBER:response} (?:%{NUMBER:bytes}|-)',
};

export const GROK_PATTERNS: readonly string[] = Object.keys(BASE);

const REFERENCE = /%\{([A-Z0-9_]+)(?::([A-Za-z][A-Za-z0-9_.]*))?\}/g;

/** The grok pattern as a regular expression, or an error naming what is wrong. */
export function grokToRegex(pattern: string, depth = 0): string | { error: string } {
  if (depth > 10) return { error: 'the grok pattern nests too deeply' };
  let error: string | undefined;
  const topLevelNames = new Set<string>();
  const named = new Set([...pattern.matchAll(REFERENCE)].flatMap((m) => (m[2] ? [m[2]] : [])));
  const out = pattern.replace(REFERENCE, (_all, name: string, field?: string) => {
    const definition = BASE[name];
    if (definition === undefined) {
      error ??= `unknown grok pattern %{${name}}; known: ${GROK_PATTERNS.join(', ')}`;
      return '';
    }
    const inner = grokToRegex(definition, depth + 1);
    if (typeof inner !== 'string') {
      error ??= inner.error;
      return '';
    }
    // An unnamed pattern written in the query is captured under its own name (grok.md's
    // `%{COMMONAPACHELOG}` column), once; those inside the library's definitions are not.
    const capture =
      field ?? (depth === 0 && !topLevelNames.has(name) && !named.has(name) ? name : undefined);
    if (capture === undefined) return `(?:${inner})`;
    topLevelNames.add(capture);
    // RE2 group names take letters, digits and `_`: a `.` in the name is dropped.
    return `(?P<${capture.replace(/[^A-Za-z0-9_]/g, '')}>${inner})`;
  });
  return error === undefined ? out : { error };
}
