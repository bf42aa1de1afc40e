export * from './paths';
export * from './codecs';
export * from './decode';
