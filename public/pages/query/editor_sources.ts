/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * What the PPL editor offers outside the Query page (the schedule form): lookup names from the
 * catalog, the sources the caller may query, and the fields of the lookups and sources the text
 * reads, each asked of the server once.
 */
import { useMemo } from 'react';
import { useCatalog } from '../../store/api';
import { indicesIn, type CompletionSources } from './completion';
import { useClusterSources, useLookupFields } from './query_hooks';

export function useEditorSources(text: string): CompletionSources {
  const catalog = useCatalog({ refetchOnMount: false });
  const lookups = useMemo(() => catalog.lookups.map((l) => l.name), [catalog.lookups]);
  const lookupSet = useMemo(() => new Set(lookups), [lookups]);
  const reading = useMemo(() => indicesIn(text), [text]);
  const lookupFields = useLookupFields(reading, lookupSet);
  const cluster = useClusterSources(reading, lookupSet);
  return useMemo(
    () => ({
      indices: cluster.indices,
      lookups,
      fields: [...new Set([...lookupFields, ...cluster.fields])].sort(),
    }),
    [cluster, lookups, lookupFields]
  );
}
