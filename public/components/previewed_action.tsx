/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * A confirm that shows a dry run first (migration, cleanup): the steps it goes through, and the
 * loading, error and preview states shown in its body. The action itself stays with the caller.
 */
import { useEffect, useState, type ComponentProps, type ReactNode } from 'react';
import { EuiLoadingContent, EuiSpacer, EuiText } from '@elastic/eui';
import type { ApiFailure } from '../services/api_client';
import { ApiErrorCallout } from './error_callout';

export type PreviewStep<P> =
  | { state: 'previewing' }
  | { state: 'preview'; preview: P; error?: ApiFailure }
  | { state: 'running'; preview: P }
  | { state: 'failed'; error: ApiFailure };

/** Loads the dry run once per `key`; ignores an answer that arrives after unmount. */
export function usePreviewStep<P>(load: () => Promise<P>, key: string | undefined) {
  const [step, setStep] = useState<PreviewStep<P>>({ state: 'previewing' });
  useEffect(() => {
    let live = true;
    setStep({ state: 'previewing' });
    load().then(
      (preview) => live && setStep({ state: 'preview', preview }),
      (error: ApiFailure) => live && setStep({ state: 'failed', error })
    );
    return () => {
      live = false;
    };
    // `load` is recreated on every render; `key` says when the dry run must be asked again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  return [step, setStep] as const;
}

export function previewOf<P>(step: PreviewStep<P>): P | null {
  return step.state === 'preview' || step.state === 'running' ? step.preview : null;
}

export function PreviewStatus<P>({
  step,
  previewingText,
  previewFailedTitle,
  failedTitle,
  errorTestSubj,
  refused,
  children,
}: {
  step: PreviewStep<P>;
  previewingText: string;
  previewFailedTitle: string;
  failedTitle: string;
  errorTestSubj: string;
  /** What is asked, so a refusal names the lookup and the action. */
  refused?: ComponentProps<typeof ApiErrorCallout>['refused'];
  /** The preview itself, once there is one. */
  children?: ReactNode;
}) {
  return (
    <>
      {step.state === 'previewing' ? (
        <>
          <EuiText size="s">
            <p>{previewingText}</p>
          </EuiText>
          <EuiLoadingContent lines={3} />
        </>
      ) : null}
      {step.state === 'failed' ? (
        <ApiErrorCallout
          title={previewFailedTitle}
          error={step.error}
          refused={refused}
          data-test-subj={errorTestSubj}
        />
      ) : null}
      {children}
      {step.state === 'preview' && step.error ? (
        <>
          <EuiSpacer size="m" />
          <ApiErrorCallout
            title={failedTitle}
            error={step.error}
            refused={refused}
            data-test-subj={errorTestSubj}
          />
        </>
      ) : null}
    </>
  );
}
