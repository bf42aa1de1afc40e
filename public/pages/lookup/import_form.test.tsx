/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * The import form's file prompt takes OUI's subdued text colour, which follows the theme, rather
 * than a fixed grey that falls below 4.5:1 on the dark background; a file over the upload limit
 * the server exposes is refused when picked.
 */
import { fireEvent, screen } from '@testing-library/react';
import { fakeServices, renderWithProviders } from '../../../test/support/render';
import { ImportForm } from './import_form';

it('the file prompt uses the theme’s subdued text colour, with no colour of its own', () => {
  renderWithProviders(<ImportForm name="lk_hosts" />);
  const prompt = screen.getByText('Select or drag a file');
  expect(prompt.className).toContain('euiTextColor--subdued');
  expect(prompt.getAttribute('style') ?? '').not.toMatch(/color/);
});

it('refuses a file over the upload limit when it is picked, naming the limit, and sends nothing', async () => {
  const services = fakeServices({
    config: {
      max_rows: 1_000_000,
      max_body_bytes: 1024,
      max_import_bytes: 10,
      schedules: { min_interval_ms: 60_000 },
    },
  });
  renderWithProviders(<ImportForm name="lk_hosts" />, { services });
  const input = screen.getByTestId('lookupsImportFile');
  fireEvent.change(input, {
    target: { files: [new File(['host,n\nweb-1,1\n'], 'hosts.csv', { type: 'text/csv' })] },
  });
  expect(
    await screen.findByText(/hosts\.csv is .*files up to .*lookups\.max_import_bytes/)
  ).toBeTruthy();
  expect(screen.getByTestId('lookupsImportSubmit').hasAttribute('disabled')).toBe(true);
  const calls = (services.http.post as jest.Mock).mock.calls as Array<[string]>;
  expect(calls.map(([path]) => path).filter((path) => path.includes('_import'))).toEqual([]);
});
