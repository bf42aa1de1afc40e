export const PLUGIN_ID = 'lookups';
export const PLUGIN_NAME = 'Lookups';

export * from './api';
