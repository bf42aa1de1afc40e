/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * OUI's confirm modal as a dialog: OUI 1.22's modal has no dialog role of its own, which leaves
 * its content outside any landmark (axe's `region`) and unnamed to screen readers.
 */
import type { ComponentProps } from 'react';
import { EuiConfirmModal } from '@elastic/eui';

export function ConfirmDialog(props: ComponentProps<typeof EuiConfirmModal> & { title: string }) {
  return <EuiConfirmModal role="dialog" aria-modal="true" aria-label={props.title} {...props} />;
}
