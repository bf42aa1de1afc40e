/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * What the server's own identity may not do (`GET /api/lookups/_status`), as a warning callout
 * naming each permission and what its lack breaks. Nothing shows when there is no problem, or
 * when the status cannot be read (the pages' own requests then say what is wrong).
 */
import { useEffect, useState } from 'react';
import { EuiCallOut, EuiSpacer } from '@elastic/eui';
import { i18n } from '@osd/i18n';
import type { StatusResponse } from '../../common/api/codecs';
import { useApi } from '../services/services_context';

type Problems = StatusResponse['server_identity']['problems'];

export function ServerStatusCallout() {
  const api = useApi();
  const [status, setStatus] = useState<StatusResponse['server_identity'] | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    api.status(controller.signal).then(
      (answer) => setStatus(answer.server_identity),
      () => undefined
    );
    return () => controller.abort();
  }, [api]);
  const problems: Problems = status?.problems ?? [];
  if (problems.length === 0) return null;
  return (
    <>
      <EuiCallOut
        color="warning"
        iconType="alert"
        title={
          status?.username
            ? i18n.translate('lookups.status.titleUser', {
                defaultMessage:
                  'The server’s identity ({username}) lacks permissions the plugin needs',
                values: { username: status.username },
              })
            : i18n.translate('lookups.status.title', {
                defaultMessage: 'The server’s identity lacks permissions the plugin needs',
              })
        }
        data-test-subj="lookupsServerStatus"
      >
        <ul>
          {problems.map((problem) => (
            <li key={problem.permission} data-test-subj="lookupsServerStatusProblem">
              <code>{problem.permission}</code>
              {i18n.translate('lookups.status.separator', { defaultMessage: ': ' })}
              {problem.message}
            </li>
          ))}
        </ul>
      </EuiCallOut>
      <EuiSpacer size="m" />
    </>
  );
}
