// A route group with its schemas, for calls that parse their answers (signed in, or changing something) from
// pages that read without them: loaded on first use with import() (web/src/lib/api-client.ts publicRead; docs/web.md#calling-the-api).
export { directoryRoutes } from '@solutionz/shared';
