/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

import React from 'react';
import { i18n, TranslateArguments } from './index';

/** `<FormattedMessage id defaultMessage values />`, as `@osd/i18n/react` exports it. */
export function FormattedMessage(props: { id: string } & TranslateArguments): React.ReactElement {
  return <>{i18n.translate(props.id, props)}</>;
}

export function I18nProvider({ children }: { children: React.ReactNode }): React.ReactElement {
  return <>{children}</>;
}
