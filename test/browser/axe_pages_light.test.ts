/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/* Axe on every page the walk-through touched, at 1024 and 1440 px, in the light theme. */
import { axeOnEveryPage } from '../support/app_pages';

axeOnEveryPage('light');
