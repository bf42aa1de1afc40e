/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/* The tabs of a lookup's page, in the order they show; each is part of the URL. */
import { i18n } from '@osd/i18n';

export const LOOKUP_TABS = ['rows', 'fields', 'versions', 'jobs', 'settings'] as const;
export type LookupTab = (typeof LOOKUP_TABS)[number];

export const isLookupTab = (tab: string | undefined): tab is LookupTab =>
  (LOOKUP_TABS as readonly string[]).includes(tab ?? '');

export function tabLabel(tab: LookupTab): string {
  switch (tab) {
    case 'rows':
      return i18n.translate('lookups.lookup.tabs.rows', { defaultMessage: 'Rows' });
    case 'fields':
      return i18n.translate('lookups.lookup.tabs.fields', { defaultMessage: 'Fields' });
    case 'versions':
      return i18n.translate('lookups.lookup.tabs.versions', { defaultMessage: 'Versions' });
    case 'jobs':
      return i18n.translate('lookups.lookup.tabs.jobs', { defaultMessage: 'Jobs' });
    case 'settings':
      return i18n.translate('lookups.lookup.tabs.settings', { defaultMessage: 'Settings' });
  }
}
