/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * The import form's file prompt takes OUI's subdued text colour, which follows the theme, rather
 * than a fixed grey that falls below 4.5:1 on the dark background.
 */
import { screen } from '@testing-library/react';
import { renderWithProviders } from '../../../test/support/render';
import { ImportForm } from './import_form';

it('the file prompt uses the theme’s subdued text colour, with no colour of its own', () => {
  renderWithProviders(<ImportForm name="lk_hosts" />);
  const prompt = screen.getByText('Select or drag a file');
  expect(prompt.className).toContain('euiTextColor--subdued');
  expect(prompt.getAttribute('style') ?? '').not.toMatch(/color/);
});
