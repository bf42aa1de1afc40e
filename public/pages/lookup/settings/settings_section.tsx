/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * What the editable sections of a lookup's Settings tab (Matching, Replicas) share: the shell
 * (title, help, then the section's own form and, under it, why the last save failed) and the
 * save-with-status state behind it (busy while a request runs, the failure to show).
 */
import { type ComponentProps, type ReactNode, useCallback, useEffect, useState } from 'react';
import { EuiSpacer, EuiText, EuiTitle } from '@elastic/eui';
import { ApiErrorCallout } from '../../../components/error_callout';
import { toApiFailure, type ApiFailure } from '../../../services/api_client';

/**
 * Runs `load` (memoized by the caller) whenever it changes, and keeps one failure for loading
 * and saving (a section shows the load failure in place of its form, the save failure under
 * it); `run` clears it, sets busy while the request runs, and keeps what it throws.
 */
export function useSettingsSection(load: () => Promise<void>) {
  const [error, setError] = useState<ApiFailure | null>(null);
  const [busy, setBusy] = useState(false);
  const fail = useCallback((e: unknown) => setError(toApiFailure(e)), []);
  useEffect(() => {
    load().catch(fail);
  }, [load, fail]);
  const run = async (request: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await request();
    } catch (e) {
      fail(e);
    } finally {
      setBusy(false);
    }
  };
  return { error, busy, run };
}

export function SectionTitle({ children }: { children: string }) {
  return (
    <EuiTitle size="xs">
      <h3>{children}</h3>
    </EuiTitle>
  );
}

export function SettingsSection({
  title,
  help,
  saveError,
  saveFailedTitle,
  saveErrorProps,
  below,
  children,
  'data-test-subj': testSubj,
}: {
  title: string;
  help: string;
  saveError: ApiFailure | null;
  saveFailedTitle: string;
  saveErrorProps?: Pick<ComponentProps<typeof ApiErrorCallout>, 'refused' | 'data-test-subj'>;
  /** Shown under the save failure, e.g. a way to try the saved settings out. */
  below?: ReactNode;
  children: ReactNode;
  'data-test-subj': string;
}) {
  return (
    <div data-test-subj={testSubj}>
      <SectionTitle>{title}</SectionTitle>
      <EuiText size="s" color="subdued">
        <p>{help}</p>
      </EuiText>
      <EuiSpacer size="s" />
      {children}
      {saveError ? (
        <>
          <EuiSpacer size="s" />
          <ApiErrorCallout title={saveFailedTitle} error={saveError} {...saveErrorProps} />
        </>
      ) : null}
      {below}
    </div>
  );
}
