/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * The upload limit the server exposes (`lookups.max_import_bytes`), checked when a file is
 * picked, so an oversized file is refused at once instead of after its upload.
 */
import { i18n } from '@osd/i18n';
import { formatBytes } from '../components/format';

/** Why `file` cannot be imported, or undefined when it can. */
export function fileTooLarge(file: File | null, maxImportBytes: number): string | undefined {
  if (!file || file.size <= maxImportBytes) return undefined;
  return i18n.translate('lookups.import.tooLarge', {
    defaultMessage:
      '{file} is {size}; files up to {max} can be imported (lookups.max_import_bytes). Split it, or ask an administrator to raise the limit.',
    values: { file: file.name, size: formatBytes(file.size), max: formatBytes(maxImportBytes) },
  });
}
