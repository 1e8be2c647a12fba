// The whole schema, one table (or a tight group) per file. drizzle.config.ts points
// here, and openDatabase passes this module to drizzle so `db.query.*` knows every
// table and relation. A new table file must be re-exported here.
export * from './reference-lists';
export * from './regions';
export * from './provinces';
export * from './municipalities';
export * from './users';
export * from './user-addresses';
export * from './user-consents';
export * from './user-tokens';
export * from './agencies';
export * from './properties';
export * from './new-developments';
export * from './districts';
export * from './property-price-changes';
export * from './property-rooms';
export * from './property-amenities';
export * from './media';
export * from './documents';
export * from './contact-messages';
export * from './job-applications';
export * from './orders';
export * from './favorites';
export * from './saved-searches';
export * from './appointments';
export * from './messages';
export * from './mail-outbox';
export * from './seed-runs';
export * from './shared-state';
export * from './search-cells';
export * from './valuations';
export * from './property-views';
export * from './pending-files';
export * from './reviews';
