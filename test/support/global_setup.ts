/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * Before the integration and browser tests: the plugin zip and the host built if their sources
 * changed, and the zip installed into the host's home (scripts/build/stage.ts). Every test then
 * runs what a user installs, never the sources.
 */
import { stage } from '../../scripts/build/stage';

export default async function globalSetup(): Promise<void> {
  await stage({ log: (line) => process.stdout.write(`${line}\n`) });
}
