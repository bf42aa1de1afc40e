/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * OUI's modals as dialogs: OUI 1.22's modal has no dialog role of its own, which leaves its
 * content outside any landmark (axe's `region`) and unnamed to screen readers.
 */
import type { ComponentProps, ReactNode } from 'react';
import {
  EuiConfirmModal,
  EuiModal,
  EuiModalBody,
  EuiModalFooter,
  EuiModalHeader,
  EuiModalHeaderTitle,
} from '@elastic/eui';

/**
 * A confirm named by its `title`. Every other prop is EuiConfirmModal's own (`maxWidth`,
 * `defaultFocusedButton`, `buttonColor`, `isLoading`, `data-test-subj`…), passed through.
 */
export function ConfirmDialog(props: ComponentProps<typeof EuiConfirmModal> & { title: string }) {
  return <EuiConfirmModal role="dialog" aria-modal="true" aria-label={props.title} {...props} />;
}

/**
 * A modal titled by its `<h2 id={id}>`, with a body and a footer of buttons; `width` in pixels
 * (else OUI's own).
 */
export function Dialog({
  id,
  title,
  testSubj,
  width,
  onClose,
  children,
  footer,
}: {
  id: string;
  title: string;
  testSubj: string;
  width?: number;
  onClose: () => void;
  children: ReactNode;
  footer: ReactNode;
}) {
  return (
    <EuiModal
      onClose={onClose}
      style={width ? { width } : undefined}
      role="dialog"
      aria-modal="true"
      aria-labelledby={id}
      data-test-subj={testSubj}
    >
      <EuiModalHeader>
        <EuiModalHeaderTitle>
          <h2 id={id}>{title}</h2>
        </EuiModalHeaderTitle>
      </EuiModalHeader>
      <EuiModalBody>{children}</EuiModalBody>
      <EuiModalFooter>{footer}</EuiModalFooter>
    </EuiModal>
  );
}
