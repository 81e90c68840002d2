import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32, deflateRawSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { OUTCODE_TABLE_FILE, SECTOR_TABLE_FILE } from '@solutionz/lambdas/geo/postcode-tables';
import { buildPostcodeTables } from './nspl';

const scratch = mkdtempSync(join(tmpdir(), 'solutionz-nspl-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/**
 * A few NSPL rows, columns in another order than the real file and with some it has besides, so the
 * header is what finds them. Terminated, Northern Irish and coordinate-less postcodes must be left out.
 */
const NSPL_CSV = [
  'pcd,pcd2,dointr,doterm,usertype,lat,long,pcds,ctry',
  'LS1 4AP,LS1  4AP,199801,,0,53.796100,-1.554100,LS1 4AP,E92000001',
  'LS1 4DL,LS1  4DL,199801,,0,53.796300,-1.553900,LS1 4DL,E92000001',
  'LS1 4XX,LS1  4XX,199801,,1,53.797300,-1.556000,LS1 4XX,E92000001',
  'LS1 5AB,LS1  5AB,199801,,0,53.798000,-1.547500,LS1 5AB,E92000001',
  'LS1 5ZZ,LS1  5ZZ,199801,200112,0,50.000000,-5.000000,LS1 5ZZ,E92000001',
  'BT1 1AA,BT1  1AA,199801,,0,54.600000,-5.930000,BT1 1AA,N92000002',
  'GY1 1AA,GY1  1AA,199801,,0,99.999999,0.000000,GY1 1AA,L93000001',
  'M1 1AD,M1   1AD,199801,,0,,,M1 1AD,E92000001',
  'SW1A1AA,SW1A 1AA,199801,,1,51.501009,-0.141588,SW1A 1AA,E92000001',
].join('\r\n');

/** A zip as the ONS publishes it: documents beside the data, and the whole UK as the largest CSV. */
function zipOf(files: Record<string, string>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, content] of Object.entries(files)) {
    const data = Buffer.from(content);
    const packed = deflateRawSync(data);
    const fileName = Buffer.from(name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc32(data), 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(fileName.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc32(data), 16);
    central.writeUInt32LE(packed.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(fileName.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, fileName, packed);
    centrals.push(central, fileName);
    offset += local.length + fileName.length + packed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(files).length, 8);
  end.writeUInt16LE(Object.keys(files).length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const readTable = (dir: string, file: string) => JSON.parse(readFileSync(join(dir, file), 'utf8')) as unknown;

const EXPECTED_OUTCODES = { LS1: [53.7968, -1.554], SW1A: [51.501, -0.1416] };
const EXPECTED_SECTORS = { 'LS1 4': [53.7963, -1.5541], 'LS1 5': [53.798, -1.5475], 'SW1A 1': [51.501, -0.1416] };

describe('npm run data:postcodes', () => {
  it('writes the median position of the live postcodes of each outward code and sector, leaving out Northern Ireland and postcodes without coordinates', async () => {
    const csv = join(scratch, 'NSPL.csv');
    writeFileSync(csv, NSPL_CSV);
    const out = join(scratch, 'from-csv');
    expect(await buildPostcodeTables(csv, out)).toEqual({ postcodes: 5, outcodes: 2, sectors: 3 });
    expect(readTable(out, OUTCODE_TABLE_FILE)).toEqual(EXPECTED_OUTCODES);
    expect(readTable(out, SECTOR_TABLE_FILE)).toEqual(EXPECTED_SECTORS);
  });

  it('reads the CSV straight from the zip the ONS publishes', async () => {
    const zip = join(scratch, 'NSPL_MAY_2025.zip');
    writeFileSync(
      zip,
      zipOf({
        'Documents/README.txt': 'NSPL user guide',
        'Data/multi_csv/NSPL_MAY_2025_UK_LS.csv': NSPL_CSV.split('\r\n').slice(0, 3).join('\r\n'),
        'Data/NSPL_MAY_2025_UK.csv': NSPL_CSV,
      }),
    );
    const out = join(scratch, 'from-zip');
    await buildPostcodeTables(zip, out);
    expect(readTable(out, OUTCODE_TABLE_FILE)).toEqual(EXPECTED_OUTCODES);
    expect(readTable(out, SECTOR_TABLE_FILE)).toEqual(EXPECTED_SECTORS);
  });

  it('refuses a CSV that is not the NSPL, naming the columns it lacks', async () => {
    const csv = join(scratch, 'other.csv');
    writeFileSync(csv, 'postcode,latitude,longitude\nLS1 4AP,53.7961,-1.5541\n');
    await expect(buildPostcodeTables(csv, join(scratch, 'never'))).rejects.toThrow('its header has no pcds, lat, long, doterm column');
  });
});
