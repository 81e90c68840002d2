/**
 * Everything infra needs of the functions, and the one module of lambdas it imports: what each area needs (table,
 * buckets, secrets, permissions), the table's shape, the metric names the alarms and dashboards read, the page
 * paths CloudFront sends the page function, the headers the edge adds, the stream filters of the mail worker and
 * the files bundled with the functions. The pieces live where the functions use them; this file names the ones
 * deployment depends on, so changing one of those is a change to this contract.
 */
export { areaEntryFile } from './area-entries';
export { AREA_NEEDS, areaNeeds, MEDIA_BUCKET_VARIABLES, SECRET_PARAMETER_VARIABLES, type AreaNeeds, type TableAccess } from './area-needs';
export { BUSINESS_METRICS } from './business-metrics';
export { BUNDLED_RENDERER_DIR } from './adapters/app-renderer';
export { SITE_ENTRY_KEY } from './adapters/site-entry';
export { PAGE_READ_PARTITIONS } from './data/page-reads';
export { MAIL_WORKER_STREAM_FILTERS } from './data/stream-filters';
export { TABLE } from './data/table-definition';
export { missingPostcodeTables, POSTCODE_TABLE_FILES, postcodeTablesMissingMessage } from './geo/postcode-tables';
export { TOWN_TABLE_FILE, writeTownTable } from './geo/towns';
export { VIEWER_IP_HEADER } from './http/client-ip';
export { ORIGIN_VERIFY_HEADER } from './http/origin-guard';
export { METRICS_NAMESPACE, SERVER_ERRORS_METRIC } from './http/telemetry';
export { VIEWER_HOST_HEADER } from './http/viewer-host';
export { APP_PAGE_INVALIDATION_PATHS, APP_PAGE_PATTERNS, matchesPathPattern } from './services/pages/page-paths';
