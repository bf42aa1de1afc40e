/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * Field completion follows the pipeline: after stats, the columns stats made (its aggregations
 * and groups), not the source's; after fields, rename and eval, what they leave.
 */
import { completionsAt } from './completion';

const sources = {
  indices: ['web_logs'],
  lookups: [],
  fields: ['host', 'status', 'bytes', 'region'],
};
const fields = (text: string) =>
  completionsAt(text, text.length, sources)
    ?.items.filter((i) => i.kind === 'field')
    .map((i) => i.insert)
    .sort();

it.each([
  ['source=web_logs | stats count() by host | sort ', ['`count()`', 'host']],
  ['source=web_logs | stats avg(bytes) as avg_bytes by region | where ', ['avg_bytes', 'region']],
  ['source=web_logs | fields host, status | sort ', ['host', 'status']],
  ['source=web_logs | fields - bytes | sort ', ['host', 'region', 'status']],
  ['source=web_logs | rename host as server | sort ', ['bytes', 'region', 'server', 'status']],
  ['source=web_logs | eval kb = bytes / 1024 | sort ', ['bytes', 'host', 'kb', 'region', 'status']],
  ['source=web_logs | stats count() as n by host | outputlookup key_field=', ['host', 'n']],
  // A subsearch as the source: what its own commands leave, at any depth.
  ['source=[ source=web_logs | stats count() as n by host ] as t | sort ', ['host', 'n']],
  [
    'source=[ source=[ source=web_logs | fields host, bytes ] | eval k = 1 ] | sort ',
    ['bytes', 'host', 'k'],
  ],
])('%s offers %j', (text, expected) => {
  expect(fields(text)).toEqual(expected);
});

it('keeps the source fields where the pipeline before the cursor does not parse', () => {
  expect(fields('source=web_logs | where ( | sort ')).toEqual([
    'bytes',
    'host',
    'region',
    'status',
  ]);
});
