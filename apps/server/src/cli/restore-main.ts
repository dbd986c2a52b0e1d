import { restoreCommand } from './restore.ts';

const { code, out, err } = await restoreCommand(process.argv.slice(2));
if (out) console.log(out);
if (err) console.error(err);
process.exitCode = code;
