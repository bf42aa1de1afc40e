/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/* A lookup's kind as a badge: managed, legacy (the importer's), broken, or in conflict. */
import { EuiBadge } from '@elastic/eui';
import { i18n } from '@osd/i18n';
import type { LookupKind } from '../../common/api/codecs';

const COLORS: Record<LookupKind, string> = {
  managed: 'success',
  legacy: 'warning',
  broken: 'danger',
  conflict: 'danger',
};

export function kindLabel(kind: LookupKind): string {
  switch (kind) {
    case 'managed':
      return i18n.translate('lookups.kind.managed', { defaultMessage: 'Managed' });
    case 'legacy':
      return i18n.translate('lookups.kind.legacy', { defaultMessage: 'Legacy' });
    case 'broken':
      return i18n.translate('lookups.kind.broken', { defaultMessage: 'Broken' });
    case 'conflict':
      return i18n.translate('lookups.kind.conflict', { defaultMessage: 'Conflict' });
  }
}

export function KindBadge({ kind }: { kind: LookupKind }) {
  return (
    <EuiBadge color={COLORS[kind]} data-test-subj={`lookupsKindBadge-${kind}`}>
      {kindLabel(kind)}
    </EuiBadge>
  );
}
