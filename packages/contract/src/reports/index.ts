export * from './define-report.js';
export * from './definitions/lapsed-surrender.js';
export * from './report-criteria.js';
export * from './report-defaults.js';
export * from './report-exports.js';
export * from './report-registry.js';
export * from './report-types.js';
