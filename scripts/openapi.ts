import { writeFileSync } from 'node:fs';
import { buildOpenApiDocument, PRODUCT_NAME, routeList } from '@solutionz/shared';

const out = process.argv[2] ?? 'openapi.json';
writeFileSync(out, JSON.stringify(buildOpenApiDocument(routeList, { title: `${PRODUCT_NAME} API`, version: '1' }), null, 2));
console.log(`OpenAPI document for ${routeList.length} routes written to ${out}`);
