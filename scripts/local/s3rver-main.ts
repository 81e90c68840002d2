import { createRequire } from 'node:module';
import { writeObjectsWhole, type FilesystemStorePrototype } from './s3rver-writes';

// s3rver's command line (its arguments as given to this file), with its writes answered only once they are on disk.
const require = createRequire(import.meta.url);
const FilesystemStore = require('s3rver/lib/stores/filesystem') as { prototype: FilesystemStorePrototype };
writeObjectsWhole(FilesystemStore.prototype);
require('s3rver/bin/s3rver.js');
