/**
 * `npx tsx bench/xlsx-import-timing.ts <file.xlsx>`: the import preview's per-row work timed in
 * process, without HTTP or database: the sheet read by the import's streaming reader
 * (platform/xlsx-read.ts) and each row checked by the import's rules (parseFineImportRow), timed
 * apart, with the process's CPU time (the machine is shared: wall time grows with its load). Run with `node --cpu-prof --import tsx …` for the profile. Any fines sheet will do, e.g. a
 * multas_geral.xlsx of 100,000 rows exported by `npm run bench:fines`'s generated population.
 */
import fs from 'node:fs';
import { fineImportHeader, parseFineImportRow } from '@intranet/contracts';
import { readXlsxRows } from '../apps/server/src/platform/xlsx-read.ts';

const file = process.argv[2];
if (!file) throw new Error('uso: npx tsx bench/xlsx-import-timing.ts <planilha.xlsx>');

const started = performance.now();
const cpuStart = process.cpuUsage();
let peakRss = process.memoryUsage.rss();
const sampler = setInterval(() => {
  peakRss = Math.max(peakRss, process.memoryUsage.rss());
}, 20);
let header: ReturnType<typeof fineImportHeader> | undefined;
let rows = 0;
let good = 0;
let readMs = 0;
let checkMs = 0;
let mark = performance.now();
for await (const row of readXlsxRows(fs.createReadStream(file))) {
  const read = performance.now();
  readMs += read - mark;
  if (!header) header = fineImportHeader(row.cells);
  else {
    rows++;
    if (parseFineImportRow(header.columns, row.cells).ok) good++;
  }
  mark = performance.now();
  checkMs += mark - read;
}
/** User + system CPU time of this process: what the run cost, apart from waiting for a busy machine. */
const cpuMs = () => {
  const used = process.cpuUsage(cpuStart);
  return (used.user + used.system) / 1000;
};
clearInterval(sampler);
const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
console.log(
  `${rows} rows (${good} good): total ${s(performance.now() - started)}, reading ${s(readMs)}, ` +
    `checking ${s(checkMs)}, CPU ${s(cpuMs())}, RSS ${Math.round(process.memoryUsage.rss() / 2 ** 20)} MiB (peak ${Math.round(peakRss / 2 ** 20)}); load average ` +
    (await import('node:os'))
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' '),
);
