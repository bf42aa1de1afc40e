/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * The Replicas section on a lookup's Settings tab: a writer chooses a copy on every node and
 * saves it; a reader sees the choice and cannot change it.
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { apiPaths } from '../../../common/api/paths';
import type { ReplicasSettings } from '../../../common/api/replicas';
import {
  lookupPermissions,
  managedLookup,
  renderSettingsTab,
} from '../../../test/support/lookup_settings';

function render(writable: boolean) {
  let stored: ReplicasSettings = {
    auto_expand_replicas: '0-1',
    number_of_replicas: 1,
    default: '0-1',
    updated_by: null,
    updated_at: null,
  };
  return renderSettingsTab(
    managedLookup('lk_hosts', 3),
    lookupPermissions('lk_hosts', writable, 'indices:data/write/bulk'),
    {
      [`GET ${apiPaths.match('lk_hosts')}`]: () => ({
        rules: [],
        updated_by: null,
        updated_at: null,
      }),
      [`GET ${apiPaths.rows('lk_hosts')}`]: () => ({
        schema: [{ name: 'host', type: 'string' }],
        datarows: [['a'], ['b'], ['c']],
        total: 3,
        slice: 's1',
      }),
      [`GET ${apiPaths.replicas('lk_hosts')}`]: () => stored,
      [`PUT ${apiPaths.replicas('lk_hosts')}`]: ({ body }) => {
        stored = {
          ...stored,
          auto_expand_replicas: (body as { auto_expand_replicas: string }).auto_expand_replicas,
          number_of_replicas: 2,
          updated_by: 'w',
          updated_at: '2026-03-02T00:00:00Z',
        };
        return stored;
      },
    }
  );
}

it('lets a writer put a copy on every node', async () => {
  const fake = render(true);
  const select = await screen.findByTestId('lookupsReplicasSelect');
  expect((select as HTMLSelectElement).value).toBe('0-1');
  expect(screen.getByTestId('lookupsReplicas').textContent).toContain('1 replica on this cluster');
  // Nothing to save until the choice differs.
  expect(screen.getByTestId('lookupsReplicasSave')).toHaveProperty('disabled', true);
  await waitFor(() => expect(select).toHaveProperty('disabled', false));
  fireEvent.change(select, { target: { value: '0-all' } });
  expect(screen.getByTestId('lookupsReplicasSave')).toHaveProperty('disabled', false);
  fireEvent.click(screen.getByTestId('lookupsReplicasSave'));
  await waitFor(() =>
    expect(screen.getByTestId('lookupsReplicas').textContent).toContain('2 replicas')
  );
  expect(fake.requests.find((r) => r.method === 'PUT')?.body).toEqual({
    auto_expand_replicas: '0-all',
  });
  expect((screen.getByTestId('lookupsReplicasSelect') as HTMLSelectElement).value).toBe('0-all');
  expect(screen.getByTestId('lookupsReplicasSave')).toHaveProperty('disabled', true);
});

it('shows a reader the choice without letting them change it', async () => {
  render(false);
  const select = await screen.findByTestId('lookupsReplicasSelect');
  await waitFor(() => expect(select).toHaveProperty('disabled', true));
  expect((select as HTMLSelectElement).value).toBe('0-1');
  expect(screen.getByTestId('lookupsReplicasSave')).toHaveProperty('disabled', true);
});
