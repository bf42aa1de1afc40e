/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/* A library's stylesheet imported as its text (the build's `asset/source`), to add as a style. */
declare module '@elastic/charts/dist/*.css' {
  const text: string;
  export default text;
}
