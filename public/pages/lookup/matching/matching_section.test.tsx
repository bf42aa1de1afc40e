/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * The Matching section on a lookup's Settings tab: a writer sets a rule (checked against the
 * rows as it is typed), tries a value, and a reader sees the rules read-only.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { apiPaths } from '../../../../common/api/paths';
import type { MatchSettings } from '../../../../common/match/codecs';
import {
  lookupPermissions,
  managedLookup,
  renderSettingsTab,
} from '../../../../test/support/lookup_settings';

function render(writable: boolean, initial: MatchSettings) {
  let stored = initial;
  return renderSettingsTab(
    managedLookup('lk_nets', 3),
    lookupPermissions('lk_nets', writable, 'indices:admin/mapping/put'),
    {
      [`GET ${apiPaths.match('lk_nets')}`]: () => stored,
      [`GET ${apiPaths.rows('lk_nets')}`]: () => ({
        schema: [
          { name: 'net', type: 'string' },
          { name: 'site', type: 'string' },
          { name: 'n', type: 'int' },
        ],
        datarows: [
          ['10.0.0.0/8', 'corp', 1],
          ['10.1.0.0/16', 'campus', 2],
          ['10.1.2.0/24', 'lab', 3],
        ],
        total: 3,
        slice: 's1',
      }),
      [`PUT ${apiPaths.match('lk_nets')}`]: ({ body }) => {
        stored = {
          ...(body as MatchSettings),
          updated_by: 'w',
          updated_at: '2026-03-02T00:00:00Z',
        };
        return stored;
      },
      [`POST ${apiPaths.tryMatch('lk_nets')}`]: () => ({
        matches: [
          { net: '10.1.2.0/24', site: 'lab' },
          { net: '10.1.0.0/16', site: 'campus' },
        ],
        max_matches: 2,
        defaulted: false,
      }),
    }
  );
}

const NONE: MatchSettings = { rules: [], updated_by: null, updated_at: null };

it('lets a writer set a cidr rule, refusing a rule the rows cannot hold before saving', async () => {
  const fake = render(true, NONE);
  expect((await screen.findByTestId('lookupsMatchingRules')).textContent).toContain(
    'Exact matches'
  );
  await waitFor(() =>
    expect(screen.getByTestId('lookupsMatchingEdit')).toHaveProperty('disabled', false)
  );
  fireEvent.click(screen.getByTestId('lookupsMatchingEdit'));
  fireEvent.click(screen.getByTestId('lookupsMatchingAdd'));
  // A cidr rule on the site column: its cells are no networks.
  fireEvent.change(screen.getByTestId('lookupsMatchingField-0'), { target: { value: 'site' } });
  fireEvent.change(screen.getByTestId('lookupsMatchingType-0'), { target: { value: 'cidr' } });
  expect(screen.getByTestId('lookupsMatchingInvalid').textContent).toContain('row 1 holds "corp"');
  expect(screen.getByTestId('lookupsMatchingSave')).toHaveProperty('disabled', true);
  // A cidr rule on the net column holds.
  fireEvent.change(screen.getByTestId('lookupsMatchingField-0'), { target: { value: 'net' } });
  expect(screen.queryByTestId('lookupsMatchingInvalid')).toBeNull();
  fireEvent.change(screen.getByTestId('lookupsMatchingMax'), { target: { value: '2' } });
  fireEvent.click(screen.getByTestId('lookupsMatchingSave'));
  await waitFor(() =>
    expect(screen.getByTestId('lookupsMatchingRules').textContent).toContain('net cidr')
  );
  expect(fake.requests.find((r) => r.method === 'PUT')?.body).toEqual({
    rules: [{ field: 'net', type: 'cidr' }],
    max_matches: 2,
  });

  // Try a value: the rows in the order the server gives them.
  fireEvent.change(screen.getByTestId('lookupsMatchingTryValue-net'), {
    target: { value: '10.1.2.3' },
  });
  fireEvent.click(screen.getByTestId('lookupsMatchingTryRun'));
  const result = await screen.findByTestId('lookupsMatchingTryResult');
  expect(
    within(result)
      .getAllByTestId('lookupsMatchingTryRow')
      .map((li) => li.textContent)
  ).toEqual(['{"net":"10.1.2.0/24","site":"lab"}', '{"net":"10.1.0.0/16","site":"campus"}']);
  expect(fake.requests.find((r) => r.method === 'POST')?.body).toEqual({
    values: { net: '10.1.2.3' },
  });
});

it('shows a reader the rules read-only', async () => {
  render(false, {
    rules: [{ field: 'net', type: 'cidr' }],
    default: { site: 'outside' },
    updated_by: 'w',
    updated_at: '2026-03-02T00:00:00Z',
  });
  expect((await screen.findByTestId('lookupsMatchingRules')).textContent).toBe(
    'net cidr\ndefault site=outside'
  );
  await waitFor(() =>
    expect(screen.getByTestId('lookupsMatchingEdit')).toHaveProperty('disabled', true)
  );
});
